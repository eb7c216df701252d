import AnalyticsCore
import Foundation
import GRDB

extension BehaviorStore {
  /// Adds a medication.
  ///
  /// - throws: `TallyError` when the name is empty or already used (case ignored).
  @discardableResult
  public func addMedication(_ input: MedicationInput) throws -> Medication {
    let name = try Self.medicationName(input.name)
    try Self.checkDoseTimes(input.doseTimes, input.frequency)
    let now = clock.now()
    return try writer.write { db in
      try Self.refuseDuplicateName(name, except: nil, db)
      var record = MedicationRecord(
        id: nil, name: name, dosage: Self.nonEmpty(input.dosage),
        frequency: input.frequency.rawValue, since: input.since.description, stoppedOn: nil,
        notes: Self.nonEmpty(input.notes), createdAt: now,
        doseTimes: Self.doseTimesText(input.doseTimes))
      try record.insert(db)
      return try Self.medication(record)
    }
  }

  /// The medications, by name; stopped ones only when `includeStopped`.
  public func medications(includeStopped: Bool = false) throws -> [Medication] {
    try writer.read { db in
      let all = MedicationRecord.all().orderedByName()
      return try (includeStopped ? all : all.active()).fetchAll(db).map(Self.medication)
    }
  }

  /// The medication named by `reference`: its id, or its name (case ignored).
  ///
  /// - throws: `TallyError` (missing input) when there is none.
  public func medication(_ reference: String) throws -> Medication {
    try writer.read { db in try Self.medication(reference, db) }
  }

  /// Applies `change` to a medication; `zone` decides the days of its logged doses.
  ///
  /// - throws: `TallyError` when it does not exist, the new name is taken, or the new first day
  ///   comes after its last day or a logged dose.
  @discardableResult
  public func editMedication(_ reference: String, _ change: MedicationChange, zone: Zone) throws
    -> Medication
  {
    try writer.write { db in
      var medication = try Self.medication(reference, db)
      if let name = change.name {
        medication.name = try Self.medicationName(name)
        try Self.refuseDuplicateName(medication.name, except: medication.id, db)
      }
      let dosage = Self.nonEmpty(change.dosage.applied(to: medication.dosage))
      if dosage != medication.dosage {
        try Self.insert(
          DosageChange(
            medicationID: medication.id, changedAt: clock.now(), from: medication.dosage, to: dosage
          ),
          db)
      }
      medication.dosage = dosage
      medication.frequency = change.frequency ?? medication.frequency
      medication.since = change.since ?? medication.since
      medication.notes = Self.nonEmpty(change.notes.applied(to: medication.notes))
      // A new frequency needs its own number of times: the old ones are checked against it.
      medication.doseTimes = change.doseTimes ?? medication.doseTimes
      try Self.checkDoseTimes(medication.doseTimes, medication.frequency)
      if let stopped = medication.stoppedOn, stopped < medication.since {
        throw TallyError.invalid(
          "first day", medication.since.description,
          expected: "a day on or before \(stopped), when \(medication.name) was stopped",
          category: .usage)
      }
      if change.since != nil, let first = try Self.doseDays(medication.id, zone, db)?.first,
        first < medication.since
      {
        throw TallyError.invalid(
          "first day", medication.since.description,
          expected: "\(first) or earlier: a dose of \(medication.name) is logged on that day",
          category: .usage)
      }
      try Self.record(medication).update(db)
      return medication
    }
  }

