import AnalyticsCore
import DataFormats
import Foundation

/// Reads Garmin TCX (Activities/Activity/Lap/Track/Trackpoint) by streaming its XML. Each Track
/// is a segment. The laps' `DistanceMeters` and `Calories` are kept as the device's totals: that
/// is what the watch showed the user.
enum TCXReader {
  static func read(_ data: Data, name: String) throws -> ParsedTrack {
    var tokenizer = XMLTokenizer(data: data)
    var path: [String] = []
    var segments: [[TrackPoint]] = []
    var segment: [TrackPoint]?
    var lapDistance = 0.0
    var lapCalories = 0.0
    var sawLapDistance = false
    var sawLapCalories = false
    var time: Instant?
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var heartRate: Int?
    var firstTime: Instant?
    var lastTime: Instant?
    var text = ""
    var sport: String?
    while let event = try GPXReader.next(&tokenizer, name) {
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
        if element == "Trackpoint" {
          (time, latitude, longitude, altitude, heartRate) = (nil, nil, nil, nil, nil)
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
          sawLapDistance = true
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
          firstTime = firstTime ?? instant
          lastTime = instant
        case ("LatitudeDegrees", "Position"): latitude = try number()
        case ("LongitudeDegrees", "Position"): longitude = try number()
        case ("AltitudeMeters", "Trackpoint"): altitude = try number()
        case ("Value", "HeartRateBpm")
        where path.count >= 3 && path[path.count - 3] == "Trackpoint":
          heartRate = Int(try number().rounded())
        case ("Trackpoint", _):
          if let latitude, let longitude {
            segment?.append(
              TrackPoint(
                time: time, latitude: latitude, longitude: longitude, elevation: altitude,
                heartRate: heartRate))
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
    guard !segments.isEmpty || sawLapDistance else {
      throw TallyError.refused(
        "the TCX file has neither positions nor a distance", source: .init(name))
    }
    return ParsedTrack(
      segments: segments, deviceDistance: sawLapDistance ? lapDistance : nil,
      deviceCalories: sawLapCalories ? lapCalories : nil, deviceStart: firstTime,
      deviceEnd: lastTime, sport: sport)
  }
}
