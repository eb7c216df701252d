import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import RVUDomain
import Testing

@testable import TallyServer

/// `GET`/`PUT /api/settings` as the RVU backend answers (`src/app/api/settings/route.ts`,
/// issue 31), on the domain's own settings: what the app sets, `rvu-cli settings show` shows.
@Suite struct SettingsRoutesTests {
  @Test func settingsAreTheDomainsAndAPutIsAFullReplace() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    let year = Zone.utc.localDate(of: TestServer.now).year
    try await server.test { client in
      let (_, defaults) = try await client.json(.get, "/api/settings", token: token)
      #expect(
        defaults
          == #"{"rvuTarget":0.00,"targetStartDate":"\#(year)-01-01","targetEndDate":"\#(year)-12-31","bonusRate":0.00,"reminderEnabled":false}"#
      )
      let (status, saved) = try await client.json(
        .put, "/api/settings", token: token,
        body:
          #"{"rvuTarget": 4000, "targetStartDate": "2026-07-01", "targetEndDate": "2027-06-30", "bonusRate": 35.5, "reminderEnabled": true}"#
      )
      #expect(status == .ok, "\(saved)")
      #expect(
        saved
          == #"{"rvuTarget":4000.00,"targetStartDate":"2026-07-01","targetEndDate":"2027-06-30","bonusRate":35.50,"reminderEnabled":true}"#
      )
      // The same row the CLI reads and writes.
      let settings = try server.api.rvu.settings(userId: "u1")
      #expect(settings.annualTarget == FixedDecimal(hundredths: 400_000))
      #expect(settings.targetStart == LocalDate(year: 2026, month: 7, day: 1))
      #expect(settings.bonusPerRVU == FixedDecimal(hundredths: 3550))
      #expect(settings.reminderEnabled)

      // A field left out takes its default: a full replace.
      let (_, replaced) = try await client.json(
        .put, "/api/settings", token: token, body: #"{"rvuTarget": 5000}"#)
      #expect(
        replaced
          == #"{"rvuTarget":5000.00,"targetStartDate":"\#(year)-01-01","targetEndDate":"\#(year)-12-31","bonusRate":0.00,"reminderEnabled":false}"#
      )

      for (body, message) in [
        (#"{"rvuTarget": "5"}"#, "rvuTarget must be a non-negative number"),
        (#"{"rvuTarget": -1}"#, "rvuTarget must be a non-negative number"),
        (#"{"bonusRate": true}"#, "bonusRate must be a non-negative number"),
        (#"{"targetStartDate": "July 1"}"#, "Invalid targetStartDate format"),
        (#"{"targetEndDate": "2026-02-30"}"#, "Invalid targetEndDate format"),
      ] {
        let (status, error) = try await client.json(.put, "/api/settings", token: token, body: body)
        #expect(status == .badRequest, "\(body)")
        #expect(try JSON(error)["error"] == .string(message), "\(body)")
      }
      // An end before the start is refused, naming both (the backend's database refuses it).
      let (backwards, error) = try await client.json(
        .put, "/api/settings", token: token,
        body: #"{"targetStartDate": "2026-07-01", "targetEndDate": "2026-06-30"}"#)
      #expect(backwards == .badRequest)
      #expect(try JSON(error)["error"]?.string?.contains("target_start (2026-07-01)") == true)
    }
  }
}
