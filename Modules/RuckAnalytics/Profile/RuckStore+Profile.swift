import AnalyticsCore
import GRDB

extension RuckStore {
  /// The profile (defaults until set).
  public func profile() throws -> RuckProfile {
    try writer.read(RuckProfile.current)
  }

  /// Changes the given settings and keeps the others.
  ///
  /// - throws: `TallyError` for a body weight outside 20–400 kg, a goal outside 1–14, a maximum
  ///   heart rate outside 100–240, a resting one outside 25–120 or not below the maximum, or a
  ///   birth year outside 1900–2100 or after `asOf`'s year (a year to come made 220 − age 235).
  public func updateProfile(
    bodyWeightKg: Double? = nil, units: UnitSystem? = nil, minRucksPerWeek: Int? = nil,
    maxHeartRate: Int? = nil, restingHeartRate: Int? = nil, birthYear: Int? = nil,
    sex: Sex? = nil, asOf: LocalDate? = nil
  ) throws -> RuckProfile {
    if let birthYear, let asOf, birthYear > asOf.year {
      throw TallyError(
        value: "\(birthYear)", expected: "a birth year from 1900 to this year, \(asOf.year)")
    }
    if let maxHeartRate, !RuckProfile.maxHeartRates.contains(maxHeartRate) {
      throw TallyError(
        value: "\(maxHeartRate)", expected: "a maximum heart rate from 100 to 240 bpm")
    }
    if let restingHeartRate, !RuckProfile.restingHeartRates.contains(restingHeartRate) {
      throw TallyError(
        value: "\(restingHeartRate)", expected: "a resting heart rate from 25 to 120 bpm")
    }
    if let birthYear, !RuckProfile.birthYears.contains(birthYear) {
      throw TallyError(value: "\(birthYear)", expected: "a birth year from 1900 to 2100")
    }
    if let bodyWeightKg, !RuckProfile.bodyWeights.contains(bodyWeightKg) {
      throw TallyError(value: "\(bodyWeightKg)", expected: "a body weight from 20 to 400 kg")
    }
    if let minRucksPerWeek, !RuckProfile.weeklyGoals.contains(minRucksPerWeek) {
      throw TallyError(value: "\(minRucksPerWeek)", expected: "a weekly goal from 1 to 14 rucks")
    }
    return try writer.write { db in
      var profile = try RuckProfile.current(db)
      if let bodyWeightKg { profile.bodyWeightKg = bodyWeightKg }
      if let units { profile.units = units }
      if let minRucksPerWeek { profile.minRucksPerWeek = minRucksPerWeek }
      if let maxHeartRate { profile.maxHeartRate = maxHeartRate }
      if let restingHeartRate { profile.restingHeartRate = restingHeartRate }
      if let birthYear { profile.birthYear = birthYear }
      if let sex { profile.sex = sex }
      if let resting = profile.restingHeartRate, let maximum = profile.maxHeartRate,
        resting >= maximum
      {
        throw TallyError(
          value: "\(resting)", expected: "a resting heart rate below the maximum (\(maximum) bpm)")
      }
      try profile.save(db)
      return profile
    }
  }
}
