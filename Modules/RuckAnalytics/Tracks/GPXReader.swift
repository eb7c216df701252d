import AnalyticsCore
import DataFormats
import Foundation

/// Reads GPX 1.0 and 1.1 by streaming its XML: every track and segment, or the routes when the
/// file has no track points. Waypoints and extensions are skipped.
enum GPXReader {
  static func read(_ data: Data, name: String) throws -> ParsedTrack {
    var tokenizer = XMLTokenizer(data: data)
    var trackSegments: [[TrackPoint]] = []
    var routes: [[TrackPoint]] = []
    var segment: [TrackPoint]?
    var route: [TrackPoint]?
    var point: TrackPoint?
    var pointDepth = 0
    var pointLine = 0
    var inMetadata = false
    var saved: SavedSession?
    var field: String?
    var text = ""
    var rootChecked = false
    var sport: String?
    var trackDepth: Int?
    while let event = try next(&tokenizer, name) {
      switch event {
      case .start(let element, let attributes):
        if !rootChecked {
          guard element == "gpx" else {
            throw TallyError.invalid(
              "root element", "<\(element)>", expected: "a GPX file (root element <gpx>)",
              source: .init(name))
          }
          rootChecked = true
        }
        switch element {
        case "trk":
          trackDepth = tokenizer.depth
        case "type" where sport == nil && trackDepth.map({ tokenizer.depth == $0 + 1 }) == true:
          field = element
          text = ""
        case "trkseg" where point == nil:
          segment = []
        case "rte" where point == nil:
          route = []
        case "trkpt" where segment != nil, "rtept" where route != nil:
          guard let lat = attributes["lat"].flatMap(FastDecimal.parse),
            let lon = attributes["lon"].flatMap(FastDecimal.parse)
          else {
            throw TallyError.invalid(
              element, "lat=\(attributes["lat"] ?? "") lon=\(attributes["lon"] ?? "")",
              expected: "a valid lat/lon: lat -90…90 and lon -180…180",
              source: .init(name, line: tokenizer.currentLine))
          }
          point = TrackPoint(time: nil, latitude: lat, longitude: lon, elevation: nil)
          pointDepth = tokenizer.depth
          pointLine = tokenizer.currentLine
        case "metadata":
          inMetadata = true
        case "session" where inMetadata:
          // What Tally's own export says of the session (GPXWriter): its bounds, moving time
          // and distance survive a round trip even where the points do not give them (a planned
          // route, a device's distance, an edited session).
          saved = try SavedSession(attributes, source: .init(name, line: tokenizer.currentLine))
        case "ele", "time":
          if point != nil, tokenizer.depth == pointDepth + 1 {
            field = element
            text = ""
          }
        case "hr":
          // Garmin's TrackPointExtension (gpxtpx:hr) and its copies, at any depth in the point.
          if point != nil {
            field = element
            text = ""
          }
        default:
          break
        }
      case .text(let chunk):
        // Most fields arrive in one chunk: taking it is a reference, appending would copy.
        if field != nil { if text.isEmpty { text = chunk } else { text += chunk } }
      case .end(let element):
        if let current = field, element == current {
          let value = text.trimmedASCII
          if current == "type" {
            sport = value
          } else if current == "hr" {
            guard let rate = Int(value), TrackPoint.heartRates.contains(rate) else {
              throw TallyError.invalid(
                "hr", value, expected: "a heart rate in beats per minute",
                source: .init(name, line: tokenizer.currentLine))
            }
            point?.heartRate = rate
          } else if current == "ele" {
            guard let elevation = FastDecimal.parse(value) else {
              throw TallyError.invalid(
                "ele", value, expected: "a number of metres",
                source: .init(name, line: tokenizer.currentLine))
            }
            point?.elevation = elevation
          } else {
            // GPX times are UTC when they carry no offset (GPX 1.1 schema, xsd:dateTime).
            guard let time = Instant.parse(value, zone: .utc) else {
              throw TallyError.invalid(
                "time", value, expected: Instant.expectedText,
                source: .init(name, line: tokenizer.currentLine))
            }
            point?.time = time
          }
          field = nil
        } else if element == "trkpt" || element == "rtept", let parsed = point,
          tokenizer.depth == pointDepth - 1
        {
          let finished = try parsed.validated(.init(name, line: pointLine), point: element)
          if element == "trkpt" { segment?.append(finished) } else { route?.append(finished) }
          point = nil
        } else if element == "trk" {
          trackDepth = nil
        } else if element == "metadata" {
          inMetadata = false
        } else if element == "trkseg", let finished = segment {
          trackSegments.append(finished)
          segment = nil
        } else if element == "rte", let finished = route {
          routes.append(finished)
          route = nil
        }
      }
    }
    // Tracks first; routes (a planned way) when the tracks hold fewer than two points.
    let tracks = trackSegments.filter { !$0.isEmpty }
    let usableRoutes = routes.filter { !$0.isEmpty }
    let trackPoints = tracks.reduce(0) { $0 + $1.count }
    let segments = trackPoints >= 2 || usableRoutes.isEmpty ? tracks : usableRoutes
    // Only a file without a usable point is refused: one point is a session of no distance.
    guard !segments.isEmpty else {
      throw TallyError.refused(
        "the GPX file has no track or route points: expected at least one point",
        source: .init(name))
    }
    return ParsedTrack(
      segments: segments, deviceDistance: saved?.distance, deviceStart: saved?.start,
      deviceEnd: saved?.end, sport: sport, deviceMovingTime: saved?.moving)
  }

  /// The `<tally:session>` element Tally's export writes into `<metadata><extensions>`.
  struct SavedSession {
    static let namespace = "https://tally.invalid/ruck/gpx/1"
    var start: Instant
    var end: Instant
    /// Seconds.
    var moving: Double
    /// Metres.
    var distance: Double

    init(_ attributes: XMLAttributes, source: TallyError.Source) throws {
      func value<T>(_ key: String, _ parse: (String) -> T?) throws -> T {
        guard let text = attributes[key], let parsed = parse(text) else {
          throw TallyError.invalid(
            "session \(key)", attributes[key] ?? "", expected: "what Tally's export writes",
            source: source)
        }
        return parsed
      }
      start = try value("start") { Instant.parse($0, zone: .utc) }
      end = try value("end") { Instant.parse($0, zone: .utc) }
      moving = try value("moving_s") { FastDecimal.parse($0).flatMap(SessionLimits.seconds) }
      distance = try value("distance_m") { FastDecimal.parse($0).flatMap(SessionLimits.metres) }
      guard start <= end else {
        throw TallyError.invalid(
          "session end", "\(end)", expected: "an end on or after the start \(start)",
          source: source)
      }
    }
  }

  static func next(_ tokenizer: inout XMLTokenizer, _ name: String) throws -> XMLEvent? {
    do { return try tokenizer.next() } catch let error as TallyError {
      throw error.at(.init(name))
    }
  }
}
