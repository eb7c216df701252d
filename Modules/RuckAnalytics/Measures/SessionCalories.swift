extension RuckSession {
  /// Sets calories by the Pandolf equation unless the device or the user gave them: with the
  /// session's body weight, else `profileBodyKg`; left as they are without a body weight or a
  /// moving time. The one place a session's calories are estimated (import, logging, editing).
  ///
  /// Pandolf's equation describes walking with a load: at an average faster than
  /// `fastestPlausiblePace` (a vehicle, a GPS fault, a typo) it gives nonsense — 1,000 km in an
  /// hour came to 7,966,961 kcal, 80 times the most a session may be given — so such a session
  /// has no estimate, and loses one it had.
  mutating func estimateCalories(profileBodyKg: Double?) {
    guard caloriesSource == .pandolf || caloriesSource == .none else { return }
    // No estimate for a session that is not what it says (a drive, a watch left running, a
    // load typed in pounds): Pandolf's equation would turn the error into calories.
    if implausibility != nil {
      (calories, caloriesSource) = (nil, .none)
      return
    }
    guard let body = bodyWeightKg ?? profileBodyKg, movingSeconds > 0 else { return }
    calories = Pandolf.kilocalories(
      bodyKg: body, loadKg: loadKg, distance: distanceMeters, moving: movingSeconds,
      elapsed: elapsedSeconds, climb: elevationGainMeters ?? 0,
      terrainFactor: terrain?.factor ?? 1.0)
    // At most the documented limit of a session's calories.
    calories = calories.map { min($0, SessionLimits.calories.upperBound) }
    caloriesSource = .pandolf
  }
}
