import AnalyticsCore
import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The process's standard streams, or — while a command runs in-process under
/// `CommandRunner.run(_:arguments:output:errorOutput:)` — the sinks that capture them, so CLI
/// tests can run commands without spawning a process.
public enum Terminal {
  /// Where output goes instead of the standard streams, when set for the current task.
  public struct Sinks: Sendable {
    /// Receives what would go to standard output.
    public var output: @Sendable (String) -> Void
    /// Receives what would go to standard error.
    public var error: @Sendable (String) -> Void

    /// Sinks for captured output.
    public init(
      output: @escaping @Sendable (String) -> Void, error: @escaping @Sendable (String) -> Void
    ) {
      self.output = output
      self.error = error
    }
  }

  /// The sinks of the command running in this task, if any.
  @TaskLocal public static var sinks: Sinks?

  /// Whether standard error is a terminal (progress is shown only then; never when captured).
  public static var standardErrorIsTerminal: Bool {
    sinks == nil && isatty(STDERR_FILENO) == 1
  }

  /// How wide tables may be: the terminal's width when standard output is one (`$COLUMNS` wins,
  /// as shells set it), else 100 columns, so piped tables stay readable and stable.
  public static var outputWidth: Int {
    if let columns = ProcessInfo.processInfo.environment["COLUMNS"].flatMap(Int.init),
      columns >= 20
    {
      return columns
    }
    guard sinks == nil, isatty(STDOUT_FILENO) == 1 else { return defaultWidth }
    var size = winsize()
    guard ioctl(STDOUT_FILENO, UInt(TIOCGWINSZ), &size) == 0, size.ws_col >= 20 else {
      return defaultWidth
    }
    return Int(size.ws_col)
  }

  /// The width of tables when standard output is not a terminal.
  public static let defaultWidth = 100

  /// Writes one line of `text` to standard error after the program's name, as an error is
  /// written: for warnings and notes that do not stop the command.
  public static func writeNotice(_ text: String) {
    writeError("\(CommandRunner.programName): \(text)\n")
  }

  /// Writes `text` to standard error; to a terminal, with control characters shown
  /// (`TerminalText.lines`).
  public static func writeError(_ text: String) {
    if let sinks {
      sinks.error(text)
      return
    }
    let shown = isatty(STDERR_FILENO) == 1 ? TerminalText.lines(text) : text
    FileHandle.standardError.write(Data(shown.utf8))
  }

  /// Notes said after the command succeeds (`noticeOnSuccess`), so that a failed command's one
  /// error line stays the only line; one box per running command (`CommandRunner` sets it), as
  /// commands may run side by side in one process (`CommandRunner.capture`).
  final class PendingNotices: Sendable {
    let notices = LockedValue<[String]>([])
  }

  /// The notes of the command running in this task.
  @TaskLocal static var pendingNotices: PendingNotices?

  /// Says `text` as `writeNotice` does, once the command has succeeded (at once outside a
  /// command).
  public static func noticeOnSuccess(_ text: String) {
    guard let pendingNotices else { return writeNotice(text) }
    pendingNotices.notices.withLock { $0.append(text) }
  }

  /// Writes the notes of a command that succeeded.
  static func flush(_ pending: PendingNotices) {
    for notice in pending.notices.withLock({ $0 }) { writeNotice(notice) }
  }

  /// Writes Tally's own terminal control (a progress line's `\r` and erase) to standard error
  /// as is; any stored text in it must be shown already (`TerminalText.cell`).
  public static func writeControlledError(_ text: String) {
    if let sinks {
      sinks.error(text)
      return
    }
    FileHandle.standardError.write(Data(text.utf8))
  }

  /// Writes `text` to standard output; to a terminal, with control characters shown
  /// (`TerminalText.lines`): stored text never drives the terminal. Piped, the bytes are the
  /// data's own (a CSV field may hold any character).
  public static func writeOutput(_ text: String) {
    if let sinks {
      sinks.output(text)
      return
    }
    let shown = outputIsTerminal ? TerminalText.lines(text) : text
    FileHandle.standardOutput.write(Data(shown.utf8))
  }

  /// Whether standard output is a terminal, asked once.
  private static let outputIsTerminal = isatty(STDOUT_FILENO) == 1
}

/// Stored text as a terminal may show it: control characters (C0, DEL, C1) written as `\u{1b}`,
/// so a note holding `ESC[31m` is read, never obeyed (it turned the terminal red in `log`,
/// `entries list` and `today`). Error lines quote values the same way (`TallyError.quote`).
public enum TerminalText {
  /// One value on one line (a table cell): every control character shown, line breaks and tabs
  /// included, as `\n`, `\t`, `\r`, since they would break the table's rows and columns.
  public static func cell(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TallyError.isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default: out += TallyError.shown(scalar)
      }
    }
    return out
  }

  /// Lines for a terminal: control characters shown, except the line feeds and tabs that lay
  /// the text out and the carriage return of a CRLF line end (CSV's).
  public static func lines(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: { TallyError.isControl($0) && $0 != "\n" && $0 != "\t" })
    else { return text }
    var out = ""
    var scalars = text.unicodeScalars.makeIterator()
    var next = scalars.next()
    while let scalar = next {
      next = scalars.next()
      if scalar == "\r", next == "\n" {
        out += "\r"
      } else if TallyError.isControl(scalar), scalar != "\n", scalar != "\t" {
        out += TallyError.shown(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
