import AnalyticsCore
import GRDB

/// A year in pixels: one value per day of a calendar year (Daylio's view), of the check-in's mood
/// (or energy, hours slept, a rating) or of one pattern type (its entries that day).
public struct YearInPixels: Sendable, Equatable {
  public var year: Int
  /// What is shown (`Mood`, `Pain`, `Sensory Overload entries`).
  public var name: String
  /// The scale of a rating (1–5 for mood); `nil` for counts and hours.
  public var scale: ClosedRange<Int>?
  /// Every day of the year, January 1 first; `nil` where there is nothing for that day.
  public var days: [DailyValue]
}

/// What a year in pixels shows.
public enum PixelSeries: Sendable, Equatable {
  case mood, energy, sleep
  case rating(String)
  case pattern(PatternType)
}

extension BehaviorStore {
  /// Reads what `text` names: `mood`, `energy`, `sleep`, a rating's name, or a pattern type (as
  /// the type arguments read them).
  ///
  /// - throws: `TallyError` (usage) listing what may be shown.
  public func pixelSeries(_ text: String) throws -> PixelSeries {
    switch text.lowercased() {
    case "mood": return .mood
    case "energy": return .energy
    case "sleep": return .sleep
    default: break
    }
    let ratings = try ratings()
    if let rating = ratings.first(where: { $0.name.lowercased() == text.lowercased() }) {
      return .rating(rating.name)
    }
    do { return .pattern(try PatternCatalog.resolve(text)) } catch let error as TallyError {
      // The catalog's own words say which types it could be, or the closest.
      let names = ratings.map(\.name).joined(separator: ", ")
      throw TallyError.invalid(
        "what to show", text,
        expected: "mood, energy, sleep, "
          + (names.isEmpty ? "" : "one of your ratings (\(names)), ")
          + "or a pattern type (\(error.expected ?? "a type id"))", category: .usage)
    }
  }

  /// The year's days of `series`: a check-in's value on days checked in; a pattern type's
  /// entries on days with anything logged (0 then), nothing on the other days.
  public func yearInPixels(_ year: Int, of series: PixelSeries, zone: Zone) throws -> YearInPixels {
    guard let first = LocalDate(year: year, month: 1, day: 1),
      let last = LocalDate(year: year, month: 12, day: 31),
      LocalDate.supportedRange.contains(first), LocalDate.supportedRange.contains(last)
    else {
      throw TallyError.invalid(
        "year", String(year), expected: LocalDate.supportedRangeText, category: .usage)
    }
    let range = try DayRange(start: first, end: last)
    // A check-in number needs the year's check-ins only, not a year of entries (the monthly
    // page draws this grid on every render).
    let entries: Bool
    if case .pattern = series { entries = true } else { entries = false }
    let data = try writer.read {
      try Self.reportData(range, zone: zone, includingEntries: entries, $0)
    }
    let checkIns = Dictionary(data.checkIns.map { ($0.day, $0) }, uniquingKeysWith: { $1 })
    let name: String
    var scale: ClosedRange<Int>? = 1...5
    let value: (LocalDate) -> Double?
    switch series {
    case .mood:
      name = "Mood"
      value = { checkIns[$0]?.mood.map(Double.init) }
    case .energy:
      name = "Energy"
      value = { checkIns[$0]?.energy.map(Double.init) }
    case .sleep:
      (name, scale) = ("Hours slept", nil)
      value = { checkIns[$0]?.sleepHours }
    case .rating(let rating):
      name = rating
      scale = data.ratings.first { $0.name == rating }?.scale
      value = { checkIns[$0]?.ratings[rating].map(Double.init) }
    case .pattern(let type):
      (name, scale) = ("\(type.name) entries", nil)
      let logged = data.loggedDays(in: range)
      let byDay = data.entriesByDay(in: range)
      value = { day in
        logged.contains(day)
          ? Double((byDay[day] ?? []).filter { $0.type.id == type.id }.count) : nil
      }
    }
    return YearInPixels(
      year: year, name: name, scale: scale,
      days: range.map { DailyValue(date: $0, value: value($0)) })
  }
}
