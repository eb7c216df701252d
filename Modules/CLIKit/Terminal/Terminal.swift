import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams.
public enum Terminal {
  /// Whether standard error is a terminal (progress is shown only then).
  public static var standardErrorIsTerminal: Bool { isatty(STDERR_FILENO) == 1 }

  /// Writes `text` to standard error as is.
  public static func writeError(_ text: String) {
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Writes `text` to standard output as is.
  public static func writeOutput(_ text: String) {
    FileHandle.standardOutput.write(Data(text.utf8))
  }
}
