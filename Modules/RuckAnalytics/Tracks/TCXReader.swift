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
    var time: Double?
    var latitude: Double?
    var longitude: Double?
    var altitude: Double?
    var firstTime: Double?
    var lastTime: Double?
    var text = ""
    while let event = try GPXReader.next(&tokenizer, name) {
      switch event {
      case .start(let element, _):
        if path.isEmpty, element != "TrainingCenterDatabase" {
          throw RuckError.badFile(name, "the root element is <\(element)>: expected a TCX file")
        }
        path.append(element)
        text = ""
        if element == "Track" { segment = [] }
        if element == "Trackpoint" { (time, latitude, longitude, altitude) = (nil, nil, nil, nil) }
      case .text(let chunk):
        text += chunk
      case .end(let element):
        let value = text.trimmedASCII
        let parent = path.count >= 2 ? path[path.count - 2] : ""
        func number() throws -> Double {
          guard let number = FastDecimal.parse(value) else {
            throw RuckError.badFile(
              name, "line \(tokenizer.currentLine): <\(element)> \"\(value)\" is not a number")
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
          guard let instant = ISOInstant.parse(value) else {
            throw RuckError.badFile(
              name, "line \(tokenizer.currentLine): time \"\(value)\" is not an ISO 8601 instant")
          }
          time = instant
          firstTime = firstTime ?? instant
          lastTime = instant
        case ("LatitudeDegrees", "Position"): latitude = try number()
        case ("LongitudeDegrees", "Position"): longitude = try number()
        case ("AltitudeMeters", "Trackpoint"): altitude = try number()
        case ("Trackpoint", _):
          if let latitude, let longitude {
            segment?.append(
              TrackPoint(time: time, latitude: latitude, longitude: longitude, elevation: altitude))
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
      throw RuckError.badFile(name, "the TCX file has neither positions nor a distance")
    }
    return ParsedTrack(
      segments: segments, deviceDistance: sawLapDistance ? lapDistance : nil,
      deviceCalories: sawLapCalories ? lapCalories : nil, deviceStart: firstTime,
      deviceEnd: lastTime)
  }
}
