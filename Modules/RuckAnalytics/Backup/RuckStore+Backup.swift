import AnalyticsCore
import Foundation
import GRDB
import Storage

/// What `restoreBackup` did: every session and file of the backup is counted once, as restored
/// or as present already.
public struct BackupRestore: Sendable, Equatable {
  /// The restored sessions' ids in this database.
  public var sessionIds: [Int64] = []
  public var sessionsRestored = 0
  /// Sessions the database had already: same start to the millisecond, type, distance within
  /// 1 m, elapsed time within 1 s and load within 0.05 kg (`sameSession`).
  public var sessionsPresent = 0
  public var pointsRestored = 0
  public var filesRestored = 0
  /// Imported files the database knows already (same content and planned day).
  public var filesPresent = 0
  /// Whether the profile was restored; a database that has one keeps it.
  public var profileRestored = false
  /// Goals restored; a database with goals keeps its own, and the backup's are counted as not
  /// restored.
  public var goalsRestored = 0
  public var goalsNotRestored = 0
  /// Gear restored, and gear the database has already (by name).
  public var gearRestored = 0
  public var gearPresent = 0
  /// Whether the backup's ids were kept: only into an empty database, which then exports the
  /// same bytes again.
  public var keptIds = false
}

extension RuckStore {
  /// Whether `data` is a backup (`exportBackup`) rather than a file of sessions.
  public static func isBackup(_ data: Data) -> Bool { RuckBackup.isBackup(data) }

  /// Every session (tracks included, hand-logged ones too), the imported files' records and the
  /// profile, as the JSON of `RuckBackup`.
  public func exportBackup() throws -> Data {
    try writer.read { db in
      let profile = try RuckProfile.current(db)
      let goals = try Self.goals(db)
      let gear = try Row.fetchAll(
        db, sql: "SELECT id, name, kind, retire_at_m, retired_on, is_default FROM gear ORDER BY id")
      var sessionGear: [Int64: [Int64]] = [:]
      for row in try Row.fetchAll(
        db, sql: "SELECT session_id, gear_id FROM session_gear ORDER BY session_id, gear_id")
      {
        sessionGear[row[0], default: []].append(row[1])
      }
      let files = try SourceFile.order(SourceFile.Columns.id).fetchAll(db)
      var sessions: [RuckBackup.Session] = []
      for session in try RuckSession.order(RuckSession.Columns.id).fetchAll(db) {
        guard let id = session.id else { continue }
        let track = try Self.storedSegments(db, sessionId: id).map { points in
          points.map { point in
            RuckBackup.Point(
              time: point.time?.description, lat: point.latitude, lon: point.longitude,
              ele: point.elevation, hr: point.heartRate)
          }
        }
        sessions.append(
          RuckBackup.Session(
            id: id, startedAt: session.startedAt.description,
            endedAt: session.endedAt.description, elapsedS: session.elapsedSeconds,
            movingS: session.movingSeconds, distanceM: session.distanceMeters,
            elevationGainM: session.elevationGainMeters,
            elevationLossM: session.elevationLossMeters, loadKg: session.loadKg,
            bodyWeightKg: session.bodyWeightKg, calories: session.calories,
            caloriesSource: session.caloriesSource.rawValue, terrain: session.terrain?.rawValue,
            temperatureC: session.temperatureC, conditions: session.conditions,
            notes: session.notes, sourceFileId: session.sourceFileId,
            createdAt: session.createdAt.description, activity: session.activity.rawValue,
            recordStatus: session.recordStatus.rawValue, gearIds: sessionGear[id] ?? [],
            track: track))
      }
      return RuckBackup(
        format: RuckBackup.formatName, version: RuckBackup.currentVersion,
        profile: RuckBackup.Profile(
          bodyWeightKg: profile.bodyWeightKg, units: profile.units.rawValue,
          minRucksPerWeek: profile.minRucksPerWeek, maxHr: profile.maxHeartRate,
          restingHr: profile.restingHeartRate, birthYear: profile.birthYear,
          sex: profile.sex?.rawValue),
        goals: goals.map {
          RuckBackup.Goal(
            period: $0.period.rawValue, measure: $0.measure.rawValue, target: $0.target)
        },
        gear: gear.map { row in
          RuckBackup.GearRecord(
            id: row[0], name: row[1], kind: row[2], retireAtM: row[3], retiredOn: row[4],
            isDefault: row[5])
        },
        sourceFiles: files.map { file in
          RuckBackup.File(
            id: file.id ?? 0, name: file.name, sha256: file.sha256, format: file.format.rawValue,
            importedAt: file.importedAt.description, plannedDay: file.plannedDay?.description)
        },
        sessions: sessions)
    }.bytes()
  }

