import AnalyticsCore
import DataFormats
import Foundation
import GRDB
import Storage

/// The session details a user may give on import or when logging by hand.
public struct SessionOptions: Sendable, Equatable {
  /// Pack load, kg (default 0).
  public var loadKg: Double?
  /// Body weight, kg (default: the profile's).
  public var bodyWeightKg: Double?
  /// The ground.
  public var terrain: Terrain?
  /// Air temperature, °C.
  public var temperatureC: Double?
  /// Weather in words.
  public var conditions: String?
  /// Notes.
  public var notes: String?
  /// When the session started, for a file whose points have no times (a planned route).
  public var start: Date?

  /// Creates options.
  public init(
    loadKg: Double? = nil, bodyWeightKg: Double? = nil, terrain: Terrain? = nil,
    temperatureC: Double? = nil, conditions: String? = nil, notes: String? = nil,
    start: Date? = nil
  ) {
    self.start = start
    self.loadKg = loadKg
    self.bodyWeightKg = bodyWeightKg
    self.terrain = terrain
    self.temperatureC = temperatureC
    self.conditions = conditions
    self.notes = notes
  }
}

/// What importing one file did.
public enum ImportOutcome: Sendable, Equatable {
  /// New sessions were saved.
  case imported([RuckSession])
  /// The same bytes were imported before (as `fileName`); nothing was added.
  case duplicate(previousName: String)
}

/// The rucking database: sessions, their tracks, the profile, and analytics over them.
public struct RuckStore: Sendable {
  /// The connection.
  public let writer: any DatabaseWriter

  /// Wraps an open, migrated database.
  public init(writer: any DatabaseWriter) { self.writer = writer }

  /// Opens (and migrates) the database at `location`.
  public static func open(_ location: DatabaseLocation) throws -> RuckStore {
    RuckStore(writer: try DatabaseOpener.open(location, migrator: RuckAnalyticsModule.migrator))
  }

  /// An in-memory store.
  public static func inMemory() throws -> RuckStore { try open(.memory) }

  // MARK: Profile

  /// The profile (defaults until set).
  public func profile() throws -> RuckProfile {
    try writer.read { db in try RuckProfile.fetchOne(db, key: 1) } ?? RuckProfile()
  }

  /// Changes the given settings and keeps the others.
  ///
  /// - throws: `TallyError` for a body weight outside 20–400 kg or a goal below 1.
  public func updateProfile(
    bodyWeightKg: Double? = nil, units: UnitSystem? = nil, minRucksPerWeek: Int? = nil
  )
    throws -> RuckProfile
  {
    if let bodyWeightKg, !(20...400).contains(bodyWeightKg) {
      throw TallyError(value: "\(bodyWeightKg)", expected: "a body weight from 20 to 400 kg")
    }
    if let minRucksPerWeek, !(1...14).contains(minRucksPerWeek) {
      throw TallyError(value: "\(minRucksPerWeek)", expected: "a weekly goal from 1 to 14 rucks")
    }
    return try writer.write { db in
      var profile = try RuckProfile.fetchOne(db, key: 1) ?? RuckProfile()
      if let bodyWeightKg { profile.bodyWeightKg = bodyWeightKg }
      if let units { profile.units = units }
      if let minRucksPerWeek { profile.minRucksPerWeek = minRucksPerWeek }
      try profile.save(db)
      return profile
    }
  }

  // MARK: Import

