import AnalyticsCore

/// The one check every track format's points go through (GPX, TCX and FIT alike), so that no
/// reader lets through what another refuses.
extension TrackPoint {
  /// Latitudes a position can have, degrees.
  public static let latitudes = -90.0...90.0
  /// Longitudes a position can have, degrees.
  public static let longitudes = -180.0...180.0
  /// Elevations a walker's receiver can plausibly record, metres: the Dead Sea shore (−430 m) and
  /// Everest (8,849 m), with room for GPS error either side.
  public static let elevations = -1_000.0...10_000.0
  /// Heart rates a device can plausibly record, beats per minute.
  public static let heartRates = 1...300

  /// `self` when every field is in its range (finite, within the ranges above).
  ///
  /// - throws: `TallyError` (bad data) naming the file and the point (`source`: its line in XML;
  ///   `point`: `trkpt`, `Trackpoint`, `record 12` for FIT) and the field.
  func validated(_ source: TallyError.Source, point: String) throws -> TrackPoint {
    guard latitude.isFinite, Self.latitudes.contains(latitude), longitude.isFinite,
      Self.longitudes.contains(longitude)
    else {
      throw TallyError.invalid(
        point, "lat=\(latitude) lon=\(longitude)",
        expected: "a valid lat/lon: lat -90…90 and lon -180…180", category: .badData,
        source: source)
    }
    if let elevation, !(elevation.isFinite && Self.elevations.contains(elevation)) {
      throw TallyError.invalid(
        "\(point) elevation", "\(elevation)",
        expected: "metres within \(SessionLimits.text(Self.elevations.lowerBound))…"
          + "\(SessionLimits.text(Self.elevations.upperBound))",
        category: .badData, source: source)
    }
    if let heartRate, !Self.heartRates.contains(heartRate) {
      throw TallyError.invalid(
        "\(point) heart rate", "\(heartRate)",
        expected:
          "a heart rate within \(Self.heartRates.lowerBound)…\(Self.heartRates.upperBound) bpm",
        category: .badData, source: source)
    }
    return self
  }
}
