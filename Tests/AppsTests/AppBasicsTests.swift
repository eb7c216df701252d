import Foundation
import Testing

@Suite("Every app: help, version, usage errors")
struct AppBasicsTests {
  static let apps = ["rvu-cli", "behavior-cli", "store-metrics", "ruck-cli"]

  @Test("--help explains the app and where its data lives", arguments: apps)
  func help(app: String) throws {
    let result = try AppRunner.run(app, ["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("OVERVIEW:"))
    #expect(result.output.contains("USAGE: \(app)"))
    #expect(result.output.contains("TALLY_"))
    #expect(result.output.contains("Example"))
    #expect(result.error.isEmpty)
  }

  @Test("--version prints the version", arguments: apps)
  func version(app: String) throws {
    let result = try AppRunner.run(app, ["--version"])
    #expect(result.status == 0)
    #expect(result.output == "0.1.0\n")
  }

  @Test("an unknown option is one line on stderr with status 64", arguments: apps)
  func unknownOption(app: String) throws {
    let result = try AppRunner.run(app, ["--frobnicate"])
    #expect(result.status == 64)
    #expect(result.error == "\(app): Unknown option '--frobnicate'\n")
    #expect(result.output.isEmpty)
  }
}

/// A one-character file name crashed every app (Foundation's path splitting traps on it on
/// Linux): as a database and as a report's output.
@Suite("One-character file names")
struct ShortFileNameTests {
  @Test("--db r and --output r work in the current folder")
  func shortNames() throws {
    let folder = NSTemporaryDirectory() + "tally-short-\(UUID().uuidString)"
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let list = try AppRunner.run(
      "rvu-cli", ["settings", "set", "--dollars-per-rvu", "50", "--db", "r"], directory: folder)
    #expect(list.status == 0, "\(list.error)")
    #expect(FileManager.default.fileExists(atPath: folder + "/r"))
    let report = try AppRunner.run(
      "rvu-cli", ["report", "--db", "r", "--output", "p"], directory: folder)
    #expect(report.status == 0, "\(report.error)")
    #expect(try String(contentsOfFile: folder + "/p", encoding: .utf8).hasPrefix("<!DOCTYPE"))
    // ruck-cli report writes only pages, so any name is its page, as for rvu-cli report.
    let ruck = try AppRunner.run(
      "ruck-cli", ["report", "--db", "k", "--output", "q", "--as-of", "2026-02-08"],
      directory: folder)
    #expect(ruck.status == 0, "\(ruck.error)")
    #expect(try String(contentsOfFile: folder + "/q", encoding: .utf8).hasPrefix("<!DOCTYPE"))
  }
}