  /// Imports one file — GPX, TCX (a session with its track) or CSV/JSON (sessions without
  /// tracks) — in its own transaction: a bad file changes nothing, and the same bytes imported
  /// twice add nothing.
  ///
  /// - Parameter fileName: its extension picks the format (`.gpx`, `.tcx`, `.csv`, `.json`);
  ///   otherwise the content is sniffed.
  /// - throws: `RuckError` naming the file and the problem.
  public func importFile(_ data: Data, fileName: String, options: SessionOptions = SessionOptions())
    throws -> ImportOutcome
  {
    let format = Self.format(of: data, fileName: fileName)
    let hash = SHA256.hex(data)
    if let previous = try writer.read({ db in
      try String.fetchOne(
        db, sql: "SELECT name FROM source_file WHERE sha256 = ?", arguments: [hash])
    }) {
      return .duplicate(previousName: previous)
    }
    switch format {
    case "gpx", "tcx":
      let track =
        format == "gpx"
        ? try GPXReader.read(data, name: fileName) : try TCXReader.read(data, name: fileName)
      let measures = try TrackMeasures(track, name: fileName)
      guard let start = measures.start ?? options.start?.timeIntervalSince1970 else {
        throw RuckError.badFile(
          fileName, "the track has no times: give the day it was walked with --date (and --start)")
      }
      let end = measures.end ?? start
      return try writer.write { db in
        let file = try insertFile(db, name: fileName, hash: hash, format: format)
        var session = try newSession(
          db, start: start, end: end, elapsed: measures.elapsed, moving: measures.moving,
          distance: measures.distance, gain: measures.elevationGain, loss: measures.elevationLoss,
          deviceCalories: track.deviceCalories, options: options, sourceFileId: file)
        try session.insert(db)
        try insertTrack(db, track, sessionId: session.id!)
        return .imported([session])
      }
    case "csv", "json":
      let rows = try SessionImportFile.parse(data, fileName: fileName, format: format)
      return try writer.write { db in
        let file = try insertFile(db, name: fileName, hash: hash, format: format)
        var saved: [RuckSession] = []
        for row in rows {
          var session = try newSession(
            db, start: row.start.timeIntervalSince1970,
            end: row.start.timeIntervalSince1970 + row.duration,
            elapsed: row.duration, moving: row.duration, distance: row.distance, gain: nil,
            loss: nil,
            deviceCalories: row.calories, options: row.options, sourceFileId: file,
            caloriesSource: .manual)
          try session.insert(db)
          saved.append(session)
        }
        return .imported(saved)
      }
    default:
      throw RuckError.badFile(fileName, "unknown format: expected a .gpx, .tcx, .csv or .json file")
    }
  }

  /// Logs a session by hand.
  ///
  /// - throws: `TallyError` for a duration or distance that is not positive.
  public func logSession(
    start: Date, duration: Double, distance: Double, calories: Double? = nil,
    options: SessionOptions = SessionOptions()
  ) throws -> RuckSession {
    guard duration > 0 else {
      throw TallyError(value: "\(duration)", expected: "a positive duration")
    }
    guard distance > 0 else {
      throw TallyError(value: "\(distance)", expected: "a positive distance")
    }
    return try writer.write { db in
      var session = try newSession(
        db, start: start.timeIntervalSince1970, end: start.timeIntervalSince1970 + duration,
        elapsed: duration, moving: duration, distance: distance, gain: nil, loss: nil,
        deviceCalories: calories, options: options, sourceFileId: nil, caloriesSource: .manual)
      try session.insert(db)
      return session
    }
  }

  static func format(of data: Data, fileName: String) -> String {
    let ext = (fileName as NSString).pathExtension.lowercased()
    if ["gpx", "tcx", "csv", "json"].contains(ext) { return ext }
    let head = String(decoding: data.prefix(512), as: UTF8.self)
    if head.contains("<gpx") { return "gpx" }
    if head.contains("<TrainingCenterDatabase") { return "tcx" }
    return ext
  }

  private func insertFile(_ db: Database, name: String, hash: String, format: String) throws
    -> Int64
  {
    var file = SourceFile(id: nil, name: name, sha256: hash, format: format, importedAt: Date())
    try file.insert(db)
    return file.id!
  }

  /// A session with calories from the device, else the user, else Pandolf when a body weight is
  /// known.
  private func newSession(
    _ db: Database, start: Double, end: Double, elapsed: Double, moving: Double, distance: Double,
    gain: Double?, loss: Double?, deviceCalories: Double?, options: SessionOptions,
    sourceFileId: Int64?, caloriesSource: CaloriesSource = .device
  ) throws -> RuckSession {
    let profile = try RuckProfile.fetchOne(db, key: 1) ?? RuckProfile()
    let body = options.bodyWeightKg ?? profile.bodyWeightKg
    let load = options.loadKg ?? 0
    var calories = deviceCalories
    var source = deviceCalories == nil ? CaloriesSource.none : caloriesSource
    if calories == nil, let body, moving > 0 {
      calories = Pandolf.kilocalories(
        bodyKg: body, loadKg: load, distance: distance, moving: moving, elapsed: elapsed,
        climb: gain ?? 0, terrainFactor: options.terrain?.factor ?? 1.0)
      source = .pandolf
    }
    return RuckSession(
      id: nil, startedAt: Date(timeIntervalSince1970: start),
      endedAt: Date(timeIntervalSince1970: end),
      elapsedSeconds: elapsed, movingSeconds: moving, distanceMeters: distance,
      elevationGainMeters: gain, elevationLossMeters: loss, loadKg: load, bodyWeightKg: body,
      calories: calories, caloriesSource: source, terrain: options.terrain,
      temperatureC: options.temperatureC, conditions: options.conditions, notes: options.notes,
      sourceFileId: sourceFileId, createdAt: Date())
  }