  /// Marks a medication stopped: `day` is the last day it was taken. Its history is kept.
  ///
  /// - throws: `TallyError` when it does not exist, is already stopped, or `day` is before
  ///   its first day or its last logged dose (in `zone`), or after today in `zone` (a stop is
  ///   recorded once it happened: a planned one would show the medication stopped while doses
  ///   are still logged).
  @discardableResult
  public func stopMedication(_ reference: String, on day: LocalDate, zone: Zone) throws
    -> Medication
  {
    if let expected = Self.happenedDayProblem(day, today: today(in: zone)) {
      throw TallyError.invalid("last day", day.description, expected: expected, category: .usage)
    }
    return try writer.write { db in
      var medication = try Self.medication(reference, db)
      if let stopped = medication.stoppedOn {
        throw TallyError.refused(
          "\(medication.name) was already stopped on \(stopped)", category: .usage)
      }
      guard day >= medication.since else {
        throw TallyError.invalid(
          "last day", day.description,
          expected: "\(medication.since) or later, when \(medication.name) was started",
          category: .usage)
      }
      // Doses logged after the last day would count against no expected dose in every report.
      if let last = try Self.doseDays(medication.id, zone, db)?.last, last > day {
        throw TallyError.invalid(
          "last day", day.description,
          expected: "\(last) or later: a dose of \(medication.name) is logged on that day",
          category: .usage)
      }
      medication.stoppedOn = day
      try Self.record(medication).update(db)
      return medication
    }
  }

  /// Deletes a medication and all its logs.
  ///
  /// - Returns: the number of logs deleted with it.
  @discardableResult
  public func deleteMedication(_ reference: String) throws -> Int {
    try writer.write { db in
      let medication = try Self.medication(reference, db)
      let logs =
        try Int.fetchOne(
          db, sql: "SELECT COUNT(*) FROM medication_log WHERE medication_id = ?",
          arguments: [medication.id]) ?? 0
      _ = try MedicationRecord.deleteOne(db, key: medication.id)
      return logs
    }
  }

  /// Logs a dose taken or skipped. `zone` decides the local day, which must lie from the
  /// medication's first day to its last (when stopped), and not after the clock's day.
  ///
  /// - throws: `TallyError` for an unknown medication or a bad value.
  @discardableResult
  public func logMedication(_ reference: String, _ input: MedicationLogInput, zone: Zone) throws
    -> MedicationLog
  {
    try input.validate()
    try refuseFuture(input.timestamp, zone: zone, field: "dose day")
    let now = clock.now()
    return try writer.write { db in
      let medication = try Self.medication(reference, db)
      let day = zone.localDate(of: input.timestamp)
      if day < medication.since {
        throw TallyError.invalid(
          "dose day", day.description,
          expected: "\(medication.since) or later: \(medication.name) was started on that day",
          category: .usage)
      }
      if let stopped = medication.stoppedOn, day > stopped {
        throw TallyError.invalid(
          "dose day", day.description,
          expected: "\(stopped) or earlier: \(medication.name) was stopped on that day",
          category: .usage)
      }
      var record = MedicationLogRecord(
        id: nil, medicationId: medication.id, occurredAt: input.timestamp,
        taken: input.taken, skippedReason: Self.nonEmpty(input.skippedReason),
        effectiveness: input.effectiveness, mood: input.mood, energyLevel: input.energyLevel,
        sideEffects: Self.nonEmpty(input.sideEffects), notes: Self.nonEmpty(input.notes),
        createdAt: now, dosage: medication.dosage)
      try record.insert(db)
      return Self.log(record, name: medication.name)
    }
  }

  /// The logs of one medication (or all when `reference` is `nil`) between two local days,
  /// newest first.
  public func medicationLogs(
    _ reference: String? = nil, from: LocalDate? = nil, to: LocalDate? = nil, zone: Zone
  ) throws -> [MedicationLog] {
    try writer.read { db in
      var conditions = ["1"]
      var arguments: [any DatabaseValueConvertible] = []
      if let reference {
        conditions.append("l.medication_id = ?")
        arguments.append(try Self.medication(reference, db).id)
      }
      if let from {
        conditions.append("l.occurred_at >= ?")
        arguments.append(zone.start(of: from))
      }
      if let to {
        conditions.append("l.occurred_at < ?")
        arguments.append(zone.start(of: to.adding(days: 1)))
      }
      return try Self.logs(
        db, where: conditions.joined(separator: " AND "), arguments, newestFirst: true)
    }
  }

  /// The dosage changes of one medication (or of all when `reference` is `nil`), oldest first.
  public func dosageChanges(_ reference: String? = nil) throws -> [DosageChange] {
    try writer.read { db in
      guard let reference else { return try Self.dosageChanges(db, where: "1", []) }
      return try Self.dosageChanges(
        db, where: "medication_id = ?", [try Self.medication(reference, db).id])
    }
  }

