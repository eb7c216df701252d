/// Energy cost of load carriage by the Pandolf equation (Pandolf, Givoni & Goldman, 1977):
///
///     M = 1.5·W + 2.0·(W + L)·(L/W)² + η·(W + L)·(1.5·V² + 0.35·V·G)   watts
///
/// with W body mass (kg), L load (kg), V speed (m/s), G grade (%), η the terrain factor.
public enum Pandolf {
  /// Metabolic rate in watts.
  public static func watts(
    bodyKg: Double, loadKg: Double, speed: Double, gradePercent: Double, terrainFactor: Double
  ) -> Double {
    let w = bodyKg
    let l = max(0, loadKg)
    let standing = 1.5 * w + 2.0 * (w + l) * (l / w) * (l / w)
    return standing + terrainFactor * (w + l) * (1.5 * speed * speed + 0.35 * speed * gradePercent)
  }

  /// Kilocalories of a session: moving time at its average moving speed and climb grade, plus
  /// the standing cost (V = 0) for the rest of the elapsed time.
  ///
  /// - Parameters:
  ///   - distance: metres; `moving` and `elapsed`: seconds; `climb`: metres of elevation gain.
  public static func kilocalories(
    bodyKg: Double, loadKg: Double, distance: Double, moving: Double, elapsed: Double,
    climb: Double, terrainFactor: Double
  ) -> Double {
    guard bodyKg > 0 else { return 0 }
    let speed = moving > 0 ? distance / moving : 0
    let grade = distance > 0 ? climb / distance * 100 : 0
    let active =
      watts(
        bodyKg: bodyKg, loadKg: loadKg, speed: speed, gradePercent: grade,
        terrainFactor: terrainFactor) * moving
    let rest =
      watts(
        bodyKg: bodyKg, loadKg: loadKg, speed: 0, gradePercent: 0, terrainFactor: terrainFactor)
      * max(0, elapsed - moving)
    return (active + rest) / 4184
  }
}
