import AnalyticsCore
import DataFormats
import Foundation

/// Reads GPX 1.0 and 1.1 by streaming its XML: every track and segment, or the routes when the
/// file has no track points. Waypoints and extensions are skipped.
///
/// It reads the tokenizer's tokens, not its `String` events: names are compared as numbers and
/// coordinates, elevations and times parsed from the bytes. A large file is read in two halves
/// on two threads (`readInHalves`). Figures in `Docs/Ruck.md`.
enum GPXReader {
  /// - Parameter halvesFrom: the size from which a file is read in two halves (tests lower it).
  static func read(_ data: Data, name: String, halvesFrom: Int = halvesFromBytes) throws
    -> ParsedTrack
  {
    try XMLTokenizer.reading(data) { tokenizer in
      let names = Names(&tokenizer)
      if data.count >= halvesFrom,
        let reading = readInHalves(tokenizer, data, names: names, fileName: name)
      {
        return try reading.track()
      }
      var reading = GPXReading(names: names, fileName: name)
      try reading.read(&tokenizer)
      return try reading.track()
    }
  }

  /// Files from this size on are read in two halves: below it, a second thread is not worth its
  /// start (a 1 MB file takes about 10 ms to read).
  static let halvesFromBytes = 1 << 20

  /// How deep a track point's segment lies in a GPX file as devices write it: `gpx`, `trk`,
  /// `trkseg`. The second half starts there; a file where it does not is read whole.
  static let segmentDepth = 3

  /// Reads `data` in two halves on two threads, split before a `<trkpt` near the middle, and
  /// joins them; `nil` when the file has no such point, or the halves do not join as
  /// one reading (the split fell in a comment, at another depth, …) or either half failed: then
  /// the file is read whole, which also reports its first error as a whole reading does.
  ///
  /// The result is the whole reading's: the second half starts in the state the first leaves
  /// before a point (in a segment, no point or field open), which `joined` checks, and the
  /// tokenizers check that the second half's end tags close the first half's elements.
  static func readInHalves(
    _ tokenizer: XMLTokenizer, _ data: Data, names: Names, fileName: String
  ) -> GPXReading? {
    guard let offset = pointStart(in: data, from: data.count / 2) else { return nil }
    let (head, tail) = tokenizer.split(at: offset, depth: segmentDepth)
    let halves = LockedValue<[(reading: GPXReading, tokenizer: XMLTokenizer)?]>([nil, nil])
    DispatchQueue.concurrentPerform(iterations: 2) { half in
      var tokenizer = half == 0 ? head : tail
      var reading = GPXReading(
        names: names, fileName: fileName, inSegmentAt: half == 0 ? nil : segmentDepth)
      if half == 1 { reading.reserve(tokenizer.bytesAfter) }
      guard (try? reading.read(&tokenizer)) != nil else { return }
      halves.withLock { $0[half] = (reading, tokenizer) }
    }
    // Joined where it lies, so that the first half's points are not shared and grow in place.
    return halves.withLock { halves -> GPXReading? in
      guard let second = halves[1], let head = halves[0]?.tokenizer,
        XMLTokenizer.joins(head, second.tokenizer),
        halves[0]?.reading.join(second.reading, depth: segmentDepth) == true
      else { return nil }
      return halves[0]?.reading
    }
  }

  /// Where the first `<trkpt` tag at or after `start` begins.
  static func pointStart(in data: Data, from start: Int) -> Int? {
    let tag = Array("<trkpt".utf8)
    return data.withUnsafeBytes { bytes -> Int? in
      var position = start
      while position + tag.count < bytes.count {
        if bytes[position] == tag[0], bytes[position + tag.count] <= 0x20,
          (1..<tag.count).allSatisfy({ bytes[position + $0] == tag[$0] })
        {
          return position
        }
        position += 1
      }
      return nil
    }
  }

  /// The numbers the tokenizer gives the names GPX reading looks for.
  struct Names: Sendable {
    let gpx: Int
    let trk: Int
    let type: Int
    let trkseg: Int
    let trkpt: Int
    let rte: Int
    let rtept: Int
    let ele: Int
    let time: Int
    let hr: Int
    let metadata: Int
    let session: Int
    let lat: Int
    let lon: Int