  /// Writes a track's points with one `BulkStatement`: the hot path of every import.
  private func insertTrack(_ db: Database, _ track: ParsedTrack, sessionId: Int64) throws {
    let insert = try BulkStatement(
      db,
      sql: """
        INSERT INTO track_point (session_id, seq, segment, time_s, lat, lon, elevation_m)
        VALUES (?, ?, ?, ?, ?, ?, ?)
        """)
    var seq: Int64 = 0
    for (segmentIndex, segment) in track.segments.enumerated() {
      for point in segment {
        try insert.bind(1, sessionId)
        try insert.bind(2, seq)
        try insert.bind(3, Int64(segmentIndex))
        try insert.bind(4, point.time)
        try insert.bind(5, point.latitude)
        try insert.bind(6, point.longitude)
        try insert.bind(7, point.elevation)
        try insert.step()
        seq += 1
      }
    }
  }

  // MARK: Sessions

  /// Every session, oldest first.
  public func sessions() throws -> [RuckSession] {
    try writer.read { db in
      try RuckSession.order(RuckSession.Columns.startedAt, Column("id")).fetchAll(db)
    }
  }

  /// One session.
  ///
  /// - throws: `RuckError` when there is no such session.
  public func session(id: Int64) throws -> RuckSession {
    guard let session = try writer.read({ db in try RuckSession.fetchOne(db, key: id) }) else {
      throw RuckError.unknownSession(id)
    }
    return session
  }

  /// The names of imported files by id (a session's `sourceFileId` names its file).
  public func sourceFileNames() throws -> [Int64: String] {
    try writer.read { db in
      Dictionary(
        uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM source_file").map {
          ($0[0] as Int64, $0[1] as String)
        })
    }
  }

  /// A session's stored track points, in order.
  public func trackPoints(sessionId: Int64) throws -> [TrackPointRecord] {
    try writer.read { db in
      try TrackPointRecord.filter(Column("session_id") == sessionId).order(Column("seq")).fetchAll(
        db)
    }
  }

  /// Changes the given details of a session; calories estimated by Pandolf are estimated again.
  ///
  /// - throws: `RuckError` when there is no such session.
  public func editSession(id: Int64, options: SessionOptions) throws -> RuckSession {
    try writer.write { db in
      guard var session = try RuckSession.fetchOne(db, key: id) else {
        throw RuckError.unknownSession(id)
      }
      if let load = options.loadKg { session.loadKg = load }
      if let body = options.bodyWeightKg { session.bodyWeightKg = body }
      if let terrain = options.terrain { session.terrain = terrain }
      if let temperature = options.temperatureC { session.temperatureC = temperature }
      if let conditions = options.conditions { session.conditions = conditions }
      if let notes = options.notes { session.notes = notes }
      if session.caloriesSource == .pandolf || session.caloriesSource == .none {
        let profile = try RuckProfile.fetchOne(db, key: 1) ?? RuckProfile()
        if let body = session.bodyWeightKg ?? profile.bodyWeightKg, session.movingSeconds > 0 {
          session.calories = Pandolf.kilocalories(
            bodyKg: body, loadKg: session.loadKg, distance: session.distanceMeters,
            moving: session.movingSeconds, elapsed: session.elapsedSeconds,
            climb: session.elevationGainMeters ?? 0, terrainFactor: session.terrain?.factor ?? 1.0)
          session.caloriesSource = .pandolf
        }
      }
      try session.update(db)
      return session
    }
  }

  /// Deletes a session and its track; when it was its file's last session, the file is
  /// forgotten too, so that it can be imported again.
  ///
  /// - throws: `RuckError` when there is no such session.
  public func deleteSession(id: Int64) throws {
    try writer.write { db in
      guard let session = try RuckSession.fetchOne(db, key: id) else {
        throw RuckError.unknownSession(id)
      }
      _ = try session.delete(db)
      if let file = session.sourceFileId {
        try db.execute(
          sql: """
            DELETE FROM source_file WHERE id = ?
              AND NOT EXISTS (SELECT 1 FROM ruck_session WHERE source_file_id = ?)
            """, arguments: [file, file])
      }
    }
  }
}
