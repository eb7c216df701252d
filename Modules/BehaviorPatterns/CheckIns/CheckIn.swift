import AnalyticsCore

/// A rating the person tracks every day besides mood and energy (`Pain` 0–10), with the way it
/// points, so reports never read a high pain as a good day.
public struct DailyRating: Sendable, Equatable {
  public var id: Int64
  public var name: String
  public var scale: ClosedRange<Int>
  public var polarity: PatternType.Polarity
}

/// One day's check-in: how the day was, in a few numbers. One per local day.
public struct CheckIn: Sendable, Equatable {
  public var day: LocalDate
  /// 1–5, higher is better.
  public var mood: Int?
  /// 1–5, higher is better.
  public var energy: Int?
  /// Minutes slept the night before.
  public var sleepMinutes: Int?
  public var note: String?
  /// The day's values of the person's own ratings, by rating name (as the rating spells it).
  public var ratings: [String: Int]

  public init(
    day: LocalDate, mood: Int? = nil, energy: Int? = nil, sleepMinutes: Int? = nil,
    note: String? = nil, ratings: [String: Int] = [:]
  ) {
    self.day = day
    self.mood = mood
    self.energy = energy
    self.sleepMinutes = sleepMinutes
    self.note = note
    self.ratings = ratings
  }

  /// Hours slept as written: `7.5`, `8`.
  public var sleepHours: Double? { sleepMinutes.map { Double($0) / 60 } }
}

/// What a `checkin` gives: each field replaces the day's, the others stay.
public struct CheckInInput: Sendable, Equatable {
  public var day: LocalDate
  public var mood: Int?
  public var energy: Int?
  public var sleepMinutes: Int?
  public var note: String?
  /// Rating names as typed, with their values.
  public var ratings: [(name: String, value: Int)]

  public init(
    day: LocalDate, mood: Int? = nil, energy: Int? = nil, sleepMinutes: Int? = nil,
    note: String? = nil, ratings: [(name: String, value: Int)] = []
  ) {
    self.day = day
    self.mood = mood
    self.energy = energy
    self.sleepMinutes = sleepMinutes
    self.note = note
    self.ratings = ratings
  }

  public static func == (a: CheckInInput, b: CheckInInput) -> Bool {
    a.day == b.day && a.mood == b.mood && a.energy == b.energy && a.sleepMinutes == b.sleepMinutes
      && a.note == b.note && a.ratings.map(\.name) == b.ratings.map(\.name)
      && a.ratings.map(\.value) == b.ratings.map(\.value)
  }

  /// Reads hours slept (`7.5`, `8`, `7.25`) as whole minutes, 0 to 24 hours.
  ///
  /// - throws: `TallyError` (usage) naming the text: not a number, out of range, or not a whole
  ///   number of minutes (7.33 hours is 439.8: refused rather than rounded).
  public static func sleepMinutes(hours text: String) throws -> Int {
    guard let hours = try? FixedDecimal(parsing: text), hours >= .zero,
      hours <= FixedDecimal(hundredths: 2400)
    else {
      throw TallyError.invalid(
        "sleep hours", text, expected: "hours from 0 to 24, such as 7.5", category: .usage)
    }
    let minutesTimes100 = hours.hundredths * 60
    guard minutesTimes100 % 100 == 0 else {
      throw TallyError.invalid(
        "sleep hours", text,
        expected: "whole minutes of sleep, such as 7.5 or 7.25 (7.33 hours is not)",
        category: .usage)
    }
    return Int(minutesTimes100 / 100)
  }
}
