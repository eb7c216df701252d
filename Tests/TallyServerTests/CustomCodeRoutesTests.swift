import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

/// The RVU backend's custom codes (`src/app/api/custom-codes/…`, issue 31): a user's own code,
/// upserted by code, logged by a visit like a catalog code.
@Suite struct CustomCodeRoutesTests {
  @Test func customCodesAreUpsertedLoggedAndDeleted() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    let other = try await server.token("u2")
    try await server.test { client in
      let (created, body) = try await client.json(
        .post, "/api/custom-codes", token: token,
        body: #"{"hcpcs": "zz001", "description": "  Coaching, first  ", "work_rvu": 1.2}"#)
      #expect(created == .created, "\(body)")
      let code = try JSON(body)
      #expect(code["hcpcs"] == .string("ZZ001"))
      #expect(code["description"] == .string("Coaching, first"))
      #expect(code["work_rvu"] == .number(1.2))
      let id = try #require(code["id"]?.number)

      // The same code again updates it, keeping its id: 201 as the backend answers.
      let (again, updated) = try await client.json(
        .post, "/api/custom-codes", token: token,
        body: #"{"hcpcs": "ZZ001", "description": "Coaching", "work_rvu": "1.50"}"#)
      #expect(again == .created)
      #expect(try JSON(updated)["id"]?.number == id)
      let (_, list) = try await client.json(.get, "/api/custom-codes", token: token)
      #expect(try JSON(list).array.map { $0["work_rvu"] } == [.number(1.5)])
      #expect(try await client.json(.get, "/api/custom-codes", token: other).body == "[]")

      // A visit logs it like a catalog code: its description and work RVU, 2 × 1.50 = 3.00.
      let (logged, visit) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-08", "procedures": [{"hcpcs": "ZZ001", "quantity": 2}]}"#)
      #expect(logged == .created, "\(visit)")
      #expect(try JSON(visit)["total_work_rvu"] == .number(3))
      #expect(try JSON(visit)["procedures"]?[0]?["description"] == .string("Coaching"))
      // Another user does not have it.
      let (refused, _) = try await client.json(
        .post, "/api/visits", token: other,
        body: #"{"date": "2026-02-08", "procedures": [{"hcpcs": "ZZ001"}]}"#)
      #expect(refused != .created)

      for (body, message) in [
        (#"{"hcpcs": "ZZ002"}"#, "Missing required fields: hcpcs and description"),
        (#"{"description": "x"}"#, "Missing required fields: hcpcs and description"),
      ] {
        let (status, error) = try await client.json(
          .post, "/api/custom-codes", token: token, body: body)
        #expect(status == .badRequest)
        #expect(try JSON(error)["error"] == .string(message))
      }
      // A catalog code is the catalog's: a custom code of its name would never be logged.
      let (catalog, refusal) = try await client.json(
        .post, "/api/custom-codes", token: token,
        body: #"{"hcpcs": "99213", "description": "mine", "work_rvu": 5}"#)
      #expect(catalog == .badRequest)
      #expect(try JSON(refusal)["error"]?.string?.contains("a code the catalog lacks") == true)
      let (precise, tooPrecise) = try await client.json(
        .post, "/api/custom-codes", token: token,
        body: #"{"hcpcs": "ZZ003", "description": "x", "work_rvu": 1.234}"#)
      #expect(precise == .badRequest)
      #expect(try JSON(tooPrecise)["error"]?.string?.contains("work_rvu \"1.234\"") == true)
      // A clinic's own code may be longer than a HCPCS code (the backend takes any text):
      // up to 20 letters, digits, spaces, - and . starting with a letter or digit, as the
      // backend checks a template's codes (`ProcedureInput.checkCode`), logged as typed.
      let (long, longCode) = try await client.json(
        .post, "/api/custom-codes", token: token,
        body: #"{"hcpcs": "ccm-20.b", "description": "Chronic care", "work_rvu": 0.61}"#)
      #expect(long == .created, "\(longCode)")
      #expect(try JSON(longCode)["hcpcs"] == .string("CCM-20.B"))
      let (loggedLong, longVisit) = try await client.json(
        .post, "/api/visits", token: token,
        body: #"{"date": "2026-02-09", "procedures": [{"hcpcs": "CCM-20.B"}]}"#)
      #expect(loggedLong == .created, "\(longVisit)")
      #expect(try JSON(longVisit)["total_work_rvu"] == .number(0.61))
      for code in ["-CCM", "ABCDEFGHIJKLMNOPQRSTU", ".CCM", "CCM/20", "CCM\\t1"] {
        let (status, _) = try await client.json(
          .post, "/api/custom-codes", token: token,
          body: #"{"hcpcs": "\#(code)", "description": "x", "work_rvu": 1}"#)
        #expect(status == .badRequest, "\(code)")
      }
      _ = try await client.json(
        .delete, "/api/custom-codes/\(Int(try #require(JSON(longCode)["id"]?.number)))",
        token: token)
      let (badId, _) = try await client.json(.delete, "/api/custom-codes/abc", token: token)
      #expect(badId == .badRequest)
      let (notTheirs, _) = try await client.json(
        .delete, "/api/custom-codes/\(Int(id))", token: other)
      #expect(notTheirs == .notFound)
      let (deleted, message) = try await client.json(
        .delete, "/api/custom-codes/\(Int(id))", token: token)
      #expect(deleted == .ok)
      #expect(try JSON(message)["message"] == .string("Custom code deleted"))
      #expect(try await client.json(.get, "/api/custom-codes", token: token).body == "[]")
      // The visit keeps the values it was logged with.
      let (_, visits) = try await client.json(.get, "/api/visits", token: token)
      let totals = try JSON(visits).array.map { $0["total_work_rvu"] }
      #expect(totals.contains(.number(3)) && totals.contains(.number(0.61)), "\(totals)")
    }
  }
}
