import AnalyticsCore
import DataFormats
import Foundation
import GRDB
import Storage

extension RuckStore {
  /// Imports one file — GPX, TCX, FIT (a session with its track) or CSV/JSON (sessions without
  /// tracks) — in its own transaction: a bad file changes nothing, and the same bytes imported
  /// twice add nothing (a file without times, twice for the same day), nor does the same
  /// recording in other bytes (`sameRecording`).
  ///
  /// - Parameters:
  ///   - fileName: its extension picks the format (`.gpx`, `.tcx`, `.fit`, `.csv`, `.json`);
  ///     otherwise the content is sniffed.
  ///   - warn: told, once the file is stored, what was read but is worth a word (points whose
  ///     time goes back).
  /// - throws: `TallyError` naming the file (its `source`) and the problem: bad data for the
  ///   file's content, usage for `options` out of range or a future day.
  /// The id of a stored session that is the same recording in other bytes — its own GPX export,
  /// or the watch's FIT beside the app's GPX: the same start to the millisecond and the same
  /// distance within a metre. `nil` when there is none.
  static func sameRecording(_ db: Database, _ start: Instant, _ distance: Double) throws -> Int64? {
    typealias Columns = RuckSession.Columns
    return try RuckSession.filter(Columns.startedAt == start)
      .filter(Columns.distanceMeters > distance - 1 && Columns.distanceMeters < distance + 1)
      .select(Columns.id, as: Int64.self).fetchOne(db)
  }

  public func importFile(
    _ data: Data, fileName: String, options: SessionOptions = SessionOptions(),
    warn: (ImportWarning) -> Void = { _ in }
  ) throws -> ImportOutcome {
    guard let format = SessionFileFormat.of(data, fileName: fileName) else {
      throw TallyError.invalid(
        "format", fileName, expected: "a .gpx, .tcx, .fit, .csv or .json file",
        source: .init(fileName))
    }
    try SessionLimits.check(options)
    guard format.hasTrack else {
      let outcome = try importSessions(
        data, fileName: fileName, format: format, hash: ContentHash.sha256Hex(data),
        gear: options.gear)
      // Each row has its own date.
      if options.start != nil, let first = outcome.sessions.map(\.startedAt).min() {
        warn(.ownTimes(start: first))
      }
      return outcome
    }
    let (hash, track) = try Self.hashing(data) { try ParsedTrack.read(data, fileName: fileName) }
    let options = options.filling(from: track.savedDetails)
    let measures = TrackMeasures(track)
    // A multisport recording is one session per sport, all from this file (its record links
    // them as one outing); any other file is one session.
    let parts = track.legs.isEmpty ? [track] : track.legs
    let partMeasures = track.legs.isEmpty ? [measures] : parts.map(TrackMeasures.init)
    let source = TallyError.Source(fileName)
    let plannedDay = measures.start == nil ? options.start.map(options.zone.localDate(of:)) : nil
    if let previous = try writer.read({
      try SourceFile.all().withContent(hash, plannedDay: plannedDay).fetchOne($0)
    }) {
      return .duplicate(previousName: previous.name)
    }
    if let start = measures.start,
      let same = try writer.read({ try Self.sameRecording($0, start, partMeasures[0].distance) })
    {
      return .duplicate(previousName: "session \(same)")
    }
    guard let start = measures.start ?? options.start else {
      throw TallyError(
        .badData,
        .missing(field: "start", expected: "the day the track was walked, as it has no times"),
        source: source)
    }
    // The file's own times are its data (65); a day the user gave for a route is an option (64).
    try refuseFuture(
      start, zone: options.zone, category: measures.start == nil ? .usage : .badData,
      source: source)
    for (part, measures) in zip(parts, partMeasures) {
      _ = try SessionLimits.check(
        measures.distance, "distance", SessionLimits.metres, unit: "metres", category: .badData,
        source: source)
      _ = try SessionLimits.check(
        measures.elapsed, "duration", SessionLimits.seconds, unit: "seconds", category: .badData,
        source: source)
      _ = try SessionLimits.check(
        measures.moving, "moving time", SessionLimits.seconds, unit: "seconds",
        category: .badData, source: source)
      _ = try SessionLimits.check(
        part.deviceCalories, "calories", SessionLimits.calories, unit: "kcal",
        category: .badData, source: source)
    }
    func write(_ db: Database) throws -> ImportOutcome {
      if let previous = try SourceFile.all().withContent(hash, plannedDay: plannedDay).fetchOne(db)
      {
        return .duplicate(previousName: previous.name)  // imported meanwhile by another process
      }
      if let start = measures.start,
        let same = try Self.sameRecording(db, start, partMeasures[0].distance)
      {
        return .duplicate(previousName: "session \(same)")
      }
      let file = try insertFile(
        db, name: fileName, hash: hash, format: format, plannedDay: plannedDay)
      let profile = try RuckProfile.current(db)
      var sessions: [RuckSession] = []
      for (part, measures) in zip(parts, partMeasures) {
        let start = measures.start ?? start
        let activity = options.activity ?? part.sport.flatMap(Activity.init(fileSport:))
        // A multisport file's load and gear are carried on foot: the swim, the ride and the
        // transitions of a triathlon carry none (the trial's --load 30lb went on all five).
        var options = options
        if !track.legs.isEmpty, !(activity ?? .ruck).isOnFoot {
          options.loadKg = nil
          options.gear = []
        }
        // A device's 0 kcal for an hour's run is no count (developer-types-sample.fit).
        let calories = part.deviceCalories.flatMap { $0 > 0 ? $0 : nil }
        var session = newSession(
          profile: profile, start: start, end: measures.end ?? start,
          elapsed: measures.elapsed,
          moving: measures.moving, distance: measures.distance, gain: measures.elevationGain,
          loss: measures.elevationLoss, calories: calories, source: .device,
          options: options, sourceFileId: file, activity: activity)
        try session.insert(db)
        try insertTrack(db, part, sessionId: session.id!)
        try Self.attachGear(db, names: options.gear, to: session)
        sessions.append(session)
      }
      return .imported(sessions)
    }
    // A first import (no sessions yet) writes with a rollback journal: see `RollbackJournal`.
    let outcome = try writer.writeWithoutTransaction { db in
      try RollbackJournal.transaction(db, empty: RuckSession.limit(1).fetchCount(db) == 0) {
        try write(db)
      }
    }
    if case .imported = outcome, measures.timesGoingBack > 0 {
      warn(.timesGoBack(points: measures.timesGoingBack))
    }
    if case .imported = outcome, let start = measures.start, options.start != nil {
      warn(.ownTimes(start: start))
    }
    return outcome
  }

