extension RuckSession {
  /// Sets calories by the Pandolf equation unless the device or the user gave them: with the
  /// session's body weight, else `profileBodyKg`; left as they are without a body weight or a
  /// moving time. The one place a session's calories are estimated (import, logging, editing).
  mutating func estimateCalories(profileBodyKg: Double?) {
    guard caloriesSource == .pandolf || caloriesSource == .none,
      let body = bodyWeightKg ?? profileBodyKg, movingSeconds > 0
    else { return }
    calories = Pandolf.kilocalories(
      bodyKg: body, loadKg: loadKg, distance: distanceMeters, moving: movingSeconds,
      elapsed: elapsedSeconds, climb: elevationGainMeters ?? 0,
      terrainFactor: terrain?.factor ?? 1.0)
    caloriesSource = .pandolf
  }
}
