import AnalyticsCore
import GRDB

extension RuckStore {
  /// Logs a session by hand.
  ///
  /// - throws: `TallyError` (usage) for a duration or distance that is not positive, a value
  ///   outside `SessionLimits`, or a day after today (in `options.zone`).
  public func logSession(
    start: Instant, duration: Double, distance: Double, calories: Double? = nil,
    options: SessionOptions = SessionOptions()
  ) throws -> RuckSession {
    try Self.checkMeasures(duration: duration, distance: distance, calories: calories)
    try SessionLimits.check(options)
    try refuseFuture(start, zone: options.zone)
    return try writer.write { db in
      var session = newSession(
        profile: try RuckProfile.current(db), start: start, end: start.adding(duration: duration),
        elapsed: duration,
        moving: duration, distance: distance, gain: nil, loss: nil, calories: calories,
        source: .manual, options: options, sourceFileId: nil)
      try session.insert(db)
      try Self.attachGear(db, names: options.gear, to: session)
      return session
    }
  }

  /// Every session, oldest first.
  public func sessions() throws -> [RuckSession] {
    try writer.read { db in try RuckSession.all().chronological().fetchAll(db) }
  }

  /// One session.
  ///
  /// - throws: `TallyError` (missing input) when there is no such session.
  public func session(id: Int64) throws -> RuckSession {
    try writer.read { db in try Self.existingSession(db, id: id) }
  }

  /// The names of imported files by id (a session's `sourceFileId` names its file): all of
  /// them, or those of `ids` (one session's, without reading every file the history holds).
  public func sourceFileNames(ids: [Int64]? = nil) throws -> [Int64: String] {
    try writer.read { db in
      let files = try ids.map { try SourceFile.fetchAll(db, keys: $0) } ?? SourceFile.fetchAll(db)
      return Dictionary(
        uniqueKeysWithValues: files.compactMap { file in file.id.map { ($0, file.name) } })
    }
  }

  /// A session's stored track points, in order.
  public func trackPoints(sessionId: Int64) throws -> [StoredTrackPoint] {
    try writer.read { db in try Self.storedPoints(db, sessionId: sessionId) }
  }

  /// Changes the given details and measures of a session, and replaces its gear when gear is
  /// named; calories estimated by Pandolf are estimated again, and a session made implausibly fast is flagged (unless `changes` sets its
  /// record status).
  ///
  /// - throws: `TallyError` (missing input) when there is no such session, or for a duration or
  ///   distance that is not positive.
  public func editSession(
    id: Int64, options: SessionOptions, changes: SessionChanges = SessionChanges()
  ) throws -> EditedSession {
    try Self.checkMeasures(duration: changes.duration, distance: changes.distance, calories: nil)
    try SessionLimits.check(options)
    return try writer.write { db in
      var session = try Self.existingSession(db, id: id)
      let reasonBefore = session.implausibility
      if let load = options.loadKg { session.loadKg = load }
      if let body = options.bodyWeightKg { session.bodyWeightKg = body }
      if let terrain = options.terrain { session.terrain = terrain }
      if let temperature = options.temperatureC { session.temperatureC = temperature }
      if let conditions = options.conditions { session.conditions = conditions }
      if let notes = options.notes { session.notes = notes }
      if let activity = options.activity { session.activity = activity }
      var overridden: [SessionChanges.Measure] = []
      if changes.date != nil || changes.time != nil {
        let local = changes.zone.localDateTime(of: session.startedAt)
        let start = changes.zone.instant(
          of: LocalDateTime(date: changes.date ?? local.date, time: changes.time ?? local.time))
        try refuseFuture(start, zone: changes.zone)
        session.endedAt = session.endedAt.adding(duration: start.seconds(since: session.startedAt))
        session.startedAt = start
        overridden.append(.start)
      }
      if let duration = changes.duration {
        (session.elapsedSeconds, session.movingSeconds) = (duration, duration)
        session.endedAt = session.startedAt.adding(duration: duration)
        overridden.append(.duration)
      }
      if let distance = changes.distance {
        session.distanceMeters = distance
        overridden.append(.distance)
      }
      if let status = changes.recordStatus {
        session.recordStatus = status
      } else if session.implausibility != reasonBefore {
        // A session confirmed as it is stays confirmed through edits that leave its reason
        // (notes, gear); one the edit makes implausible, or implausible otherwise, is flagged.
        session.flagIfImplausible()
      }
      session.estimateCalories(profileBodyKg: try RuckProfile.current(db).bodyWeightKg)
      try session.update(db)
      if let names = options.gear {
        // The gear named replaces the session's: what was worn, told after the fact.
        try db.execute(sql: "DELETE FROM session_gear WHERE session_id = ?", arguments: [id])
        try Self.attachGear(
          db, names: names, to: session, on: changes.zone.localDate(of: session.startedAt))
      }
      let hasTrack = try TrackChunk.all().ofSession(id).fetchCount(db) > 0
      return EditedSession(session: session, trackMeasuresOverridden: hasTrack ? overridden : [])
    }
  }

  /// Deletes a session and its track; when it was its file's last session, the file is
  /// forgotten too, so that it can be imported again.
  ///
  /// - throws: `TallyError` (missing input) when there is no such session.
  public func deleteSession(id: Int64) throws {
    try writer.write { db in
      let session = try Self.existingSession(db, id: id)
      _ = try session.delete(db)
      if let file = session.sourceFileId, try RuckSession.all().fromFile(file).fetchCount(db) == 0 {
        _ = try SourceFile.deleteOne(db, key: file)
      }
    }
  }

  /// A duration and distance above 0 and every measure within `SessionLimits`.
  ///
  /// - throws: `TallyError` (usage) naming the first one outside.
  static func checkMeasures(duration: Double?, distance: Double?, calories: Double?) throws {
    if let duration, !(duration > 0) {
      throw TallyError(value: "\(duration)", expected: "a positive duration")
    }
    if let distance, !(distance > 0) {
      throw TallyError(value: "\(distance)", expected: "a positive distance")
    }
    _ = try SessionLimits.check(duration, "duration", SessionLimits.seconds, unit: "seconds")
    _ = try SessionLimits.check(distance, "distance", SessionLimits.metres, unit: "metres")
    _ = try SessionLimits.check(calories, "calories", SessionLimits.calories, unit: "kcal")
  }

  static func existingSession(_ db: Database, id: Int64) throws -> RuckSession {
    guard let session = try RuckSession.fetchOne(db, key: id) else {
      throw TallyError.notFound("session", "\(id)", expected: "the id of a stored session")
    }
    return session
  }
}
