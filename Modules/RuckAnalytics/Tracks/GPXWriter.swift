import AnalyticsCore
import Foundation

/// Writes a stored track as GPX 1.1 (one track, its segments as stored, elevations and times
/// when recorded), for other apps to read: the schema's element order, decimal numbers without
/// exponents, and XML-escaped text. The session's own bounds, moving time and distance go into
/// the metadata's extensions (`tally:session`, which other apps skip): the points alone cannot
/// give them back for a planned route (no times), a device's distance (TCX, FIT) or an edited
/// session, and Tally reads them on import so that an exported session comes back the same
/// (written in Swift's shortest form that reads back to the same `Double`).
enum GPXWriter {
  static func gpx(_ session: RuckSession, points: [StoredTrackPoint], name: String) -> String {
    var out = """
      <?xml version="1.0" encoding="UTF-8"?>
      <gpx version="1.1" creator="Tally ruck-cli" xmlns="http://www.topografix.com/GPX/1/1" \
      xmlns:gpxtpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v1" \
      xmlns:tally="\(GPXReader.SavedSession.namespace)">
      <metadata><name>\(escape(name))</name><time>\(session.startedAt)</time><extensions>\
      <tally:session start="\(session.startedAt)" end="\(session.endedAt)" \
      moving_s="\(session.movingSeconds)" distance_m="\(session.distanceMeters)"\
      \(details(session))/>\
      </extensions></metadata>
      <trk><name>\(escape(name))</name><type>\(session.activity.rawValue)</type>

      """
    var segment: Int?
    for point in points {
      if point.segment != segment {
        if segment != nil { out += "</trkseg>\n" }
        out += "<trkseg>\n"
        segment = point.segment
      }
      out += "<trkpt lat=\"\(decimal(point.latitude))\" lon=\"\(decimal(point.longitude))\">"
      if let elevation = point.elevation { out += "<ele>\(decimal(elevation))</ele>" }
      if let time = point.time { out += "<time>\(time)</time>" }
      if let rate = point.heartRate {
        out +=
          "<extensions><gpxtpx:TrackPointExtension><gpxtpx:hr>\(rate)</gpxtpx:hr>"
          + "</gpxtpx:TrackPointExtension></extensions>"
      }
      out += "</trkpt>\n"
    }
    if segment != nil { out += "</trkseg>\n" }
    return out + "</trk>\n</gpx>\n"
  }

  /// The session's details as attributes of `tally:session`, each only when it has one: what
  /// the points cannot give back (a restored export had lost its 20 kg load, so its weight
  /// moved). Calories only when recorded or given; an estimate is made again on import.
  static func details(_ session: RuckSession) -> String {
    var out = ""
    func add(_ key: String, _ value: String?) {
      if let value { out += " \(key)=\"\(escape(value))\"" }
    }
    add("load_kg", session.loadKg == 0 ? nil : "\(session.loadKg)")
    add("body_weight_kg", session.bodyWeightKg.map { "\($0)" })
    add("terrain", session.terrain?.rawValue)
    add("temperature_c", session.temperatureC.map { "\($0)" })
    add("conditions", session.conditions)
    add("notes", session.notes)
    if session.caloriesSource == .device || session.caloriesSource == .manual {
      add("calories", session.calories.map { "\($0)" })
    }
    return out
  }

  /// `value` with up to nine decimals (0.1 mm of latitude: more than any receiver measures) and
  /// no exponent, which `xsd:decimal` does not allow (Swift writes 0.00001 as `1e-05`).
  static func decimal(_ value: Double) -> String {
    var text = FixedNotation.format(value, decimals: 9)
    while text.hasSuffix("0") { text.removeLast() }
    if text.hasSuffix(".") { text.removeLast() }
    return text
  }

  /// `text` as XML text or attribute value, scalar by scalar: a quote followed by a combining
  /// mark is one `Character` and slipped through a check by characters, ending the attribute
  /// early. Line breaks and tabs are kept as references (an attribute reads them back as
  /// spaces); the control characters XML 1.0 does not allow are left out.
  static func escape(_ text: String) -> String {
    var out = ""
    out.unicodeScalars.reserveCapacity(text.unicodeScalars.count)
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&apos;"
      case "\n": out += "&#10;"
      case "\r": out += "&#13;"
      case "\t": out += "&#9;"
      case "\u{0}"..."\u{1F}", "\u{FFFE}", "\u{FFFF}": break
      default: out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}

extension RuckStore {
  /// The session's stored track as GPX 1.1, named after its file (or `Session N`).
  ///
  /// - throws: `TallyError` when there is no such session (missing input) or it has no track.
  public func exportGPX(sessionId id: Int64) throws -> String {
    let (session, points, file) = try writer.read { db in
      let session = try Self.existingSession(db, id: id)
      return (
        session, try Self.storedPoints(db, sessionId: id),
        try session.sourceFileId.flatMap { try SourceFile.fetchOne(db, key: $0) }
      )
    }
    guard !points.isEmpty else {
      throw TallyError.refused(
        "session \(id) has no track: only sessions imported from GPX, TCX or FIT files have one",
        category: .badData)
    }
    return GPXWriter.gpx(session, points: points, name: file?.name ?? "Session \(id)")
  }
}
