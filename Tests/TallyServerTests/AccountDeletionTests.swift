import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import RVUDomain
import Testing

@testable import TallyServer

/// `DELETE /api/user` (issue 31; the App Store requires in-app account deletion): every row of
/// the user's goes, in one transaction, another user's stays, and the session ends.
@Suite struct AccountDeletionTests {
  @Test func deletingAnAccountLeavesNoRowOfTheUser() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-delete-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("rvu.sqlite").path
    let clock = TallyClock(
      now: { Instant(Date()) }, today: { _ in try! LocalDate(parsing: "2026-02-10") })
    let server = try await TestServer(rvu: try RVUStore.open(.file(path), clock: clock))
    let leaving = try await server.token("leaving")
    let staying = try await server.token("staying")
    try server.api.server.grant(userId: "leaving", storeId: "1", role: .owner)
    try await server.test { client in
      for token in [leaving, staying] {
        _ = try await client.json(.post, "/api/visits", token: token, body: VisitRoutesTests.visit)
        _ = try await client.json(
          .post, "/api/favorites", token: token, body: #"{"hcpcs": "99213"}"#)
      }
      var changes = RVUSettingsChanges()
      changes.dollarsPerRVU = FixedDecimal(hundredths: 5000)
      _ = try server.api.rvu.updateSettings(changes, userId: "leaving")

      let (status, body) = try await client.json(.delete, "/api/user", token: leaving)
      #expect(status == .ok, "\(body)")
      let answer = try JSON(body)
      #expect(answer["success"] == .bool(true))
      #expect(answer["message"] == .string("Account and all data deleted"))
      // One visit with one procedure line, one favorite, one settings row.
      #expect(answer["deleted"]?["visits"] == .number(1))
      #expect(answer["deleted"]?["procedures"] == .number(1))
      #expect(answer["deleted"]?["favorites"] == .number(1))
      #expect(answer["deleted"]?["settings"] == .number(1))

      // The session ends with the account; the other user's goes on.
      #expect(try await client.json(.get, "/api/visits", token: leaving).status == .unauthorized)
      let (_, theirs) = try await client.json(.get, "/api/visits", token: staying)
      #expect(try JSON(theirs).array.count == 1)
    }
    #expect(try server.api.server.grantedStores(userId: "leaving").isEmpty)

    // Counted by sqlite3, not by the code under test: no row names the user, the other's stay.
    for table in ["visit", "procedure", "favorite", "rvu_setting", "visit_day", "procedure_day"] {
      for (user, expected) in [("leaving", "0"), ("staying", table == "rvu_setting" ? "0" : "1")] {
        let count = try sqlite3(path, "SELECT count(*) FROM \(table) WHERE user_id = '\(user)'")
        #expect(count == expected, "\(table) rows of \(user)")
      }
    }
  }
}

/// The sqlite3 shell's answer to one query.
private func sqlite3(_ path: String, _ sql: String) throws -> String {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["sqlite3", path, sql]
  let pipe = Pipe()
  process.standardOutput = pipe
  try process.run()
  let data = pipe.fileHandleForReading.readDataToEndOfFile()
  process.waitUntilExit()
  return String(decoding: data, as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines)
}
