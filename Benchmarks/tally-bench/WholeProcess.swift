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

  /// Runs `executable` with `arguments`, its output discarded, as a shell starts a command:
  /// `posix_spawn` and `waitpid`. Foundation's `Process` added about 1.5 ms to every run (it
  /// closes every descriptor, makes pipes and waits through a Dispatch source: `--version` took
  /// 2.6 ms through it and 1.0 ms from `hyperfine -N`), a sixth of the start-up being measured.
  ///
  /// - throws: when it cannot start or exits with a non-zero status.
  static func run(_ executable: String, _ arguments: [String]) throws {
    var actions = posix_spawn_file_actions_t()
    posix_spawn_file_actions_init(&actions)
    defer { posix_spawn_file_actions_destroy(&actions) }
    posix_spawn_file_actions_addopen(&actions, 1, "/dev/null", O_WRONLY, 0)
    posix_spawn_file_actions_addopen(&actions, 2, "/dev/null", O_WRONLY, 0)
    let argv = ([executable] + arguments).map { strdup($0) } + [nil]
    defer { for pointer in argv { free(pointer) } }
    var pid = pid_t()
    let spawned = posix_spawn(&pid, executable, &actions, nil, argv, environ)
    guard spawned == 0 else {
      throw TallyError.refused(
        "\(executable) could not be started: \(String(cString: strerror(spawned)))")
    }
    var status: Int32 = 0
    while waitpid(pid, &status, 0) == -1 {
      guard errno == EINTR else {
        throw TallyError.refused("waiting for \(executable): \(String(cString: strerror(errno)))")
      }
    }
    // Exited normally (no signal) with status 0.
    guard status & 0x7f == 0, (status >> 8) & 0xff == 0 else {
      throw TallyError.refused(
        "\(executable) \(arguments.joined(separator: " ")) ended with wait status \(status)")
    }
  }
}
