import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import RVUDomain
import Testing

@testable import TallyServer

@Suite struct VisitRoutesTests {
  static let visit = """
    {"date": "2026-02-08", "time": "14:30:00", "notes": "follow-up", "is_no_show": false,
     "procedures": [{"hcpcs": "99213", "description": "Office visit", "status_code": "A",
                     "work_rvu": 1.3, "quantity": 2}]}
    """

  /// `"work_rvu": null` is refused naming the field, as the RVU backend answers 400; leaving the
  /// key out still takes the catalog's.
  @Test func aNullWorkRVUIsRefused() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      let (status, error) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "work_rvu": null}]}"#)
      #expect(status == .badRequest)
      #expect(
        try JSON(error)["error"]?.string?.contains("procedures[0].work_rvu") == true, "\(error)")
      let (created, body) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213"}]}"#)
      #expect(created == .created)
      let procedure = try #require(try JSON(body)["procedures"]?[0])
      // 99213's work RVU in the test catalog; the procedure carries its ids.
      #expect(procedure["work_rvu"] == .number(1.3))
      #expect(procedure["id"]?.number != nil)
      #expect(procedure["visit_id"] == (try JSON(body)["id"]))
    }
  }

  @Test func createListUpdateDelete() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      let (created, body) = try await client.json(
        .post, "/api/visits", token: token, body: Self.visit)
      #expect(created == .created, "\(body)")
      let visit = try JSON(body)
      let id = try #require(visit["id"]?.number)
      #expect(visit["user_id"] == .string("u1"))
      #expect(visit["date"] == .string("2026-02-08"))
      #expect(visit["time"] == .string("14:30:00"))
      // 1.30 × 2 = 2.60.
      #expect(visit["total_work_rvu"] == .number(2.6))
      #expect(visit["procedures"]?[0]?["quantity"] == .number(2))

      let (_, list) = try await client.json(.get, "/api/visits", token: token)
      #expect(try JSON(list).array.count == 1)

      let changed = Self.visit.replacingOccurrences(of: "\"quantity\": 2", with: "\"quantity\": 1")
      let (updated, updatedBody) = try await client.json(
        .put, "/api/visits/\(Int(id))", token: token, body: changed)
      #expect(updated == .ok)
      #expect(try JSON(updatedBody)["total_work_rvu"] == .number(1.3))

      let (deleted, deletedBody) = try await client.json(
        .delete, "/api/visits/\(Int(id))", token: token)
      #expect(deleted == .ok)
      #expect(try JSON(deletedBody)["message"]?.string != nil)
      let (_, empty) = try await client.json(.get, "/api/visits", token: token)
      #expect(empty == "[]")
    }
  }

  /// Another user's visit, a missing one and a non-numeric id are all 404 — never 403 — and
  /// nothing changes.
  @Test func otherUsersVisitsDoNotExist() async throws {
    let server = try await TestServer()
    let owner = try await server.token("owner")
    let intruder = try await server.token("intruder")
    try await server.test { client in
      let (_, body) = try await client.json(.post, "/api/visits", token: owner, body: Self.visit)
      let id = Int(try #require(try JSON(body)["id"]?.number))
      for (method, path) in [
        (HTTPRequest.Method.put, "/api/visits/\(id)"), (.delete, "/api/visits/\(id)"),
        (.delete, "/api/visits/999999"),
      ] {
        let (status, error) = try await client.json(
          method, path, token: intruder, body: method == .put ? Self.visit : nil)
        #expect(status == .notFound, "\(method) \(path): \(error)")
        #expect(try JSON(error)["error"]?.string != nil)
      }
      // An id that is not a positive integer is no id at all: 400, as the RVU backend answers
      // (`src/app/api/visits/[id]/route.ts`, `visits-id-api.test.ts`).
      for path in ["/api/visits/abc", "/api/visits/0", "/api/visits/-1", "/api/visits/12abc"] {
        let (status, error) = try await client.json(.delete, path, token: intruder)
        #expect(status == .badRequest, "\(path): \(error)")
        #expect(try JSON(error)["error"] == .string("Invalid visit ID"))
      }
      let (_, theirs) = try await client.json(.get, "/api/visits", token: intruder)
      #expect(theirs == "[]")
    }
    // The owner's visit is untouched: 2.60 RVUs still.
    let visits = try server.api.rvu.visits(userId: "owner")
    #expect(visits.count == 1)
    #expect(visits[0].visit.totalWorkRVU == FixedDecimal(hundredths: 260))
  }

  /// Bad fields are a 400 naming the field; nothing is written.
  @Test(arguments: [
    (#"{"date": "2026-02-30", "procedures": [{"hcpcs": "99213"}]}"#, "date"),
    (#"{"date": "someday", "procedures": [{"hcpcs": "99213"}]}"#, "date"),
    (#"{"date": "2026-02-08", "procedures": [{"hcpcs": "99213", "quantity": -1}]}"#, "quantity"),
    (#"{"date": "2026-02-08", "procedures": []}"#, "procedure"),
    (#"{"date": "2026-02-08"}"#, "procedure"),
    (#"{"procedures": [{"hcpcs": "99213"}]}"#, "date"),
    (#"{"date": "2026-02-08", "procedures": [{"hcpcs": "Z/Z"}]}"#, "hcpcs"),
    (#"[{"date": "2026-02-08", "procedures": [{"hcpcs": "99213"}]}]"#, "object"),
  ])
  func badVisitsAre400(body: String, field: String) async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    let (status, text) = try await server.test {
      try await $0.json(.post, "/api/visits", token: token, body: body)
    }
    #expect(status == .badRequest, "\(text)")
    let message = try #require(try JSON(text)["error"]?.string)
    #expect(message.contains(field), "\(message)")
    #expect(try server.api.rvu.visits(userId: "u1").isEmpty)
  }

  @Test func aNoShowNeedsNoProcedure() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    let (status, body) = try await server.test {
      try await $0.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-08", "is_no_show": true, "procedures": []}"#)
    }
    #expect(status == .created, "\(body)")
  }
}