    init(_ tokenizer: inout XMLTokenizer) {
      trkpt = tokenizer.intern("trkpt")
      lat = tokenizer.intern("lat")
      lon = tokenizer.intern("lon")
      ele = tokenizer.intern("ele")
      time = tokenizer.intern("time")
      hr = tokenizer.intern("hr")
      rtept = tokenizer.intern("rtept")
      gpx = tokenizer.intern("gpx")
      trk = tokenizer.intern("trk")
      type = tokenizer.intern("type")
      trkseg = tokenizer.intern("trkseg")
      rte = tokenizer.intern("rte")
      metadata = tokenizer.intern("metadata")
      session = tokenizer.intern("session")
    }
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
    /// Load, body weight, terrain, temperature, conditions and notes, as the session had them.
    var details = SessionOptions()
    /// Calories the device recorded or the user gave (an estimate is made again on import).
    var calories: Double?

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
      func number(_ key: String, _ range: ClosedRange<Double>) throws -> Double? {
        guard attributes[key] != nil else { return nil }
        return try value(key) { FastDecimal.parse($0).flatMap { SessionLimits.within($0, range) } }
      }
      details.loadKg = try number("load_kg", SessionLimits.loadKg)
      details.bodyWeightKg = try number("body_weight_kg", SessionLimits.bodyWeightKg)
      details.temperatureC = try number("temperature_c", SessionLimits.temperatureC)
      calories = try number("calories", SessionLimits.calories)
      if attributes["terrain"] != nil {
        details.terrain = try value("terrain") { try? Terrain(parsing: $0) }
      }
      details.conditions = attributes["conditions"]
      details.notes = attributes["notes"]
    }
  }

  static func nextEvent(_ tokenizer: inout XMLTokenizer, _ name: String) throws -> XMLEvent? {
    do { return try tokenizer.next() } catch let error as TallyError {
      throw error.inFile(name)
    }
  }
}

/// What reading a GPX file has gathered so far: a whole file's reading, or one of two halves
/// (`GPXReader.readInHalves`).
struct GPXReading: Sendable {
  typealias Names = GPXReader.Names

  let names: Names
  let fileName: String
  var trackSegments: [[TrackPoint]] = []
  var routes: [[TrackPoint]] = []
  var segment: [TrackPoint]?
  var route: [TrackPoint]?
  var point: TrackPoint?
  var pointDepth = 0
  var pointLine = 0
  var inMetadata = false
  var saved: GPXReader.SavedSession?
  /// The element whose text is being gathered (`names.ele`, …), and its text so far.
  var field: Int?
  var text: [UInt8] = []
  var rootChecked = false
  var sport: String?
  var trackDepth: Int?
  /// A second half: whether the segment open at its start is still the one it began in, and
  /// whether that one ended as `trackSegments[0]` (to be joined to the first half's points).
  var inFirstSegment = false
  var firstSegmentContinues = false
  /// Whether a segment reserved room for the rest of the file's points.
  var reserved = false
  /// About the fewest bytes a device's point with its elevation and time takes (~100 in the
  /// files seen): reserving by it leaves room for all of a file's points.
  static let bytesPerPoint = 90

  /// A reading from the start of a file, or (`inSegmentAt`) from a point in a segment that
  /// depth deep, its track one level up.
  init(names: Names, fileName: String, inSegmentAt depth: Int? = nil) {
    self.names = names
    self.fileName = fileName
    if let depth {
      segment = []
      trackDepth = depth - 1
      rootChecked = true
      inFirstSegment = true
    }
  }

  /// Reads the tokens to the end.
  ///
  /// - throws: `TallyError` naming the file and the line of the first problem.
  mutating func read(_ tokenizer: inout XMLTokenizer) throws {
    while let token = try next(&tokenizer) {
      switch token {
      case .start(let element): try start(element, &tokenizer)
      case .text: if field != nil { tokenizer.withText { text.append(contentsOf: $0) } }
      case .end(let element): try end(element, tokenizer)
      }
    }
  }

  private func next(_ tokenizer: inout XMLTokenizer) throws -> XMLToken? {
    do { return try tokenizer.nextToken() } catch let error as TallyError {
      throw error.inFile(fileName)
    }
  }