  /// The SHA-256 of `data`, computed on another thread while `body` runs (on a machine with two
  /// cores, the hash of a 40 MB GPX no longer adds its ~25 ms to the import), and `body`'s result.
  static func hashing<Result>(_ data: Data, while body: () throws -> Result) rethrows
    -> (hash: String, result: Result)
  {
    let hash = LockedValue("")
    let group = DispatchGroup()
    DispatchQueue.global().async(group: group) { hash.current = ContentHash.sha256Hex(data) }
    defer { group.wait() }
    let result = try body()
    group.wait()
    return (hash.current, result)
  }

  /// Sessions without tracks, from CSV or JSON, each row checked like a logged session.
  private func importSessions(
    _ data: Data, fileName: String, format: SessionFileFormat, hash: String, gear: [String]?
  ) throws -> ImportOutcome {
    if let previous = try writer.read({
      try SourceFile.all().withContent(hash, plannedDay: nil).fetchOne($0)
    }) {
      return .duplicate(previousName: previous.name)
    }
    let rows = try SessionImportFile.parse(data, fileName: fileName, format: format)
    for row in rows {
      try refuseFuture(row.start, zone: row.options.zone, category: .badData, source: row.source)
    }
    return try writer.write { db in
      if let previous = try SourceFile.all().withContent(hash, plannedDay: nil).fetchOne(db) {
        return .duplicate(previousName: previous.name)  // imported meanwhile by another process
      }
      let file = try insertFile(db, name: fileName, hash: hash, format: format, plannedDay: nil)
      var saved: [RuckSession] = []
      let profile = try RuckProfile.current(db)  // once for the file, not once per row
      for row in rows {
        var session = newSession(
          profile: profile, start: row.start, end: row.start.adding(duration: row.duration),
          elapsed: row.duration, moving: row.duration, distance: row.distance, gain: nil,
          loss: nil, calories: row.calories, source: .manual, options: row.options,
          sourceFileId: file)
        try session.insert(db)
        try Self.attachGear(db, names: gear, to: session)
        saved.append(session)
      }
      return .imported(saved)
    }
  }

