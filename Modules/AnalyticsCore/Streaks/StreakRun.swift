/// One unbroken run of a streak.
public struct StreakRun: Sendable, Hashable {
  /// The first day of the run (for weekly streaks, the first day of its first week).
  public let start: LocalDate
  /// The last day of the run (for weekly streaks, the last day of its last week).
  public let end: LocalDate
  /// The run's length in its unit: days for a daily streak, periods for a periodic one.
  public let length: Int

  /// Creates a run.
  public init(start: LocalDate, end: LocalDate, length: Int) {
    self.start = start
    self.end = end
    self.length = length
  }
}

/// The current and longest run of a streak, as of a day.
public struct Streak: Sendable, Equatable {
  /// The run that is still alive as of the as-of day, if any.
  public let currentRun: StreakRun?
  /// The longest run over all history up to the as-of day (the earliest among equals).
  public let longestRun: StreakRun?
  /// Every run up to the as-of day, oldest first (the current one last, when alive).
  public let runs: [StreakRun]

  /// The current length (0 when no run is alive).
  public var current: Int { currentRun?.length ?? 0 }
  /// The longest length (0 when there was never a run).
  public var longest: Int { longestRun?.length ?? 0 }

  init(runs: [StreakRun], currentRun: StreakRun?) {
    self.runs = runs
    self.currentRun = currentRun
    var best: StreakRun?
    for run in runs where run.length > (best?.length ?? 0) { best = run }
    self.longestRun = best
  }
}
