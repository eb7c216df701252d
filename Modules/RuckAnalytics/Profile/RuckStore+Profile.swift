import AnalyticsCore
import GRDB

extension RuckStore {
  /// The profile (defaults until set).
  public func profile() throws -> RuckProfile {
    try writer.read(RuckProfile.current)
  }

  /// Changes the given settings and keeps the others.
  ///
  /// - throws: `TallyError` for a body weight outside 20–400 kg or a goal outside 1–14.
  public func updateProfile(
    bodyWeightKg: Double? = nil, units: UnitSystem? = nil, minRucksPerWeek: Int? = nil
  ) throws -> RuckProfile {
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
      try profile.save(db)
      return profile
    }
  }
}