  /// A medication's history, oldest first: its start at the dosage it began with, each dosage
  /// change, its stop; each with the doses logged (entered) from it to the next. A dose took the
  /// medication's dosage when it was logged, so counting doses by when they were entered puts
  /// each under the dosage it keeps, a dose logged late for an earlier day included.
  public func medicationHistory(_ reference: String, zone: Zone) throws
    -> [MedicationHistoryEvent]
  {
    try writer.read { db in
      let medication = try Self.medication(reference, db)
      let changes = try Self.dosageChanges(db, where: "medication_id = ?", [medication.id])
      let logs = try Self.logs(db, where: "l.medication_id = ?", [medication.id])
      var events = [
        MedicationHistoryEvent(
          day: medication.since, kind: .started,
          dosage: changes.first.map(\.from) ?? medication.dosage)
      ]
      var starts: [Instant?] = [nil]
      for change in changes {
        events.append(
          MedicationHistoryEvent(
            day: zone.localDate(of: change.changedAt), kind: .dosageChanged, dosage: change.to,
            fromDosage: change.from))
        starts.append(change.changedAt)
      }
      for index in events.indices {
        let end = index + 1 < starts.count ? starts[index + 1] : nil
        let own = logs.filter { log in
          (starts[index].map { log.createdAt >= $0 } ?? true)
            && (end.map { log.createdAt < $0 } ?? true)
        }
        events[index].dosesTaken = own.filter(\.taken).count
        events[index].dosesSkipped = own.count - own.filter(\.taken).count
      }
      if let stopped = medication.stoppedOn {
        events.append(
          MedicationHistoryEvent(day: stopped, kind: .stopped, dosage: medication.dosage))
      }
      return events
    }
  }

  // MARK: - Shared

