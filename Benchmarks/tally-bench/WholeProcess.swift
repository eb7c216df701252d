import AnalyticsCore
import Foundation

/// Commands timed as whole processes, start-up included: what a user waits for.
enum WholeProcess {
  /// The release app `name` built beside this benchmark's binary, or `nil` (then its
  /// whole-process cases are skipped, saying so).
  static func sibling(_ name: String) -> String? {
    let path = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
      .appendingPathComponent(name).path
    guard FileManager.default.isExecutableFile(atPath: path) else {
      print(
        "\(name) cases: skipped, no \(name) beside tally-bench "
          + "(scripts/build-release)")
      return nil
    }
    return path
  }

  /// Runs `executable` with `arguments`, its output discarded.
  ///
  /// - throws: when it cannot start or exits with a non-zero status.
  static func run(_ executable: String, _ arguments: [String]) throws {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: executable)
    process.arguments = arguments
    process.standardOutput = FileHandle.nullDevice
    process.standardError = FileHandle.nullDevice
    // Not `waitUntilExit`: on Linux it looks at its run loop every 50 ms, so every process timed
    // through it took a multiple of about 50 ms (`sleep 0.01` measured 51–54 ms). The termination
    // handler is called as soon as the child is reaped.
    let exited = DispatchSemaphore(value: 0)
    process.terminationHandler = { _ in exited.signal() }
    try process.run()
    exited.wait()
    guard process.terminationStatus == 0 else {
      throw TallyError.refused(
        "\(executable) \(arguments.joined(separator: " ")) exited \(process.terminationStatus)")
    }
  }
}
