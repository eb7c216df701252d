import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import RVUDomain
import StoreAnalytics
import Testing

@testable import TallyServer

@Suite struct ReportRoutesTests {
  /// GET `uri` with an optional session token: status, Content-Type and body.
  static func get(_ server: TestServer, _ uri: String, token: String?) async throws -> (
    status: HTTPResponse.Status, type: String?, body: String
  ) {
    var fields: HTTPFields = [:]
    if let token { fields[.authorization] = "Bearer \(token)" }
    let headers = fields
    return try await server.test { client in
      try await client.execute(uri: uri, method: .get, headers: headers, body: nil) {
        ($0.status, $0.headers[.contentType], String(buffer: $0.body))
      }
    }
  }

  @Test func rvuReportIsTheSignedInUsersOwn() async throws {
    let server = try await TestServer()
    // u1: 99213 × 2 on 02-09 (2 × 1.30 = 2.60); u2: 99214 on 02-10 (1.92), never in u1's page.
    _ = try server.api.rvu.addVisit(
      VisitInput(
        date: try LocalDate(parsing: "2026-02-09"),
        procedures: [try ProcedureInput(parsing: "99213x2")]), userId: "u1")
    _ = try server.api.rvu.addVisit(
      VisitInput(
        date: try LocalDate(parsing: "2026-02-10"),
        procedures: [try ProcedureInput(parsing: "99214")]), userId: "u2")
    let uri = "/reports/rvu?start=2026-02-08&end=2026-02-14&period=weekly"

    #expect(try await Self.get(server, uri, token: nil).status == .unauthorized)
    let mine = try await Self.get(server, uri, token: try await server.token("u1"))
    #expect(mine.status == .ok)
    #expect(mine.type == "text/html; charset=utf-8")
    #expect(mine.body.hasPrefix("<!DOCTYPE html>"))
    #expect(mine.body.contains("<p class=\"card-value\">2.60</p>"))
    #expect(mine.body.contains("99213") && !mine.body.contains("99214"))
    let theirs = try await Self.get(server, uri, token: try await server.token("u2"))
    #expect(theirs.body.contains("<p class=\"card-value\">1.92</p>"))
    #expect(!theirs.body.contains("99213"))
    let bad = try await Self.get(
      server, "/reports/rvu?start=2026-02-08", token: try await server.token("u1"))
    #expect(bad.status == .badRequest)
  }

  @Test func storeReportNeedsAGrant() async throws {
    let (server, token) = try await StoreRoutesTests.seeded()
    #expect(try await Self.get(server, "/reports/stores/1", token: nil).status == .unauthorized)
    // Store 2 exists but is not granted; store 99 does not exist: both 404, alike.
    for id in ["2", "99"] {
      let reply = try await Self.get(server, "/reports/stores/\(id)?range=week", token: token)
      #expect(reply.status == .notFound)
      #expect(!reply.body.contains("Uptown"))
    }
    let page = try await Self.get(server, "/reports/stores/1?range=week", token: token)
    #expect(page.status == .ok)
    #expect(page.type == "text/html; charset=utf-8")
    // Store 1 sold 2 × 5.00 + 1 × 3.50 = 13.50 in 2 orders this week.
    #expect(page.body.contains("<h1>Downtown: store report</h1>"))
    #expect(page.body.contains("<p class=\"card-value\">$13.50</p>"))
    #expect(!page.body.contains("Tea"))
    let bad = try await Self.get(server, "/reports/stores/1?range=decade", token: token)
    #expect(bad.status == .badRequest)
  }
}