  static func dosageChanges(
    _ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible]
  ) throws -> [DosageChange] {
    try Row.fetchAll(
      db,
      sql: """
        SELECT medication_id, changed_at, from_dosage, to_dosage FROM medication_dosage_change
        WHERE \(condition) ORDER BY changed_at, id
        """, arguments: StatementArguments(arguments)
    ).map { row in
      DosageChange(
        medicationID: row[0], changedAt: row[1], from: row[2], to: row[3])
    }
  }

  static func insert(_ change: DosageChange, _ db: Database) throws {
    try db.execute(
      sql: """
        INSERT INTO medication_dosage_change (medication_id, changed_at, from_dosage, to_dosage)
        VALUES (?, ?, ?, ?)
        """, arguments: [change.medicationID, change.changedAt, change.from, change.to])
  }

  /// The local days in `zone` of a medication's first and last logged dose, `nil` without one.
  static func doseDays(_ medicationId: Int64, _ zone: Zone, _ db: Database) throws
    -> (first: LocalDate, last: LocalDate)?
  {
    let row = try Row.fetchOne(
      db,
      sql: "SELECT MIN(occurred_at), MAX(occurred_at) FROM medication_log "
        + "WHERE medication_id = ?", arguments: [medicationId])
    guard let first = row?[0] as Instant?, let last = row?[1] as Instant? else { return nil }
    return (zone.localDate(of: first), zone.localDate(of: last))
  }

  static func logs(
    _ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible],
    newestFirst: Bool = false
  ) throws -> [MedicationLog] {
    let order = newestFirst ? "DESC" : "ASC"
    let names = Dictionary(
      uniqueKeysWithValues: try Row.fetchAll(db, sql: "SELECT id, name FROM medication").map {
        (row: Row) -> (Int64, String) in (row["id"], row["name"])
      })
    return try MedicationLogRecord.fetchAll(
      db,
      sql: """
        SELECT l.* FROM medication_log l WHERE \(condition)
        ORDER BY l.occurred_at \(order), l.id \(order)
        """, arguments: StatementArguments(arguments)
    ).map { log($0, name: names[$0.medicationId] ?? "") }
  }

  static func log(_ record: MedicationLogRecord, name: String) -> MedicationLog {
    MedicationLog(
      id: record.id!, medicationID: record.medicationId, medicationName: name,
      timestamp: record.occurredAt, taken: record.taken,
      skippedReason: record.skippedReason, effectiveness: record.effectiveness, mood: record.mood,
      energyLevel: record.energyLevel, sideEffects: record.sideEffects, notes: record.notes,
      createdAt: record.createdAt, dosage: record.dosage)
  }

  static func medication(_ reference: String, _ db: Database) throws -> Medication {
    let trimmed = reference.trimmingCharacters(in: .whitespaces)
    let record =
      try MedicationRecord.all().named(trimmed).fetchOne(db)
      ?? Int64(trimmed).flatMap { try MedicationRecord.fetchOne(db, key: $0) }
    guard let record else {
      let names = try String.fetchAll(db, sql: "SELECT name FROM medication ORDER BY id")
      throw TallyError.unknownMedication(
        reference, suggesting: Suggestion.closest(to: trimmed, in: names))
    }
    return try medication(record)
  }

  static func medication(_ record: MedicationRecord) throws -> Medication {
    guard let frequency = MedicationFrequency(rawValue: record.frequency),
      let since = try? LocalDate(parsing: record.since)
    else {
      throw TallyError.refused("medication \(record.name) has an unreadable frequency or day")
    }
    var medication = Medication(
      id: record.id!, name: record.name, dosage: record.dosage, frequency: frequency, since: since,
      stoppedOn: record.stoppedOn.flatMap { try? LocalDate(parsing: $0) }, notes: record.notes,
      createdAt: record.createdAt)
    medication.doseTimes = (record.doseTimes ?? "").split(separator: ",").compactMap {
      try? TimeOfDay(parsing: String($0))
    }
    return medication
  }

  /// `08:00,20:00`, or `nil` for none.
  static func doseTimesText(_ times: [TimeOfDay]) -> String? {
    times.isEmpty ? nil : times.sorted().map(\.description).joined(separator: ",")
  }

  /// Dose times agree with the frequency: as many as its doses a day (one for weekly, on the
  /// weekday of its first day), none for as-needed, each once.
  ///
  /// - throws: `TallyError` (usage) naming the times and what the frequency takes.
  static func checkDoseTimes(_ times: [TimeOfDay], _ frequency: MedicationFrequency) throws {
    guard !times.isEmpty else { return }
    let expected =
      switch frequency {
      case .daily, .weekly: 1
      case .twiceDaily: 2
      case .threeTimesDaily: 3
      case .asNeeded: 0
      }
    let text = times.map(\.description).joined(separator: ",")
    guard Set(times).count == times.count, times.allSatisfy({ $0.second == 0 }) else {
      throw TallyError.invalid(
        "dose times", text, expected: "different times in whole minutes", category: .usage)
    }
    guard times.count == expected else {
      throw TallyError.invalid(
        "dose times", text,
        expected: expected == 0
          ? "none for an as-needed medication (nothing is due at a time)"
          : "\(counted(expected, "time")) for a \(frequency.rawValue) medication",
        category: .usage)
    }
  }

  static func record(_ medication: Medication) -> MedicationRecord {
    MedicationRecord(
      id: medication.id, name: medication.name, dosage: medication.dosage,
      frequency: medication.frequency.rawValue, since: medication.since.description,
      stoppedOn: medication.stoppedOn?.description, notes: medication.notes,
      createdAt: medication.createdAt, doseTimes: doseTimesText(medication.doseTimes))
  }

  static func medicationName(_ text: String) throws -> String {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty else {
      throw TallyError(.usage, .missing(field: "medication name", expected: "a non-empty name"))
    }
    return name
  }

  static func refuseDuplicateName(_ name: String, except id: Int64?, _ db: Database) throws {
    if let existing = try MedicationRecord.all().named(name).fetchOne(db), existing.id != id {
      throw TallyError(
        .usage, .exists(kind: TallyError.BehaviorKind.medication, name: existing.name))
    }
  }
}