  /// Restores a backup in one transaction: everything, or nothing and every bad record named.
  /// Into an empty database the ids are kept; otherwise sessions and files already present are
  /// counted and skipped, the others get new ids, and a profile the database has is kept.
  ///
  /// - throws: `TallyError` (bad data) naming the record and the value.
  public func restoreBackup(_ data: Data, name: String) throws -> BackupRestore {
    let checked = try CheckedBackup(try RuckBackup.decode(data, name: name), name: name)
    return try writer.write { db in
      var summary = BackupRestore()
      let empty =
        try RuckSession.fetchCount(db) == 0 && SourceFile.fetchCount(db) == 0
        && RuckProfile.fetchCount(db) == 0
        && Int.fetchOne(db, sql: "SELECT COUNT(*) FROM gear") == 0
        && Self.goals(db).isEmpty
      summary.keptIds = empty
      if try RuckProfile.fetchCount(db) == 0 {
        try checked.profile.insert(db)
        summary.profileRestored = true
      }
      if try Self.goals(db).isEmpty {
        for goal in checked.goals {
          try db.execute(
            sql: "INSERT INTO ruck_goal (period, measure, target) VALUES (?, ?, ?)",
            arguments: [goal.period.rawValue, goal.measure.rawValue, goal.target])
        }
        summary.goalsRestored = checked.goals.count
      } else {
        summary.goalsNotRestored = checked.goals.count
      }
      var gearIds: [Int64: Int64] = [:]
      for item in checked.gear {
        if !empty, let present = try Self.gearItem(db, named: item.name) {
          gearIds[item.id] = present.id
          summary.gearPresent += 1
          continue
        }
        try db.execute(
          sql: """
            INSERT INTO gear (id, name, kind, retire_at_m, retired_on, is_default)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            empty ? item.id : nil, item.name, item.kind.rawValue, item.retireAtMeters,
            item.retiredOn,
            // A default stays one unless the database has a default of its kind already.
            try item.isDefault
              && Int.fetchOne(
                db, sql: "SELECT COUNT(*) FROM gear WHERE is_default AND kind = ?",
                arguments: [item.kind.rawValue]) == 0,
          ])
        gearIds[item.id] = empty ? item.id : db.lastInsertedRowID
        summary.gearRestored += 1
      }
      var fileIds: [Int64: Int64] = [:]
      var presentFiles: Set<Int64> = []
      for var file in checked.files {
        let backupId = file.id!
        if !empty,
          let present = try SourceFile.all().withContent(file.sha256, plannedDay: file.plannedDay)
            .fetchOne(db)
        {
          fileIds[backupId] = present.id
          presentFiles.insert(present.id!)
          summary.filesPresent += 1
          continue
        }
        if !empty { file.id = nil }
        try file.insert(db)
        fileIds[backupId] = file.id
        summary.filesRestored += 1
      }
      // Only sessions there before the restore can be present, each for one backup session: a
      // backup holding the same hand log twice (12:00, 5 km, 1 h) restores the one the
      // database lacks.
      let before = try Int64.fetchOne(db, sql: "SELECT MAX(id) FROM ruck_session") ?? 0
      var matched: Set<Int64> = []
      for (var session, segments) in checked.sessions {
        let backupId = session.id!
        let file = session.sourceFileId.flatMap { fileIds[$0] }
        if !empty,
          let present = try Self.sameSession(
            db, as: session, inFile: file.flatMap { presentFiles.contains($0) ? $0 : nil },
            upTo: before, except: matched)
        {
          matched.insert(present)
          summary.sessionsPresent += 1
          continue
        }
        if !empty { session.id = nil }
        session.sourceFileId = file
        try session.insert(db)
        try Self.insertTrack(db, segments, sessionId: session.id!)
        for gear in checked.sessionGear[backupId] ?? [] {
          try db.execute(
            sql: "INSERT INTO session_gear (session_id, gear_id) VALUES (?, ?)",
            arguments: [session.id!, gearIds[gear]])
        }
        summary.sessionsRestored += 1
        summary.sessionIds.append(session.id!)
        summary.pointsRestored += segments.reduce(0) { $0 + $1.count }
      }
      return summary
    }
  }
}

extension RuckStore {
  /// The id of the session of the database that is `session`, among those up to id `last` not
  /// `matched` already. Of a file the database has (`file`), the session of that file with the
  /// same start to the millisecond, whatever was edited since. Otherwise one with the same
  /// start, type, distance within 1 m, elapsed time within 1 s and load within 0.05 kg: start
  /// and distance alone took a 5 km run at 12:00 for the 5 km ruck logged at 12:00 that day
  /// (both hand-logged at the default start) and left the ruck out of a restore.
  static func sameSession(
    _ db: Database, as session: RuckSession, inFile file: Int64?, upTo last: Int64,
    except matched: Set<Int64>
  ) throws -> Int64? {
    typealias Columns = RuckSession.Columns
    var request = RuckSession.filter(Columns.startedAt == session.startedAt)
      .filter(Columns.id <= last && !matched.contains(Columns.id))
    if let file {
      request = request.filter(Columns.sourceFileId == file)
    } else {
      let distance = session.distanceMeters
      request = request.filter(Columns.activity == session.activity.rawValue)
        .filter(Columns.distanceMeters > distance - 1 && Columns.distanceMeters < distance + 1)
        .filter(abs(Columns.elapsedSeconds - session.elapsedSeconds) < 1)
        .filter(abs(Columns.loadKg - session.loadKg) < 0.05)
    }
    return try request.select(Columns.id, as: Int64.self).order(Columns.id).fetchOne(db)
  }
}

/// A backup whose every record was checked and turned into the store's values.
private struct CheckedBackup {
  let profile: RuckProfile
  let goals: [RuckGoal]
  let gear: [GearItem]
  /// Each session's gear ids, by the session's id in the backup.
  let sessionGear: [Int64: [Int64]]
  let files: [SourceFile]
  let sessions: [(RuckSession, [[TrackPoint]])]

  init(_ backup: RuckBackup, name: String) throws {
    let source = TallyError.Source(name)
    func fail(_ place: String, _ problem: String) -> TallyError {
      TallyError.refused("\(place): \(problem)", source: source)
    }
    guard backup.format == RuckBackup.formatName, backup.version == RuckBackup.currentVersion
    else {
      throw fail(
        "format",
        "'\(backup.format)' version \(backup.version): expected \(RuckBackup.formatName) "
          + "version \(RuckBackup.currentVersion)")
    }
    func instant(_ text: String, _ place: String, _ key: String) throws -> Instant {
      guard let instant = Instant.parse(text, zone: nil) else {
        throw fail(place, "\(key) '\(text)' is not an instant: expected \(Instant.expectedText)")
      }
      return instant
    }
    func known<Value: RawRepresentable<String> & CaseIterable>(
      _ text: String, _ type: Value.Type, _ place: String, _ key: String
    ) throws -> Value {
      guard let value = Value(rawValue: text) else {
        throw fail(
          place,
          "\(key) '\(text)': expected one of "
            + Value.allCases.map(\.rawValue).joined(separator: ", "))
      }
      return value
    }
    func measure(_ value: Double?, _ place: String, _ key: String) throws {
      if let value, !(value.isFinite && value >= 0) {
        throw fail(place, "\(key) \(value): expected a number of at least 0")
      }
    }

    var problems = Problems()
    var profile = RuckProfile()
    try problems.collect {
      if let weight = backup.profile.bodyWeightKg, !RuckProfile.bodyWeights.contains(weight) {
        throw fail("profile", "body_weight_kg \(weight): expected 20 to 400 kg")
      }
      guard RuckProfile.weeklyGoals.contains(backup.profile.minRucksPerWeek) else {
        throw fail(
          "profile", "min_rucks_per_week \(backup.profile.minRucksPerWeek): expected 1 to 14")
      }
      profile.bodyWeightKg = backup.profile.bodyWeightKg
      profile.units = try known(backup.profile.units, UnitSystem.self, "profile", "units")
      profile.minRucksPerWeek = backup.profile.minRucksPerWeek
      if let rate = backup.profile.maxHr, !RuckProfile.maxHeartRates.contains(rate) {
        throw fail("profile", "max_hr \(rate): expected 100 to 240 bpm")
      }
      if let rate = backup.profile.restingHr, !RuckProfile.restingHeartRates.contains(rate) {
        throw fail("profile", "resting_hr \(rate): expected 25 to 120 bpm")
      }
      if let year = backup.profile.birthYear, !RuckProfile.birthYears.contains(year) {
        throw fail("profile", "birth_year \(year): expected 1900 to 2100")
      }
      profile.maxHeartRate = backup.profile.maxHr
      profile.restingHeartRate = backup.profile.restingHr
      profile.birthYear = backup.profile.birthYear
      profile.sex = try backup.profile.sex.map { try known($0, Sex.self, "profile", "sex") }
    }
    var goalKeys = Set<String>()
    goals = try backup.goals.enumerated().compactMap { index, goal in
      try problems.collect { () throws -> RuckGoal in
        let place = "goals[\(index)]"
        let period = try known(goal.period, GoalPeriod.self, place, "period")
        let measure = try known(goal.measure, GoalMeasure.self, place, "measure")
        guard goal.target.isFinite, goal.target > 0, goal.target <= RuckStore.largestTarget else {
          throw fail(place, "target \(goal.target): expected a positive number up to 10,000,000")
        }
        guard goalKeys.insert(goal.period + goal.measure).inserted else {
          throw fail(place, "a \(goal.period) \(goal.measure) goal is given twice")
        }
        return RuckGoal(period: period, measure: measure, target: goal.target)
      }
    }
    var gearIds = Set<Int64>()
    var gearNames = Set<String>()
    gear = try backup.gear.enumerated().compactMap { index, item in
      try problems.collect { () throws -> GearItem in
        let place = "gear[\(index)] (id \(item.id))"
        guard gearIds.insert(item.id).inserted else { throw fail(place, "the id is used twice") }
        let name = item.name.trimmingCharacters(in: .whitespaces)
        guard !name.isEmpty, gearNames.insert(name).inserted else {
          throw fail(place, "name '\(item.name)': expected a name no other gear has")
        }
        if let retire = item.retireAtM, !(retire.isFinite && retire > 0) {
          throw fail(place, "retire_at_m \(retire): expected a positive number")
        }
        var retired: LocalDate?
        if let day = item.retiredOn {
          do { retired = try LocalDate(parsing: day) } catch {
            throw fail(place, "retired_on '\(day)' is not a day: expected YYYY-MM-DD")
          }
        }
        return GearItem(
          id: item.id, name: name, kind: try known(item.kind, GearKind.self, place, "kind"),
          retireAtMeters: item.retireAtM, retiredOn: retired, isDefault: item.isDefault)
      }
    }
    var fileIds = Set<Int64>()
    files = try backup.sourceFiles.enumerated().compactMap { index, file in
      try problems.collect { () throws -> SourceFile in
        let place = "source_files[\(index)] (id \(file.id))"
        guard fileIds.insert(file.id).inserted else { throw fail(place, "the id is used twice") }
        var plannedDay: LocalDate?
        if let day = file.plannedDay {
          do { plannedDay = try LocalDate(parsing: day) } catch {
            throw fail(place, "planned_day '\(day)' is not a day: expected YYYY-MM-DD")
          }
        }
        return SourceFile(
          id: file.id, name: file.name, sha256: file.sha256,
          format: try known(file.format, SessionFileFormat.self, place, "format"),
          importedAt: try instant(file.importedAt, place, "imported_at"), plannedDay: plannedDay)
      }
    }
    var sessionIds = Set<Int64>()
    sessions = try backup.sessions.enumerated().compactMap { index, session in
      try problems.collect { () throws -> (RuckSession, [[TrackPoint]]) in
        let place = "sessions[\(index)] (id \(session.id))"
        guard sessionIds.insert(session.id).inserted else {
          throw fail(place, "the id is used twice")
        }
        if let file = session.sourceFileId, !fileIds.contains(file) {
          throw fail(place, "source_file_id \(file) is not among source_files")
        }
        for item in session.gearIds where !gearIds.contains(item) {
          throw fail(place, "gear id \(item) is not among gear")
        }
        guard Set(session.gearIds).count == session.gearIds.count else {
          throw fail(place, "gear_ids names an item twice")
        }
        let start = try instant(session.startedAt, place, "started_at")
        let end = try instant(session.endedAt, place, "ended_at")
        guard end >= start else { throw fail(place, "ended_at is before started_at") }
        for (key, value) in [
          ("elapsed_s", session.elapsedS), ("moving_s", session.movingS),
          ("distance_m", session.distanceM), ("elevation_gain_m", session.elevationGainM),
          ("elevation_loss_m", session.elevationLossM), ("load_kg", session.loadKg),
          ("body_weight_kg", session.bodyWeightKg), ("calories", session.calories),
        ] {
          try measure(value, place, key)
        }
        if let temperature = session.temperatureC, !temperature.isFinite {
          throw fail(place, "temperature_c \(temperature): expected a number")
        }
        let segments = try session.track.enumerated().map { segment, points in
          try points.enumerated().map { number, point in
            try TrackPoint(
              time: try point.time.map {
                try instant($0, "\(place) track[\(segment)][\(number)]", "time")
              }, latitude: point.lat, longitude: point.lon, elevation: point.ele,
              heartRate: point.hr
            ).validated(source, point: "\(place) track[\(segment)][\(number)]")
          }
        }
        let value = RuckSession(
          id: session.id, startedAt: start, endedAt: end, elapsedSeconds: session.elapsedS,
          movingSeconds: session.movingS, distanceMeters: session.distanceM,
          elevationGainMeters: session.elevationGainM, elevationLossMeters: session.elevationLossM,
          loadKg: session.loadKg, bodyWeightKg: session.bodyWeightKg, calories: session.calories,
          caloriesSource: try known(
            session.caloriesSource, CaloriesSource.self, place, "calories_source"),
          terrain: try session.terrain.map { try known($0, Terrain.self, place, "terrain") },
          temperatureC: session.temperatureC, conditions: session.conditions,
          notes: session.notes, sourceFileId: session.sourceFileId,
          createdAt: try instant(session.createdAt, place, "created_at"),
          activity: try known(session.activity, Activity.self, place, "activity"),
          recordStatus: try known(session.recordStatus, RecordStatus.self, place, "record_status"))
        return (value, segments)
      }
    }
    try problems.check()
    self.profile = profile
    sessionGear = Dictionary(
      backup.sessions.map { ($0.id, $0.gearIds) }, uniquingKeysWith: { first, _ in first })
  }
}
