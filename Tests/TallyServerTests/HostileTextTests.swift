import AnalyticsCore
import DataFormats
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

/// Issue 32: every text a route stores, sent as hostile strings, is read back exactly as sent,
/// or refused with a 400 — never cut (a NUL), replaced (an unpaired surrogate) or run (markup,
/// SQL). The strings are JSON string bodies, escapes included.
@Suite struct HostileTextTests {
  /// Kept: each is text, and must come back byte for byte.
  static let kept: [(json: String, text: String)] = [
    (#"it's \"quoted\" \\ back"#, #"it's "quoted" \ back"#),
    (#"<script>alert(1)</script>"#, "<script>alert(1)</script>"),
    (#"'; DROP TABLE visit; --"#, "'; DROP TABLE visit; --"),
    (#"\u202eevil\u202c right-to-left"#, "\u{202E}evil\u{202C} right-to-left"),
    (#"zero\u200bwidth and e\u0301 and 👩‍⚕️"#, "zero\u{200B}width and e\u{0301} and 👩‍⚕️"),
    (#"line\r\nbreak\ttab"#, "line\r\nbreak\ttab"),
    (#"100%00 %2F +plus"#, "100%00 %2F +plus"),
  ]
  /// Refused with a 400: not text at all once decoded.
  static let refused = [#"NUL\u0000here"#, #"lone \ud800 surrogate"#, #"low \udc00 first"#]

  @Test func visitNotesComeBackExactlyOrAreRefused() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      for (json, text) in Self.kept {
        let (status, body) = try await client.json(
          .post, "/api/visits", token: token,
          body: #"{"date": "2026-02-08", "notes": "\#(json)", "procedures": [{"hcpcs": "99213"}]}"#)
        #expect(status == .created, "\(json): \(body)")
        #expect(try JSON(body)["notes"] == .string(text), "\(json)")
      }
      for json in Self.refused {
        let (status, _) = try await client.json(
          .post, "/api/visits", token: token,
          body: #"{"date": "2026-02-08", "notes": "\#(json)", "procedures": [{"hcpcs": "99213"}]}"#)
        #expect(status == .badRequest, "\(json)")
      }
      let (_, list) = try await client.json(.get, "/api/visits", token: token)
      #expect(try JSON(list).array.compactMap { $0["notes"]?.string } == Self.kept.map(\.text))
    }
  }

  @Test func templateNamesAndCustomCodeDescriptionsComeBackExactly() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    try await server.test { client in
      for (index, (json, text)) in Self.kept.enumerated() {
        let (group, groupBody) = try await client.json(
          .post, "/api/favorite-groups", token: token,
          body: #"{"name": "\#(json)", "items": [{"hcpcs": "99213", "quantity": 1}]}"#)
        #expect(group == .created, "\(json): \(groupBody)")
        let (code, codeBody) = try await client.json(
          .post, "/api/custom-codes", token: token,
          body: #"{"hcpcs": "ZZ00\#(index)", "description": "\#(json)", "work_rvu": 1}"#)
        #expect(code == .created, "\(json): \(codeBody)")
        #expect(try JSON(codeBody)["description"] == .string(text), "\(json)")
      }
      for json in Self.refused {
        let (group, _) = try await client.json(
          .post, "/api/favorite-groups", token: token,
          body: #"{"name": "\#(json)", "items": [{"hcpcs": "99213", "quantity": 1}]}"#)
        #expect(group == .badRequest, "\(json)")
        let (code, _) = try await client.json(
          .post, "/api/custom-codes", token: token,
          body: #"{"hcpcs": "ZZ999", "description": "\#(json)", "work_rvu": 1}"#)
        #expect(code == .badRequest, "\(json)")
      }
      let (_, groups) = try await client.json(.get, "/api/favorite-groups", token: token)
      #expect(
        Set(try JSON(groups).array.compactMap { $0["name"]?.string }) == Set(Self.kept.map(\.text)))
    }
  }

  @Test func posTextsComeBackExactlyOrAreRefused() async throws {
    let server = try await TestServer()
    _ = try server.api.shops.addStore(id: "1", name: "Downtown", zone: .utc)
    try server.api.server.grant(userId: "u1", storeId: "1", role: .viewer)
    let key = try server.api.server.createPOSKey(storeId: "1").key
    let token = try await server.token("u1")
    let placed = TestServer.now.adding(seconds: -60).description
    try await server.test { client in
      for (index, (json, _)) in Self.kept.enumerated() {
        // Two orders of one customer, so the top-customer view shows the name.
        for order in ["A\(index)", "B\(index)"] {
          let (status, body) = try await client.json(
            .post, "/api/stores/1/orders", token: key,
            body: """
              {"order_id": "\(order)", "placed_at": "\(placed)", "customer_id": "c\(index)",
               "customer_name": "\(json)", "lines": [{"item_name": "\(json)",
               "category": "\(json)", "quantity": 1, "unit_price": \(index + 1)}]}
              """)
          #expect(status == .ok, "\(json): \(body)")
        }
      }
      for json in Self.refused {
        let (status, _) = try await client.json(
          .post, "/api/stores/1/orders", token: key,
          body: """
            {"order_id": "X", "placed_at": "\(placed)", "lines": [{"item_name": "\(json)",
             "category": "Food", "quantity": 1, "unit_price": 1}]}
            """)
        #expect(status == .badRequest, "\(json)")
      }
      let (_, items) = try await client.json(
        .get, "/rest/v1/analytics_popular_items?select=item_name&limit=100", token: token)
      #expect(
        Set(try JSON(items).array.compactMap { $0["item_name"]?.string })
          == Set(Self.kept.map(\.text)))
      let (_, customers) = try await client.json(
        .get, "/rest/v1/analytics_top_customers?select=customer_name", token: token)
      #expect(
        Set(try JSON(customers).array.compactMap { $0["customer_name"]?.string })
          == Set(Self.kept.map(\.text)))
    }
  }
}
