import AnalyticsCore
import DataFormats
import Foundation

/// Reads Garmin TCX (Activities/Activity/Lap/Track/Trackpoint) by streaming its XML. Each Track
/// is a segment, over every activity and lap of the file, in any order and of any sport. The
/// laps' `DistanceMeters` and `Calories` are kept as the device's totals — what the watch showed
/// the user — when every lap has one; a lap without `DistanceMeters` leaves the distance to the
/// points.
enum TCXReader {
  static func read(_ data: Data, name: String) throws -> ParsedTrack {
    var tokenizer = XMLTokenizer(data: data)
    var path: [String] = []
    var segments: [[TrackPoint]] = []
    var segment: [TrackPoint]?
    var lapDistance = 0.0
    var lapCalories = 0.0
    var laps = 0
    var lapsWithDistance = 0
    var sawLapCalories = false
    var trackpointLine = 0
    var time: Instant?
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var heartRate: Int?
    var firstTime: Instant?
    var lastTime: Instant?
    var text = ""
    var sport: String?
    while let event = try GPXReader.nextEvent(&tokenizer, name) {
      switch event {
      case .start(let element, let attributes):
        if element == "Activity", sport == nil { sport = attributes["Sport"] }
        if path.isEmpty, element != "TrainingCenterDatabase" {
          throw TallyError.invalid(
            "root element", "<\(element)>",
            expected: "a TCX file (root element <TrainingCenterDatabase>)",
            source: .init(name))
        }
        path.append(element)
        text = ""
        if element == "Track" { segment = [] }
        if element == "Lap" { laps += 1 }
        if element == "Trackpoint" {
          (time, latitude, longitude, altitude, heartRate) = (nil, nil, nil, nil, nil)
          trackpointLine = tokenizer.currentLine
        }
      case .text(let chunk):
        text += chunk
      case .end(let element):
        let value = text.trimmedASCII
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        func number() throws -> Double {
          guard let number = FastDecimal.parse(value) else {
            throw TallyError.invalid(
              element, value, expected: "a number", source: .init(name, line: tokenizer.currentLine)
            )
          }
          return number
        }
        switch (element, parent) {
        case ("DistanceMeters", "Lap"):
          lapDistance += try number()
          lapsWithDistance += 1
        case ("Calories", "Lap"):
          lapCalories += try number()
          sawLapCalories = true
        case ("Time", "Trackpoint"):
          // TCX times without an offset are UTC, as the schema's xsd:dateTime reads them.
          guard let instant = Instant.parse(value, zone: .utc) else {
            throw TallyError.invalid(
              "Time", value, expected: Instant.expectedText,
              source: .init(name, line: tokenizer.currentLine))
          }
          time = instant
          firstTime = min(firstTime ?? instant, instant)
          lastTime = max(lastTime ?? instant, instant)
        case ("LatitudeDegrees", "Position"): latitude = try number()
        case ("LongitudeDegrees", "Position"): longitude = try number()
        case ("AltitudeMeters", "Trackpoint"): altitude = try number()
        case ("Value", "HeartRateBpm")
        where path.count >= 3 && path[path.count - 3] == "Trackpoint":
          // Checked before converting: Int(1e308) would trap.
          let rate = try number()
          guard rate.isFinite,
            Double(TrackPoint.heartRates.lowerBound)...Double(TrackPoint.heartRates.upperBound)
              ~= rate.rounded()
          else {
            throw TallyError.invalid(
              "HeartRateBpm", value,
              expected: "a heart rate within \(TrackPoint.heartRates.lowerBound)…"
                + "\(TrackPoint.heartRates.upperBound) bpm",
              source: .init(name, line: tokenizer.currentLine))
          }
          heartRate = Int(rate.rounded())
        case ("Trackpoint", _):
          if let latitude, let longitude {
            segment?.append(
              try TrackPoint(
                time: time, latitude: latitude, longitude: longitude, elevation: altitude,
                heartRate: heartRate
              ).validated(.init(name, line: trackpointLine), point: "Trackpoint"))
          }
        case ("Track", _):
          if let finished = segment, !finished.isEmpty { segments.append(finished) }
          segment = nil
        default:
          break
        }
        path.removeLast()
        text = ""
      }
    }
    let lapsDistance = laps > 0 && lapsWithDistance == laps ? lapDistance : nil
    guard !segments.isEmpty || lapsDistance != nil else {
      throw TallyError.refused(
        "the TCX file has neither positions nor a distance", source: .init(name))
    }
    return ParsedTrack(
      segments: segments, deviceDistance: lapsDistance,
      deviceCalories: sawLapCalories ? lapCalories : nil, deviceStart: firstTime,
      deviceEnd: lastTime, sport: sport)
  }
}
