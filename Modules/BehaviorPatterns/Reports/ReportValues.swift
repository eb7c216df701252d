import AnalyticsCore

/// How often one pattern was logged: a type, or a custom pattern under its own name.
public struct PatternCount: Sendable, Equatable {
  /// The display name (the custom name for a custom pattern).
  public var name: String
  /// The type id (`custom-pattern` for custom ones).
  public var typeID: String
  public var count: Int
}

/// A category's share of the entries.
public struct CategoryShare: Sendable, Equatable {
  public var category: PatternCategory
  public var count: Int
  /// Percent of all entries, 1 decimal.
  public var percent: Double
}

/// A value for one day, or none.
public struct DailyValue: Sendable, Equatable {
  public var date: LocalDate
  /// The value (an average, 2 decimals), `nil` when the day has no data.
  public var value: Double?
}

/// The number of entries on one day.
public struct DayCount: Sendable, Equatable {
  public var date: LocalDate
  public var count: Int
}

/// A word or tag that keeps coming up with trigger-type patterns.
public struct TriggerCount: Sendable, Equatable {
  /// The tag or word, lower case.
  public var trigger: String
  /// The number of trigger-type entries it appears with.
  public var count: Int
}

/// How a medication went over a report's window.
public struct MedicationInsight: Sendable, Equatable {
  public var medication: String
  /// Its frequency.
  public var frequency: MedicationFrequency
  /// Percent of expected doses taken (1 decimal, at most 100); `nil` for as-needed medications
  /// and when no dose was expected.
  public var adherenceRate: Double?
  /// Doses logged as taken (on days it was active; any day for as-needed).
  public var dosesTaken: Int
  /// Doses expected, `nil` for as-needed.
  public var dosesExpected: Int?
  /// Mean effectiveness of its logs (2 decimals), `nil` when none was rated.
  public var averageEffectiveness: Double?
  /// Mean mood of its logs.
  public var averageMood: Double?
  /// Mean energy of its logs.
  public var averageEnergy: Double?
  /// Challenging entries per day on active days with a dose taken (monthly only).
  public var challengingPerDayTaken: Double?
  /// Challenging entries per day on active days without a dose taken (monthly only).
  public var challengingPerDayNotTaken: Double?
  /// Its dosage changes in the window, oldest first: doses before and after are not the same
  /// medicine to compare.
  public var dosageChanges: [DosageChangeOnDay] = []
  /// The side effects its logs of the window name, each with how many logs (most first).
  public var sideEffects: [TextCount] = []
  /// Why doses were skipped in the window, each with how many (most first).
  public var skipReasons: [TextCount] = []
}

/// A text (a side effect, a skip reason) and how often it was given; texts that differ only in
/// case are one.
public struct TextCount: Sendable, Equatable {
  public var text: String
  public var count: Int

  /// Counts `texts` (trimmed; empty ones left out), most first, then by text.
  static func counting(_ texts: [String?]) -> [TextCount] {
    var counts: [String: (text: String, count: Int)] = [:]
    for text in texts.compactMap({ $0?.trimmingCharacters(in: .whitespacesAndNewlines) })
    where !text.isEmpty {
      counts[text.lowercased(), default: (text, 0)].count += 1
    }
    return counts.values.map { TextCount(text: $0.text, count: $0.count) }.sorted {
      $0.count != $1.count ? $0.count > $1.count : caseInsensitiveOrder($0.text, $1.text)
    }
  }
}

/// A dosage change on a local day of a report's window.
public struct DosageChangeOnDay: Sendable, Equatable {
  public var day: LocalDate
  public var from: String?
  public var to: String?

  /// `50 mg → 100 mg on 2026-02-10`.
  public var text: String { "\(from ?? "none") → \(to ?? "none") on \(day)" }
}

/// How strongly two daily series move together, with how far to trust it.
public struct CorrelationFinding: Sendable, Equatable {
  /// What varies first (`Sertraline taken`, `Sleep Quality intensity`).
  public var factor: String
  /// What it is compared with (`challenging patterns that day`).
  public var outcome: String
  /// Pearson's r, 2 decimals.
  public var r: Double
  /// The number of days paired.
  public var n: Int
  /// `low` (n < 10), `medium` (10–29) or `high` (n ≥ 30).
  public var confidence: String
  /// One sentence in words.
  public var summary: String
  /// For a factor a day has or not: the paired days with it and without it (each at least 3).
  public var daysWith: Int? = nil
  public var daysWithout: Int? = nil
}

/// A better-is-higher pattern type's mean intensity per day (Energy Level, Sleep Quality…):
/// drawn as its own line, never averaged with the harder-is-higher types.
public struct PatternLine: Sendable, Equatable {
  public var typeID: String
  public var name: String
  /// Every day of the window; `nil` where the type was not logged with an intensity.
  public var days: [DailyValue]
}

/// One day of a monthly report's best or challenging days.
public struct DaySummary: Sendable, Equatable {
  public var date: LocalDate
  /// All its entries.
  public var entries: Int
  /// Its challenging entries.
  public var challengingEntries: Int
  /// The sum of the challenging entries' intensities (3 when none was given).
  public var challengeScore: Int
  /// The mean Energy Level intensity, when logged.
  public var averageEnergy: Double?
}

/// A pattern logged clearly more or less often than in the previous window.
public struct PatternChange: Sendable, Equatable {
  public var name: String
  public var typeID: String
  /// Entries in this window.
  public var current: Int
  /// Entries in the previous window.
  public var previous: Int
  /// `current - previous`.
  public var change: Int
  /// Percent change, 1 decimal; `nil` when there were none before.
  public var percentChange: Double?
  /// `up` or `down`.
  public var direction: String
}

/// One week of the monthly window with its entries per category.
public struct WeekCategoryCounts: Sendable, Equatable {
  /// The Monday starting the week.
  public var weekStart: LocalDate
  /// The part of the week inside the window.
  public var days: DayRange
  /// Entries per category, every category present, in catalog order.
  public var counts: [CategoryCount]
}

/// A category's number of entries.
public struct CategoryCount: Sendable, Equatable {
  public var category: PatternCategory
  public var count: Int
}