  /// Gives the open segment room for the points `bytes` of the file can hold: the doubling
  /// copies of a growing array were ~5% of a large import. Once per reading: each segment of a
  /// file of many would reserve far more than it holds.
  mutating func reserve(_ bytes: Int) {
    segment?.reserveCapacity(bytes / Self.bytesPerPoint)
    reserved = true
  }

  private mutating func gather(_ element: Int) {
    field = element
    text.removeAll(keepingCapacity: true)
  }

  private mutating func start(_ element: XMLName, _ tokenizer: inout XMLTokenizer) throws {
    if !rootChecked {
      guard element.id == names.gpx else {
        throw TallyError.invalid(
          "root element", "<\(tokenizer.string(of: element))>",
          expected: "a GPX file (root element <gpx>)", source: .init(fileName))
      }
      rootChecked = true
    }
    switch element.id {
    case names.trkpt where segment != nil, names.rtept where route != nil:
      let lat = tokenizer.withAttribute(names.lat) { $0.flatMap(FastDecimal.parse) }
      let lon = tokenizer.withAttribute(names.lon) { $0.flatMap(FastDecimal.parse) }
      guard let lat, let lon else {
        let attributes = tokenizer.attributes
        throw TallyError.invalid(
          tokenizer.string(of: element),
          "lat=\(attributes["lat"] ?? "") lon=\(attributes["lon"] ?? "")",
          expected: "a valid lat/lon: lat -90…90 and lon -180…180",
          source: .init(fileName, line: tokenizer.currentLine))
      }
      point = TrackPoint(time: nil, latitude: lat, longitude: lon, elevation: nil)
      pointDepth = tokenizer.depth
      pointLine = tokenizer.currentLine
    case names.ele, names.time:
      if point != nil, tokenizer.depth == pointDepth + 1 { gather(element.id) }
    case names.hr:
      // Garmin's TrackPointExtension (gpxtpx:hr) and its copies, at any depth in the point.
      if point != nil { gather(element.id) }
    case names.trk:
      trackDepth = tokenizer.depth
    case names.type where sport == nil && trackDepth.map({ tokenizer.depth == $0 + 1 }) == true:
      gather(element.id)
    case names.trkseg where point == nil:
      segment = []
      if !reserved { reserve(tokenizer.bytesAfter) }
      inFirstSegment = false
    case names.rte where point == nil:
      route = []
    case names.metadata:
      inMetadata = true
    case names.session where inMetadata:
      // What Tally's own export says of the session (GPXWriter): its bounds, moving time and
      // distance survive a round trip even where the points do not give them (a planned
      // route, a device's distance, an edited session).
      saved = try GPXReader.SavedSession(
        tokenizer.attributes, source: .init(fileName, line: tokenizer.currentLine))
    default:
      break
    }
  }

  /// A gathered field's value.
  private enum FieldValue {
    case elevation(Double)
    case time(Instant)
    case heartRate(Int)
    case sport(String)
  }

  private mutating func end(_ element: XMLName, _ tokenizer: XMLTokenizer) throws {
    if let current = field, element.id == current {
      let (names, fileName, line) = (names, fileName, tokenizer.currentLine)
      let value = try text.withUnsafeBufferPointer { whole in
        try Self.value(of: current, Self.trimmed(whole), names: names) {
          TallyError.Source(fileName, line: line)  // made only for an error
        }
      }
      switch value {
      case .elevation(let elevation): point?.elevation = elevation
      case .time(let time): point?.time = time
      case .heartRate(let rate): point?.heartRate = rate
      case .sport(let text): sport = text
      }
      field = nil
    } else if element.id == names.trkpt || element.id == names.rtept, let parsed = point,
      tokenizer.depth == pointDepth - 1
    {
      let kind = element.id == names.trkpt ? "trkpt" : "rtept"
      let finished = try parsed.validated(.init(fileName, line: pointLine), point: kind)
      if element.id == names.trkpt { segment?.append(finished) } else { route?.append(finished) }
      point = nil
    } else if element.id == names.trk {
      trackDepth = nil
    } else if element.id == names.metadata {
      inMetadata = false
    } else if element.id == names.trkseg, let finished = segment {
      if inFirstSegment {
        firstSegmentContinues = trackSegments.isEmpty
        inFirstSegment = false
      }
      trackSegments.append(finished)
      segment = nil
    } else if element.id == names.rte, let finished = route {
      routes.append(finished)
      route = nil
    }
  }