  private func insertFile(
    _ db: Database, name: String, hash: String, format: SessionFileFormat, plannedDay: LocalDate?
  ) throws -> Int64 {
    var file = SourceFile(
      id: nil, name: name, sha256: hash, format: format, importedAt: clock.now(),
      plannedDay: plannedDay)
    try file.insert(db)
    return file.id!
  }

  /// A new session with the given measures and options; calories are the device's or the user's
  /// (`calories`, from `source`), else estimated; an implausibly fast one is flagged.
  func newSession(
    profile: RuckProfile, start: Instant, end: Instant, elapsed: Double, moving: Double,
    distance: Double, gain: Double?, loss: Double?, calories: Double?, source: CaloriesSource,
    options: SessionOptions, sourceFileId: Int64?, activity: Activity? = nil
  ) -> RuckSession {
    var session = RuckSession(
      id: nil, startedAt: start, endedAt: end, elapsedSeconds: elapsed, movingSeconds: moving,
      distanceMeters: distance, elevationGainMeters: gain, elevationLossMeters: loss,
      loadKg: options.loadKg ?? 0, bodyWeightKg: options.bodyWeightKg ?? profile.bodyWeightKg,
      calories: calories, caloriesSource: calories == nil ? .none : source,
      terrain: options.terrain, temperatureC: options.temperatureC,
      conditions: options.conditions, notes: options.notes, sourceFileId: sourceFileId,
      createdAt: clock.now(), activity: activity ?? options.activity ?? .ruck,
      recordStatus: .counted)
    session.estimateCalories(profileBodyKg: profile.bodyWeightKg)
    session.flagIfImplausible()
    return session
  }

  /// Writes a track as `TrackChunk`s: one insert per `TrackChunk.capacity` points. One row per
  /// point, even 100 to an `INSERT` with values bound through SQLite's C API, was 21–32% of a
  /// GPX import (see `Docs/Ruck.md`).
  private func insertTrack(_ db: Database, _ track: ParsedTrack, sessionId: Int64) throws {
    try Self.insertTrack(db, track.segments, sessionId: sessionId)
  }

  /// Stores a session's track and its best efforts (every writer of a track goes through here).
  static func insertTrack(_ db: Database, _ segments: [[TrackPoint]], sessionId: Int64) throws {
    for chunk in TrackChunk.chunks(segments, sessionId: sessionId) { try chunk.insert(db) }
    try insertBestEfforts(db, segments, sessionId: sessionId)
    try insertHeartRateTime(db, segments, sessionId: sessionId)
  }

  /// Stores the seconds at each heart rate of a track (`HeartRateClock`).
  static func insertHeartRateTime(_ db: Database, _ segments: [[TrackPoint]], sessionId: Int64)
    throws
  {
    for (rate, seconds) in HeartRateClock.seconds(segments) {
      try db.execute(
        sql: "INSERT INTO heart_rate_time (session_id, bpm, seconds) VALUES (?, ?, ?)",
        arguments: [sessionId, rate, seconds])
    }
  }

  /// A stored track's segments, read from its chunks.
  static func storedSegments(_ db: Database, sessionId: Int64) throws -> [[TrackPoint]] {
    var segments: [[TrackPoint]] = []
    try TrackChunk.forEachPoint(ofSession: sessionId, in: db) { segment, point in
      while segments.count <= segment { segments.append([]) }
      segments[segment].append(point)
    }
    return segments
  }

  /// Stores the best efforts of a track (`BestEfforts`).
  static func insertBestEfforts(_ db: Database, _ segments: [[TrackPoint]], sessionId: Int64)
    throws
  {
    for (meters, seconds) in BestEfforts.compute(segments) {
      try db.execute(
        sql: "INSERT INTO best_effort (session_id, distance_m, seconds) VALUES (?, ?, ?)",
        arguments: [sessionId, meters, seconds])
    }
  }

  /// Stores the best efforts of a stored track, read from its chunks.
  static func insertBestEfforts(_ db: Database, sessionId: Int64) throws {
    try insertBestEfforts(db, storedSegments(db, sessionId: sessionId), sessionId: sessionId)
  }
}
