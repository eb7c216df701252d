import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

/// Issue 32, item by item: each case failed on the server before (an empty 404 body, `+` kept
/// in a query, a path parameter left percent-encoded, a 1 MiB note stored, no CSP on a report).
@Suite struct HostileInputTests {
  @Test func unknownRoutesAnswerTheirContractsErrorShape() async throws {
    let server = try await TestServer()
    try await server.test { client in
      let (status, body) = try await client.json(.get, "/api/nothing-here")
      #expect(status == .notFound)
      #expect(try JSON(body)["error"] == .string("Not found: no route /api/nothing-here"))
      let (view, viewBody) = try await client.json(.get, "/rest/v1/analytics_nothing")
      #expect(view == .notFound)
      #expect(try JSON(viewBody).keys == ["code", "message", "details", "hint"])
      #expect(try JSON(viewBody)["code"] == .string("PGRST205"))
      try await client.execute(uri: "/api/nothing-here", method: .get) { response in
        #expect(response.headers[.xContentTypeOptions] == "nosniff")
        #expect(response.headers[.contentType] == "application/json; charset=utf-8")
      }
    }
  }

  @Test func queriesAreFormDecodedAndPathParametersPercentDecoded() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      // `+` is a space, as every form and HTTP client writes it: the same answer as `%20`.
      let plus = try await client.json(.get, "/api/rvu/search?q=office+visit", token: token)
      let escaped = try await client.json(.get, "/api/rvu/search?q=office%20visit", token: token)
      #expect(plus.status == .ok)
      #expect(plus.body == escaped.body)
      // A name escaped too (`%71` is `q`).
      let name = try await client.json(.get, "/api/rvu/search?%71=office%20visit", token: token)
      #expect(name.body == escaped.body)

      // `/api/favorites/9921%33` is favorite 99213.
      let (added, _) = try await client.json(
        .post, "/api/favorites", token: token, body: #"{"hcpcs": "99213"}"#)
      #expect(added == .created || added == .ok)
      let (removed, removal) = try await client.json(
        .delete, "/api/favorites/9921%33", token: token)
      #expect(removed == .ok, "\(removal)")
      #expect(try await client.json(.get, "/api/favorites", token: token).body == "[]")
    }
  }

  @Test func notesAreCappedAsTheCLICapsThem() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    @Sendable func visit(notes: Int) -> String {
      #"{"date": "2026-02-08", "notes": ""#
        + String(repeating: "n", count: notes)
        + #"", "procedures": [{"hcpcs": "99213"}]}"#
    }
    try await server.test { client in
      let (atLimit, _) = try await client.json(
        .post, "/api/visits", token: token, body: visit(notes: 10_000))
      #expect(atLimit == .created)
      let (over, refusal) = try await client.json(
        .post, "/api/visits", token: token, body: visit(notes: 10_001))
      #expect(over == .badRequest)
      #expect(
        try JSON(refusal)["error"]
          == .string(
            #"notes "10001 bytes long" is not valid: expected at most 10000 bytes of text"#))
      // One letter and 5,000 combining accents: one character, 10,001 bytes.
      let (accents, _) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-08", "notes": "e"#
          + String(repeating: "\u{0301}", count: 5_000) + #"", "procedures": [{"hcpcs": "99213"}]}"#
      )
      #expect(accents == .badRequest)
      // An unpaired surrogate is no text: refused, never stored as something else.
      let (lone, _) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-08", "notes": "a\ud800b", "procedures": [{"hcpcs": "99213"}]}"#)
      #expect(lone == .badRequest)
      let (_, list) = try await client.json(.get, "/api/visits", token: token)
      #expect(try JSON(list).array.count == 1)
    }
  }

  /// A listing longer than a page (100 visits) comes back whole, in the listing's order.
  @Test func aLongListingIsStreamedWhole() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      for day in 1...25 {
        for visit in 0..<10 {
          let date = "2026-01-" + (day < 10 ? "0\(day)" : "\(day)")
          let (status, _) = try await client.json(
            .post, "/api/visits", token: token,
            body:
              #"{"date": "\#(date)", "notes": "v\#(visit)", "procedures": [{"hcpcs": "99213"}]}"#)
          #expect(status == .created)
        }
      }
      let (status, body) = try await client.json(.get, "/api/visits", token: token)
      #expect(status == .ok)
      let visits = try JSON(body).array
      #expect(visits.count == 250)
      let dates = visits.compactMap { $0["date"]?.string }
      #expect(dates == dates.sorted())
      #expect(Set(visits.compactMap { $0["id"]?.number }).count == 250)
    }
  }

  @Test func reportPagesCarryAStrictPolicy() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      var headers: HTTPFields = [:]
      headers[.authorization] = "Bearer \(token)"
      try await client.execute(
        uri: "/reports/rvu?start=2026-02-01&end=2026-02-28", method: .get, headers: headers
      ) { response in
        #expect(response.status == .ok)
        #expect(
          response.headers[.contentSecurityPolicy]
            == "default-src 'none'; style-src 'unsafe-inline'; img-src data:; base-uri 'none'; "
            + "form-action 'none'; frame-ancestors 'none'")
        #expect(response.headers[.xContentTypeOptions] == "nosniff")
      }
    }
  }

  /// 6 a minute: a burst of 10 (`RateLimit.burst`), then 429 with `Retry-After` (one request
  /// comes back every 10 s, so a slow machine does not refill the bucket during the test);
  /// another user keeps their own; PostgREST's paths answer in PostgREST's shape.
  @Test func aUserPastTheRateLimitIsTold429() async throws {
    let server = try await TestServer(rateLimit: RateLimit(perMinute: 6))
    let token = try await server.token("u1")
    let other = try await server.token("u2")
    try await server.test { client in
      for _ in 0..<10 {
        #expect(try await client.json(.get, "/api/favorites", token: token).status == .ok)
      }
      var headers: HTTPFields = [:]
      headers[.authorization] = "Bearer \(token)"
      try await client.execute(uri: "/api/favorites", method: .get, headers: headers) { response in
        #expect(response.status == .tooManyRequests)
        let seconds = try #require(response.headers[.retryAfter].flatMap { Int($0) })
        #expect((1...10).contains(seconds))
        #expect(
          try JSON(String(buffer: response.body))["error"]
            == .string("Too many requests: at most 6 a minute; retry in \(seconds) s"))
      }
      let (view, body) = try await client.json(
        .get, "/rest/v1/analytics_daily_stats", token: token)
      #expect(view == .tooManyRequests)
      #expect(try JSON(body)["code"] == .string("PGRST301"))
      #expect(try await client.json(.get, "/api/favorites", token: other).status == .ok)
    }
    // The bucket refills at one a second.
    let limiter = RateLimiter(RateLimit(perMinute: 60))
    for _ in 0..<10 { #expect(limiter.take("u", now: 100) == nil) }
    #expect(limiter.take("u", now: 100) == 1)
    #expect(limiter.take("u", now: 101.5) == nil)
    #expect(limiter.take("u", now: 101.5) == 1)
  }

  @Test func aPoolPastItsCapacityRefusesAtOnce() {
    let threads = BlockingExecutor(threads: 1, name: "test-capacity", capacity: 2)
    #expect(threads.admit() && threads.admit())
    #expect(!threads.admit())
    threads.leave()
    #expect(threads.admit())
  }
}
