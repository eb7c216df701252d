import AnalyticsCore

/// The 7-day report ending on the as-of day.
public struct WeeklyReport: Sendable, Equatable {
  public var window: DayRange
  /// The 7 days before, for `changes`.
  public var previousWindow: DayRange
  /// The days of the window since tracking began; `nil` when none was tracked.
  public var trackedDays: DayRange?
  /// The tracked days of the previous window; `nil` when none was tracked, and then there are no
  /// `changes` (nothing to compare with, rather than a rise from zero).
  public var previousTrackedDays: DayRange?
  public var totalEntries: Int
  /// Entries ÷ tracked days, 2 decimals (0 when none was tracked).
  public var dailyAverage: Double
  /// The day with most entries (ties: the earliest), `nil` when there are none.
  public var mostActiveDay: LocalDate?
  /// Entries on that day.
  public var mostActiveDayEntries: Int
  /// Entries per day, all 7 days.
  public var dailyCounts: [DayCount]
  /// Each pattern's count, by count then name.
  public var patternFrequency: [PatternCount]
  /// Each category's count and share, by count then catalog order.
  public var categoryDistribution: [CategoryShare]
  /// The mean Energy Level intensity of each of the 7 days.
  public var energyTrend: [DailyValue]
  /// The tags and note words most often seen with trigger-type patterns (at least twice, 5 at
  /// most).
  public var commonTriggers: [TriggerCount]
  /// Adherence and ratings per medication.
  public var medicationInsights: [MedicationInsight]
  /// Patterns up or down by at least 25% and at least 3 entries against the previous 7 days.
  public var changes: [PatternChange]
  /// The window's check-ins.
  public var checkIns: CheckInSummary
}

/// The 30-day report ending on the as-of day.
public struct MonthlyReport: Sendable, Equatable {
  public var window: DayRange
  /// The 30 days before, for `changes`.
  public var previousWindow: DayRange
  /// The days of the window since tracking began; `nil` when none was tracked.
  public var trackedDays: DayRange?
  /// The tracked days of the previous window; `nil` when none was tracked, and then there are no
  /// `changes` (nothing to compare with, rather than a rise from zero).
  public var previousTrackedDays: DayRange?
  public var totalEntries: Int
  /// Entries ÷ tracked days, 2 decimals (0 when none was tracked).
  public var dailyAverage: Double
  /// Entries per day, all 30 days.
  public var dailyCounts: [DayCount]
  /// The 5 most logged patterns.
  public var topPatterns: [PatternCount]
  /// Entries per category for each Monday week overlapping the window.
  public var categoryTrends: [WeekCategoryCounts]
  /// Correlations over days that pass the 3-and-3 rule.
  public var correlations: [CorrelationFinding]
  /// Up to 3 logged days with the lowest challenge score.
  public var bestDays: [DaySummary]
  /// Up to 3 days with the highest challenge score.
  public var challengingDays: [DaySummary]
  /// Patterns up or down by at least 25% and at least 3 entries against the previous 30 days.
  public var changes: [PatternChange]
  /// Tags and note words seen with trigger patterns, as the weekly report counts them.
  public var commonTriggers: [TriggerCount]
  /// Adherence, ratings and challenging patterns on days taken and not, per medication.
  public var medicationEffectiveness: [MedicationInsight]
  /// The window's check-ins.
  public var checkIns: CheckInSummary
}

/// The check-ins of a report's window: on how many days, and each number's mean.
public struct CheckInSummary: Sendable, Equatable {
  public var days: Int
  /// Mood, energy, hours slept and each rating given in the window, its mean (2 decimals) and
  /// on how many days.
  public var averages: [CheckInAverage]
}

public struct CheckInAverage: Sendable, Equatable {
  public var name: String
  public var average: Double
  public var days: Int
}