  private static func value(
    of field: Int, _ value: UnsafeBufferPointer<UInt8>, names: Names,
    source: () -> TallyError.Source
  ) throws -> FieldValue {
    let text = { String(decoding: value, as: UTF8.self) }
    switch field {
    case names.ele:
      guard let elevation = FastDecimal.parse(value) else {
        throw TallyError.invalid("ele", text(), expected: "a number of metres", source: source())
      }
      return .elevation(elevation)
    case names.time:
      // GPX times are UTC when they carry no offset (GPX 1.1 schema, xsd:dateTime).
      guard let time = Instant.parse(value, zone: .utc) else {
        throw TallyError.invalid("time", text(), expected: Instant.expectedText, source: source())
      }
      return .time(time)
    case names.hr:
      guard let rate = Int(text()), TrackPoint.heartRates.contains(rate) else {
        throw TallyError.invalid(
          "hr", text(), expected: "a heart rate in beats per minute", source: source())
      }
      return .heartRate(rate)
    default:
      return .sport(text())
    }
  }

  /// `bytes` without leading and trailing ASCII white space (and control bytes).
  private static func trimmed(_ bytes: UnsafeBufferPointer<UInt8>) -> UnsafeBufferPointer<UInt8> {
    var start = 0
    var end = bytes.count
    while start < end, bytes[start] <= 0x20 { start += 1 }
    while end > start, bytes[end - 1] <= 0x20 { end -= 1 }
    return UnsafeBufferPointer(rebasing: bytes[start..<end])
  }

  /// Continues this first half's reading with `second`, which began before a point in a
  /// segment `depth` deep; `false` (and nothing changed) unless this half ended in just that
  /// state, so that `second` began where a whole reading would have been.
  mutating func join(_ second: GPXReading, depth: Int) -> Bool {
    guard segment != nil, point == nil, field == nil, route == nil, !inMetadata, rootChecked,
      trackDepth == depth - 1
    else { return false }
    // Taken out, so that the points are not shared and the second half's are added in place.
    var open = segment ?? []
    segment = nil
    // The segment open at the split goes on in `second`, unless a `<trkseg>` there began anew.
    if second.firstSegmentContinues {
      open.append(contentsOf: second.trackSegments[0])
      trackSegments.append(open)
      trackSegments += second.trackSegments.dropFirst()
    } else {
      trackSegments += second.trackSegments
    }
    if second.inFirstSegment, let rest = second.segment {
      open.append(contentsOf: rest)
      segment = open
    } else {
      segment = second.segment
    }
    routes += second.routes
    route = second.route
    point = second.point
    inMetadata = second.inMetadata
    saved = second.saved ?? saved
    field = second.field
    sport = sport ?? second.sport
    trackDepth = second.trackDepth
    return true
  }

  /// The track read; the tracks' segments, else the routes when the tracks hold fewer than two
  /// points.
  ///
  /// - throws: `TallyError` for a file without a usable point.
  func track() throws -> ParsedTrack {
    let tracks = trackSegments.filter { !$0.isEmpty }
    let usableRoutes = routes.filter { !$0.isEmpty }
    let trackPoints = tracks.reduce(0) { $0 + $1.count }
    let segments = trackPoints >= 2 || usableRoutes.isEmpty ? tracks : usableRoutes
    // Only a file without a usable point is refused: one point is a session of no distance.
    guard !segments.isEmpty else {
      throw TallyError.refused(
        "the GPX file has no track or route points: expected at least one point",
        source: .init(fileName))
    }
    return ParsedTrack(
      segments: segments, deviceDistance: saved?.distance, deviceCalories: saved?.calories,
      deviceStart: saved?.start, deviceEnd: saved?.end, sport: sport,
      deviceMovingTime: saved?.moving, savedDetails: saved?.details)
  }
}
