import AnalyticsCore
import CLIKit
import Foundation
import Testing

@Suite("Writing --output files")
struct OutputFileTests {
  private func folder() throws -> String {
    let path = NSTemporaryDirectory() + "tally-output-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
    return path
  }

  @Test("a regular file is replaced whole; no temporary file is left") func regular() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    let path = dir + "/out.json"
    try OutputFile.write("first", to: path)
    try OutputFile.write("second", to: path)
    #expect(try String(contentsOfFile: path, encoding: .utf8) == "second")
    #expect(try FileManager.default.contentsOfDirectory(atPath: dir) == ["out.json"])
  }

  /// Issue 30: exports and reports hold personal data; they were created 0644.
  /// Under the usual umask (022) a file created without its own mode is 0644. The umask is the
  /// process's: changing it here would race every test running beside it.
  @Test("a file written is the owner's alone") func ownerOnly() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try OutputFile.write("export", to: dir + "/export.json")
    var status = stat()
    #expect(stat(dir + "/export.json", &status) == 0)
    #expect(status.st_mode & 0o777 == 0o600)
  }

  @Test("a symbolic link stays a link and its target is written") func symlink() throws {
    let dir = try folder()
    defer { try? FileManager.default.removeItem(atPath: dir) }
    try "old".write(toFile: dir + "/target.json", atomically: false, encoding: .utf8)
    try FileManager.default.createSymbolicLink(
      atPath: dir + "/link.json", withDestinationPath: "target.json")
    try OutputFile.write("new", to: dir + "/link.json")
    #expect(
      try FileManager.default.destinationOfSymbolicLink(atPath: dir + "/link.json")
        == "target.json")
    #expect(try String(contentsOfFile: dir + "/target.json", encoding: .utf8) == "new")
  }

  @Test("a full device is an I/O error and stays a device") func full() throws {
    #expect {
      try OutputFile.write("x", to: "/dev/full")
    } throws: { error in
      (error as? TallyError)?.category == .io && "\(error)".contains("/dev/full")
    }
    let type = try FileManager.default.attributesOfItem(atPath: "/dev/full")[.type]
    #expect(type as? FileAttributeType == .typeCharacterSpecial)
  }

  @Test("/dev/null is written directly") func null() throws {
    try OutputFile.write("discarded", to: "/dev/null")
    let type = try FileManager.default.attributesOfItem(atPath: "/dev/null")[.type]
    #expect(type as? FileAttributeType == .typeCharacterSpecial)
  }

  @Test("a missing folder and a folder are refused") func refused() throws {
    #expect(throws: TallyError.self) { try OutputFile.write("x", to: "/nonexistent-dir/x.json") }
    #expect(throws: TallyError.self) { try OutputFile.write("x", to: NSTemporaryDirectory()) }
  }
}

@Suite("Reading input with limits")
struct InputLimitTests {
  @Test("a device is read up to the limit and refused past it") func device() {
    #expect {
      try readFile("/dev/zero", limit: 100_000)
    } throws: { error in
      (error as? TallyError)?.category == .badData && "\(error)".contains("/dev/zero")
    }
  }

  @Test("a regular file over the limit is refused before reading") func regular() throws {
    let path = NSTemporaryDirectory() + "tally-input-\(UUID().uuidString)"
    try Data(repeating: 0x41, count: 2048).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(try readFile(path, limit: 2048).count == 2048)
    #expect(throws: TallyError.self) { try readFile(path, limit: 2047) }
    #expect(throws: TallyError.self) { try readFile(NSTemporaryDirectory()) }
  }
}
