import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import RVUDomain
import Storage
import Testing

@testable import TallyServer

/// Kept answers are never stale: whoever writes the RVU file (the server itself, or `rvu-cli` —
/// a second store on the same file here), the next request sees it.
@Suite struct AnswerCacheTests {
  @Test func favoritesAndAnalyticsFollowEveryWriter() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-answers-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("rvu.sqlite").path
    let clock = TallyClock(
      now: { Instant(Date()) }, today: { _ in try! LocalDate(parsing: "2026-02-10") })
    let server = try await TestServer(rvu: try RVUStore.open(.file(path), clock: clock))
    // What rvu-cli would be: another store (its own connections) on the same file.
    let cli = try RVUStore.open(.file(path), clock: clock)
    let token = try await server.token("u1")
    let analytics = "/api/analytics?start=2026-02-01&end=2026-02-09&period=monthly"

    try await server.test { client in
      #expect(try await client.json(.get, "/api/favorites", token: token).body == "[]")
      #expect(try await client.json(.get, analytics, token: token).body == "[]")

      // Written by the CLI: seen by the next request, both routes.
      _ = try cli.addFavorite("99213", userId: "u1")
      _ = try cli.addVisit(
        VisitInput(
          date: LocalDate(parsing: "2026-02-08"),
          procedures: [try ProcedureInput(hcpcs: "99213", quantity: 2)]), userId: "u1")
      let favorites = try JSON(try await client.json(.get, "/api/favorites", token: token).body)
      #expect(favorites.array.map { $0["hcpcs"] } == [.string("99213")])
      // 99213's work RVU is 1.30: two of them 2.60.
      let (_, month) = try await client.json(.get, analytics, token: token)
      #expect(try JSON(month)[0]?["total_work_rvu"] == .number(2.6))

      // Written through the server: seen too.
      let (created, _) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-09", "procedures": [{"hcpcs": "99214", "quantity": 1}]}"#)
      #expect(created == .created)
      // 2.60 + 99214's 1.92 = 4.52.
      let (_, after) = try await client.json(.get, analytics, token: token)
      #expect(try JSON(after)[0]?["total_work_rvu"] == .number(4.52))

      // Answers are per user: another user asking the same gets their own (nothing).
      let other = try await server.token("u2")
      #expect(try await client.json(.get, analytics, token: other).body == "[]")
      #expect(try await client.json(.get, "/api/favorites", token: other).body == "[]")
    }
  }

  @Test func theDataVersionMovesWithEveryCommitAndOnlyThen() throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-version-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("rvu.sqlite").path
    let store = try RVUStore.open(.file(path))
    let other = try RVUStore.open(.file(path))
    let first = try #require(try store.revision())
    #expect(try store.revision() == first)  // nothing written: the same
    _ = try store.addFavorite("99213", userId: "u1")
    let second = try #require(try store.revision())
    #expect(second != first)
    _ = try other.addFavorite("99214", userId: "u1")
    #expect(try store.revision() != second)
    #expect(try RVUStore.inMemory().revision() == nil)
  }
}
