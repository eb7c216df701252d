import CLIKit
import Foundation
import StoreAnalytics
import StoreSQLite
import Testing

@testable import TallyServer
@testable import tally_server

/// The admin commands and the refusals of `serve`, run in-process.
@Suite struct ServerCLITests {
  static func temporaryFolder() throws -> URL {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-server-tests-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    return folder
  }

  /// Runs the command on a thread of its own, as a process's main thread would: its
  /// synchronous wait for async work must not hold one of the few threads that work needs.
  func capture(_ root: TallyServerCommand.Type, arguments: [String]) async throws
    -> CommandRunner.Captured
  {
    await withCheckedContinuation { continuation in
      Thread.detachNewThread {
        continuation.resume(returning: CommandRunner.capture(root, arguments: arguments))
      }
    }
  }

  @Test func serveRefusesAMissingOrShortSecretWithOneLine() async throws {
    let folder = try Self.temporaryFolder()
    let short = folder.appendingPathComponent("short")
    // 31 bytes and a newline: the newline is dropped, 31 < 32.
    try Data((String(repeating: "s", count: 31) + "\n").utf8).write(to: short)
    for (file, status) in [
      (short.path, Int32(64)), (folder.appendingPathComponent("none").path, 66),
    ] {
      let result = try await capture(
        TallyServerCommand.self,
        arguments: [
          "serve", "--secret-file", file, "--server-db", ":memory:", "--rvu-db", ":memory:",
          "--store-db", ":memory:",
        ])
      #expect(result.status == status, "\(result.error)")
      #expect(result.error.split(separator: "\n").count == 1, "\(result.error)")
      #expect(result.error.hasPrefix("tally-server: "))
      #expect(result.output.isEmpty)
      if status == 64 {
        // The file is named, with what it holds and what is expected.
        #expect(result.error.contains(short.path) && result.error.contains("it holds 31"))
      }
    }
    let missing = try await capture(TallyServerCommand.self, arguments: ["serve"])
    #expect(missing.status == 64)
    // A port out of range is refused before anything starts (it used to serve on another one).
    for port in ["99999", "-1"] {
      let refused = try await capture(
        TallyServerCommand.self,
        arguments: ["serve", "--port", port, "--secret-file", short.path])
      #expect(refused.status == 64, "\(port)")
      #expect(refused.error.contains("--port") && refused.error.contains("0 to 65535"))
    }
  }

  @Test func tokenGrantRevokeAndPOSKey() async throws {
    let folder = try Self.temporaryFolder()
    let secret = folder.appendingPathComponent("secret")
    try Data(String(repeating: "k", count: 40).utf8).write(to: secret)
    let serverDB = folder.appendingPathComponent("server.sqlite").path
    let storeDB = folder.appendingPathComponent("store.sqlite").path

    let token = try await capture(
      TallyServerCommand.self,
      arguments: ["token", "--user", "u1", "--days", "2", "--secret-file", secret.path])
    #expect(token.status == 0, "\(token.error)")
    let sessions = try await SessionTokens(secret: [UInt8](String(repeating: "k", count: 40).utf8))
    #expect(try await sessions.userId(of: token.output.trimmingCharacters(in: .newlines)) == "u1")

    // A grant or a key for a store that does not exist is refused, naming it.
    for arguments in [
      ["grant", "--user", "u1", "--store", "1", "--role", "owner"],
      ["pos-key", "create", "--store", "1"],
    ] {
      let unknown = try await capture(
        TallyServerCommand.self,
        arguments: arguments + ["--server-db", serverDB, "--store-db", storeDB])
      #expect(unknown.status == 66, "\(arguments): \(unknown.error)")
      #expect(unknown.error.contains("\"1\"") && unknown.error.split(separator: "\n").count == 1)
    }
    #expect(try ServerDatabase.open(.file(serverDB)).grantedStores(userId: "u1").isEmpty)
    _ = try StoreBackends.sqlite.open(.sqlite(.file(storeDB)), environment: [:]).addStore(
      id: "1", name: "One", zone: .utc)

    let grant = try await capture(
      TallyServerCommand.self,
      arguments: [
        "grant", "--user", "u1", "--store", "1", "--role", "owner", "--server-db", serverDB,
        "--store-db", storeDB,
      ])
    #expect(grant.status == 0, "\(grant.error)")
    #expect(try ServerDatabase.open(.file(serverDB)).grantedStores(userId: "u1") == ["1"])
    let revoke = try await capture(
      TallyServerCommand.self,
      arguments: ["revoke", "--user", "u1", "--store", "1", "--server-db", serverDB])
    #expect(revoke.status == 0)
    #expect(try ServerDatabase.open(.file(serverDB)).grantedStores(userId: "u1").isEmpty)
    let again = try await capture(
      TallyServerCommand.self,
      arguments: ["revoke", "--user", "u1", "--store", "1", "--server-db", serverDB])
    #expect(again.status != 0)

    // A key for a known store is printed once and works.
    let created = try await capture(
      TallyServerCommand.self,
      arguments: [
        "pos-key", "create", "--store", "1", "--server-db", serverDB, "--store-db", storeDB,
      ])
    #expect(created.status == 0, "\(created.error)")
    let key = created.output.trimmingCharacters(in: .newlines)
    #expect(try ServerDatabase.open(.file(serverDB)).store(ofPOSKey: key) == "1")
    #expect(
      created.error == "tally-server: POS key 1 for store 1: shown once, revoke it by its id\n")

    // Listed by id with the key's last characters, never the key; revoked, it no longer works.
    let list = try await capture(
      TallyServerCommand.self,
      arguments: ["pos-key", "list", "--format", "csv", "--server-db", serverDB])
    let row = list.output.split(separator: "\r\n").map(String.init)
    #expect(row.first == "id,store_id,key,created_at")
    #expect(row.count == 2 && row[1].hasPrefix("1,1,tpos_…" + key.suffix(4) + ","))
    #expect(!list.output.contains(key))
    let revoked = try await capture(
      TallyServerCommand.self, arguments: ["pos-key", "revoke", "1", "--server-db", serverDB])
    #expect(revoked.status == 0 && revoked.output == "Revoked POS key 1.\n")
    #expect(try ServerDatabase.open(.file(serverDB)).store(ofPOSKey: key) == nil)
    let unknownKey = try await capture(
      TallyServerCommand.self, arguments: ["pos-key", "revoke", "1", "--server-db", serverDB])
    #expect(unknownKey.status == 66)
    #expect(
      unknownKey.error
        == "tally-server: there is no POS key \"1\": expected a key (there are none)\n")
  }
}
