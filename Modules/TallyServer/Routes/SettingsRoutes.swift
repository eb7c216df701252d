import AnalyticsCore
import DataFormats
import Foundation
import Hummingbird
import RVUDomain

extension TallyAPI {
  /// The RVU backend's settings (`src/app/api/settings/route.ts`): its camelCase body on the
  /// domain's own settings row, so that `rvu-cli settings show` shows the same values —
  /// `rvuTarget` is the annual target, `targetStartDate`/`targetEndDate` its period, `bonusRate`
  /// the bonus per RVU above it.
  var settingsRoutes: [Route] {
    [
      Route(.get, "/api/settings") { request, context in
        let user = try await user(request, context: context)
        let settings = try APIError.answeringRVU { try rvu.settings(userId: user) }
        return JSONResponse.object(settingsObject(settings))
      },
      // A full replace, as the backend's: a field left out takes its default.
      Route(.put, "/api/settings") { request, context in
        let user = try await user(request, context: context)
        struct Body: Decodable {
          let rvuTarget: Loose
          let bonusRate: Loose
          let targetStartDate: Loose
          let targetEndDate: Loose
          let reminderEnabled: Loose
          enum CodingKeys: CodingKey {
            case rvuTarget, bonusRate, targetStartDate, targetEndDate, reminderEnabled
          }
          init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            rvuTarget = Loose(container, .rvuTarget)
            bonusRate = Loose(container, .bonusRate)
            targetStartDate = Loose(container, .targetStartDate)
            targetEndDate = Loose(container, .targetEndDate)
            reminderEnabled = Loose(container, .reminderEnabled)
          }
        }
        let body = try await JSONBody.decode(Body.self, request, context: context)
        func amount(_ value: Loose, _ name: String) throws -> FixedDecimal {
          switch value {
          case .absent, .null: return .zero
          case .number(let number):
            guard number >= 0 else {
              throw APIError.message(.badRequest, "\(name) must be a non-negative number")
            }
            guard let amount = try? FixedDecimal(parsing: "\(number)") else {
              throw APIError.message(
                .badRequest, "\(name) must have at most 2 decimals (got \(number))")
            }
            return amount
          default: throw APIError.message(.badRequest, "\(name) must be a non-negative number")
          }
        }
        func day(_ value: Loose, _ name: String, default fallback: LocalDate) throws -> LocalDate {
          switch value {
          case .absent, .null: return fallback
          case .text(let text) where text.isEmpty: return fallback
          case .text(let text):
            guard let day = try? LocalDate(parsing: text) else {
              throw APIError.message(.badRequest, "Invalid \(name) format")
            }
            return day
          default: throw APIError.message(.badRequest, "Invalid \(name) format")
          }
        }
        let (first, last) = defaultTargetPeriod()
        // The backend stores whatever is sent here; a value that is not a boolean is refused.
        var reminders = false
        switch body.reminderEnabled {
        case .absent, .null: break
        case .bool(let flag): reminders = flag
        default: throw APIError.message(.badRequest, "reminderEnabled must be a boolean")
        }
        let changes = RVUSettingsChanges(
          annualTarget: try amount(body.rvuTarget, "rvuTarget"),
          targetStart: try day(body.targetStartDate, "targetStartDate", default: first),
          targetEnd: try day(body.targetEndDate, "targetEndDate", default: last),
          bonusPerRVU: try amount(body.bonusRate, "bonusRate"), reminderEnabled: reminders)
        let saved = try APIError.answeringRVU { try rvu.updateSettings(changes, userId: user) }
        return JSONResponse.object(settingsObject(saved))
      },
    ]
  }

  /// The domain's default target period in the server's current year (UTC).
  private func defaultTargetPeriod() -> (LocalDate, LocalDate) {
    RVUSettings.defaultTargetPeriod(year: Zone.utc.localDate(of: clock.now()).year)
  }

  /// The backend's settings shape, defaults filled in.
  private func settingsObject(_ settings: RVUSettings) -> JSONObject {
    let (first, last) = defaultTargetPeriod()
    return [
      "rvuTarget": .decimal(settings.annualTarget ?? .zero),
      "targetStartDate": .date(settings.targetStart ?? first),
      "targetEndDate": .date(settings.targetEnd ?? last),
      "bonusRate": .decimal(settings.bonusPerRVU ?? .zero),
      "reminderEnabled": .bool(settings.reminderEnabled),
    ]
  }
}

/// A JSON field read without a type in mind, so that a route can answer a wrong type with the
/// backend's own message rather than a decoding error.
enum Loose {
  case absent, null
  case bool(Bool)
  case number(Decimal)
  case text(String)
  case other

  init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) {
    guard container.contains(key) else {
      self = .absent
      return
    }
    if (try? container.decodeNil(forKey: key)) == true {
      self = .null
    } else if let flag = try? container.decode(Bool.self, forKey: key) {
      self = .bool(flag)
    } else if let number = try? container.decode(Decimal.self, forKey: key) {
      self = .number(number)
    } else if let text = try? container.decode(String.self, forKey: key) {
      self = .text(text)
    } else {
      self = .other
    }
  }
}
