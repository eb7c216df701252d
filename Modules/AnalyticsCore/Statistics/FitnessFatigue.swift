/// Banister's impulse–response model of training as TrainingPeaks' performance chart draws it:
/// fitness (chronic training load) and fatigue (acute training load) are exponentially weighted
/// averages of the daily load with time constants of 42 and 7 days,
///
///     x(d) = x(d − 1) + (load(d) − x(d − 1)) / τ,
///
/// both starting at 0 before the first day, and form is fitness − fatigue.
public enum FitnessFatigue {
  public static let fitnessDays = 42.0
  public static let fatigueDays = 7.0

  /// Fitness and fatigue at the end of each day of `loads` (one load per consecutive day).
  public static func series(_ loads: [Double]) -> [(fitness: Double, fatigue: Double)] {
    var (fitness, fatigue) = (0.0, 0.0)
    return loads.map { load in
      fitness += (load - fitness) / fitnessDays
      fatigue += (load - fatigue) / fatigueDays
      return (fitness, fatigue)
    }
  }
}
