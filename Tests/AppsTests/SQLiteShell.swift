import Foundation

/// The sqlite3 shell: the independent tool tests read a database with, so that a stored figure
/// is checked without the code under test.
enum SQLiteShell {
  /// The shell's path, or `nil` when it is not installed (tests that need it are skipped).
  static let path = ["/usr/bin/sqlite3", "/usr/local/bin/sqlite3"].first {
    FileManager.default.isExecutableFile(atPath: $0)
  }

  /// The rows `sql` returns from `database` opened read-only, one line each (`-csv` when `csv`,
  /// else sqlite3's `a|b` lines).
  static func rows(_ sql: String, in database: String, csv: Bool = false) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: path!)
    process.arguments = (csv ? ["-csv"] : []) + ["-readonly", database, sql]
    let out = Pipe()
    process.standardOutput = out
    try process.run()
    let data = out.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(whereSeparator: \.isNewline).map(
      String.init)
  }
}
