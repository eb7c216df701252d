import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import RVUDomain
import Testing

@testable import TallyServer

@Suite struct FavoriteAndAnalyticsTests {
  @Test func favoritesAddListReorderRemove() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      for code in ["99213", "99214", "99215"] {
        let (status, body) = try await client.json(
          .post, "/api/favorites", token: token, body: #"{"hcpcs": "\#(code)"}"#)
        #expect(status == .created)
        #expect(try JSON(body).keys == ["id", "user_id", "hcpcs", "sort_order", "created_at"])
      }
      // Again: already there, nothing changes.
      let (again, _) = try await client.json(
        .post, "/api/favorites", token: token, body: #"{"hcpcs": "99213"}"#)
      #expect(again == .ok)

      // The seed's form, without sort_order: the array order decides.
      let (reordered, reply) = try await client.json(
        .patch, "/api/favorites", token: token,
        body: #"{"favorites": [{"hcpcs": "99214"}, {"hcpcs": "99213"}, {"hcpcs": "99215"}]}"#)
      #expect(reordered == .ok)
      #expect(reply == #"{"success":true}"#)
      #expect(try await codes(client, token) == ["99214", "99213", "99215"])

      // The other form, with sort_order: still the array order.
      let (_, _) = try await client.json(
        .patch, "/api/favorites", token: token,
        body:
          #"{"favorites": [{"hcpcs": "99215", "sort_order": 2}, {"hcpcs": "99214", "sort_order": 0}, {"hcpcs": "99213", "sort_order": 1}]}"#
      )
      #expect(try await codes(client, token) == ["99215", "99214", "99213"])

      // Not a permutation: 400, nothing changes.
      let (bad, _) = try await client.json(
        .patch, "/api/favorites", token: token, body: #"{"favorites": [{"hcpcs": "99215"}]}"#)
      #expect(bad == .badRequest)

      let (removed, message) = try await client.json(.delete, "/api/favorites/99214", token: token)
      #expect(removed == .ok)
      #expect(try JSON(message)["message"]?.string != nil)
      let (missing, _) = try await client.json(.delete, "/api/favorites/99214", token: token)
      #expect(missing == .notFound)
      #expect(try await codes(client, token) == ["99215", "99213"])
    }
  }

  private func codes(_ client: some TestClientProtocol, _ token: String) async throws -> [String] {
    let (_, body) = try await client.json(.get, "/api/favorites", token: token)
    return try JSON(body).array.compactMap { $0["hcpcs"]?.string }
  }

  @Test func analyticsDailyWeeklyAndByCode() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    // Sun 2026-02-08: 99213 ×2 (2.60) and a no-show; Mon 2026-02-09: 99214 (1.92).
    _ = try server.api.rvu.addVisit(
      VisitInput(
        date: LocalDate(parsing: "2026-02-08"),
        procedures: [try ProcedureInput(hcpcs: "99213", quantity: 2)]), userId: "u1")
    _ = try server.api.rvu.addVisit(
      VisitInput(date: LocalDate(parsing: "2026-02-08"), isNoShow: true, procedures: []),
      userId: "u1")
    _ = try server.api.rvu.addVisit(
      VisitInput(
        date: LocalDate(parsing: "2026-02-09"), procedures: [try ProcedureInput(hcpcs: "99214")]),
      userId: "u1")
    // Another user's visit never counts.
    _ = try server.api.rvu.addVisit(
      VisitInput(
        date: LocalDate(parsing: "2026-02-08"), procedures: [try ProcedureInput(hcpcs: "99215")]),
      userId: "u2")
    try await server.test { client in
      let (_, daily) = try await client.json(
        .get, "/api/analytics?start=2026-02-01&end=2026-02-09&period=daily", token: token)
      #expect(
        daily
          == #"[{"period_start":"2026-02-08","total_work_rvu":2.60,"total_encounters":1,"total_no_shows":1},"#
          + #"{"period_start":"2026-02-09","total_work_rvu":1.92,"total_encounters":1,"total_no_shows":0}]"#
      )

      // Weeks start Monday: the 8th is in the week of Mon 2 Feb, the 9th starts the next.
      let (_, weekly) = try await client.json(
        .get, "/api/analytics?start=2026-02-01&end=2026-02-09&period=weekly", token: token)
      #expect(
        try JSON(weekly).array.map { $0["period_start"] } == [
          .string("2026-02-02"), .string("2026-02-09"),
        ])

      // Monthly by code: 99213 2.60 then 99214 1.92.
      let (_, byCode) = try await client.json(
        .get, "/api/analytics?start=2026-02-01&end=2026-02-28&period=monthly&groupBy=hcpcs",
        token: token)
      let rows = try JSON(byCode).array
      #expect(rows.map { $0["hcpcs"] } == [.string("99213"), .string("99214")])
      #expect(rows[0]["total_quantity"] == .number(2))
      #expect(rows[0]["encounter_count"] == .number(1))
      #expect(
        rows[0].keys == [
          "period_start", "hcpcs", "description", "status_code", "total_work_rvu", "total_quantity",
          "encounter_count",
        ])

      for (query, field) in [
        ("end=2026-02-09", "start"), ("start=2026-02-01", "end"),
        ("start=2026-02-01&end=2026-02-09&period=hourly", "period"),
        ("start=2026-02-01&end=2026-02-09&groupBy=code", "groupBy"),
        ("start=2026-13-01&end=2026-02-09", "start"),
      ] {
        let (status, body) = try await client.json(.get, "/api/analytics?\(query)", token: token)
        #expect(status == .badRequest, "\(query)")
        #expect(try JSON(body)["error"]?.string?.contains(field) == true, "\(query): \(body)")
      }
    }
  }

  @Test func searchFindsCodesAndIsFTSSafe() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      let (status, body) = try await client.json(.get, "/api/rvu/search?q=99213", token: token)
      #expect(status == .ok)
      let first = try #require(try JSON(body)[0])
      #expect(first["hcpcs"] == .string("99213"))
      #expect(first["work_rvu"] == .number(1.3))
      #expect(first.keys.isSuperset(of: ["hcpcs", "description", "status_code", "work_rvu"]))
      // FTS syntax and quotes are text, not a query: an answer, never a 500.
      for query in ["%22office%22%20OR", "%2A", "NEAR(a%20b)", "%27%3B%20DROP%20TABLE"] {
        let (status, _) = try await client.json(.get, "/api/rvu/search?q=\(query)", token: token)
        #expect(status == .ok, "\(query)")
      }
      // No query is a 400, as the RVU backend answers (`src/app/api/rvu/search/route.ts`).
      for path in ["/api/rvu/search", "/api/rvu/search?q="] {
        let (status, error) = try await client.json(.get, path, token: token)
        #expect(status == .badRequest, "\(path)")
        #expect(try JSON(error)["error"] == .string(#"Query parameter "q" is required"#))
      }
    }
  }
}
