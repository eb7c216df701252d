import AnalyticsCore
import Foundation
import GRDB
import Storage

/// Writes a checked export inside one transaction, with prepared statements for the bulk of it.
///
/// A record already in the database is recognised by its natural key and skipped (unless
/// duplicates are allowed), so importing the same file twice adds nothing the second time: an
/// entry by its instant, type and custom name; a dose by its medication, instant and whether it
/// was taken; a journal entry by its instant and title; a medication by its name (as before).
enum ExportImporter {
  struct EntryKey: Hashable {
    let occurredAt: Int64
    let patternType: String
    let customName: String?
  }

  struct LogKey: Hashable {
    let medicationID: Int64
    let occurredAt: Int64
    let taken: Bool
  }

  struct JournalKey: Hashable {
    let occurredAt: Int64
    let title: String
  }

  static func insert(_ checked: CheckedExport, allowDuplicates: Bool, _ db: Database) throws
    -> ImportSummary
  {
    let keepIDs = try isEmpty(db)
    let recognise = !keepIDs && !allowDuplicates
    let document = checked.document

    // Tags, by lower-cased name: existing ones are reused.
    var tagIDs: [String: Int64] = [:]
    for row in try Row.fetchAll(db, sql: "SELECT id, name FROM tag") {
      tagIDs[(row["name"] as String).lowercased()] = row["id"]
    }
    func tagID(_ name: String) throws -> Int64 {
      let trimmed = try TagName.validated(name)
      if let id = tagIDs[trimmed.lowercased()] { return id }
      var tag = TagRecord(id: nil, name: trimmed)
      try tag.insert(db)
      tagIDs[trimmed.lowercased()] = tag.id!
      return tag.id!
    }

    // Entries and their tags.
    var entryIDs: [Int64: Int64] = [:]
    let entryInsert = try BulkStatement(
      db,
      sql: """
        INSERT INTO pattern_entry (id, occurred_at, category, pattern_type, intensity,
          duration_minutes, context_notes, specific_details, custom_name, created_at, updated_at)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let tagInsert = try BulkStatement(
      db, sql: "INSERT OR IGNORE INTO entry_tag (entry_id, tag_id) VALUES (?, ?)")
    let presentEntries = recognise ? try presentEntryKeys(db) : [:]
    var entriesPresent = 0
    for entry in checked.entries {
      let record = BehaviorStore.record(
        entry.input, id: nil, createdAt: entry.createdAt,
        updatedAt: entry.updatedAt)
      let key = EntryKey(
        occurredAt: record.occurredAt.millisecondsSinceEpoch, patternType: record.patternType,
        customName: record.customName)
      if let present = presentEntries[key] {
        entryIDs[entry.source.id] = present
        entriesPresent += 1
        continue
      }
      if keepIDs { try entryInsert.bind(1, entry.source.id) } else { try entryInsert.bindNull(1) }
      try entryInsert.bind(2, record.occurredAt.millisecondsSinceEpoch)
      try entryInsert.bind(3, record.category)
      try entryInsert.bind(4, record.patternType)
      try entryInsert.bind(5, record.intensity.map(Int64.init))
      try entryInsert.bind(6, record.durationMinutes.map(Int64.init))
      try entryInsert.bind(7, record.contextNotes)
      try entryInsert.bind(8, record.specificDetails)
      try entryInsert.bind(9, record.customName)
      try entryInsert.bind(10, record.createdAt.millisecondsSinceEpoch)
      try entryInsert.bind(11, record.updatedAt.millisecondsSinceEpoch)
      try entryInsert.step()
      let id = db.lastInsertedRowID
      entryIDs[entry.source.id] = id
      for name in entry.input.tags {
        try tagInsert.bind(1, id)
        try tagInsert.bind(2, try tagID(name))
        try tagInsert.step()
      }
    }

    // Medications: matched by name when one exists.
    var medicationIDs: [Int64: Int64] = [:]
    var addedMedications = 0
    var addedIDs: [Int64] = []
    for (index, medication) in document.medications.enumerated() {
      let name = medication.name.trimmingCharacters(in: .whitespacesAndNewlines)
      // Dose times are checked as `meds add` checks them: one per dose of a day.
      let times = try (medication.doseTimes ?? []).map { text in
        guard let time = try? TimeOfDay(parsing: text) else {
          throw TallyError.invalid(
            "medications[\(index)].dose_times", text, expected: "HH:MM times")
        }
        return time
      }
      if let frequency = MedicationFrequency(rawValue: medication.frequency) {
        do { try BehaviorStore.checkDoseTimes(times, frequency) } catch let error as TallyError {
          throw TallyError.refused("medications[\(index)]: \(error.description)")
        }
      }
      if let existing = try Int64.fetchOne(
        db, sql: "SELECT id FROM medication WHERE name = ?", arguments: [name])
      {
        medicationIDs[medication.id] = existing
        continue
      }
      var record = MedicationRecord(
        id: keepIDs ? medication.id : nil, name: name, dosage: medication.dosage,
        frequency: medication.frequency, since: medication.since, stoppedOn: medication.stoppedOn,
        notes: medication.notes,
        createdAt: Instant.parse(medication.createdAt, zone: nil)
          ?? Instant(millisecondsSinceEpoch: 0), doseTimes: BehaviorStore.doseTimesText(times))
      try record.insert(db)
      medicationIDs[medication.id] = record.id!
      addedIDs.append(record.id!)
      addedMedications += 1
    }

    let logInsert = try BulkStatement(
      db,
      sql: """
        INSERT INTO medication_log (id, medication_id, occurred_at, taken, skipped_reason,
          effectiveness, mood, energy_level, side_effects, notes, created_at, dosage)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    let presentLogs = recognise ? try presentLogKeys(db) : []
    var logsPresent = 0
    // A backup written before doses kept their dosage (it has no dosage changes either): its
    // medication's dosage is the one at the backup, not necessarily the dose's, so the doses stay
    // without one, and the summary says how many.
    let olderBackup = checked.dosageChanges == nil
    var dosesWithoutDosage = 0
    for log in checked.logs {
      let source = log.source
      let key = LogKey(
        medicationID: medicationIDs[source.medicationID]!,
        occurredAt: log.occurredAt.millisecondsSinceEpoch, taken: source.taken)
      guard !presentLogs.contains(key) else {
        logsPresent += 1
        continue
      }
      if keepIDs { try logInsert.bind(1, source.id) } else { try logInsert.bindNull(1) }
      try logInsert.bind(2, medicationIDs[source.medicationID]!)
      try logInsert.bind(3, log.occurredAt.millisecondsSinceEpoch)
      try logInsert.bind(4, source.taken ? 1 : 0)
      try logInsert.bind(5, BehaviorStore.nonEmpty(source.skippedReason))
      try logInsert.bind(6, source.effectiveness.map(Int64.init))
      try logInsert.bind(7, source.mood.map(Int64.init))
      try logInsert.bind(8, source.energyLevel.map(Int64.init))
      try logInsert.bind(9, BehaviorStore.nonEmpty(source.sideEffects))
      try logInsert.bind(10, BehaviorStore.nonEmpty(source.notes))
      try logInsert.bind(11, log.createdAt.millisecondsSinceEpoch)
      let dosage = BehaviorStore.nonEmpty(source.dosage)
      if dosage == nil, olderBackup { dosesWithoutDosage += 1 }
      try logInsert.bind(12, dosage)
      try logInsert.step()
    }

    // Dosage changes: the file's, skipping those already kept; for an older backup, those its
    // doses show (as behavior-4 found them), for the medications it added.
    var dosageChanges = 0
    if let changes = checked.dosageChanges {
      for (source, changedAt) in changes {
        let medication = medicationIDs[source.medicationID]!
        let present =
          try Bool.fetchOne(
            db,
            sql: """
              SELECT EXISTS (SELECT 1 FROM medication_dosage_change
                WHERE medication_id = ? AND changed_at = ?)
              """, arguments: [medication, changedAt]) ?? false
        if present, !allowDuplicates { continue }
        try BehaviorStore.insert(
          DosageChange(
            medicationID: medication, changedAt: changedAt,
            from: BehaviorStore.nonEmpty(source.from), to: BehaviorStore.nonEmpty(source.to)),
          db)
        dosageChanges += 1
      }
    } else {
      for id in addedIDs {
        try db.execute(
          sql: """
            INSERT INTO medication_dosage_change (medication_id, changed_at, from_dosage, to_dosage)
              SELECT medication_id, created_at, previous, dosage FROM (
                SELECT medication_id, created_at, dosage,
                  LAG(dosage) OVER (ORDER BY created_at, id) AS previous
                FROM medication_log WHERE medication_id = ?)
              WHERE previous IS NOT NULL AND dosage IS NOT NULL AND previous <> dosage
            """, arguments: [id])
        dosageChanges += db.changesCount
      }
    }

    let presentJournal = recognise ? try presentJournalKeys(db) : []
    var journalPresent = 0
    for journal in checked.journal {
      let source = journal.source
      let title = source.title.trimmingCharacters(in: .whitespacesAndNewlines)
      guard
        !presentJournal.contains(
          JournalKey(occurredAt: journal.occurredAt.millisecondsSinceEpoch, title: title))
      else {
        journalPresent += 1
        continue
      }
      var record = JournalEntryRecord(
        id: keepIDs ? source.id : nil, occurredAt: journal.occurredAt,
        title: title, content: source.content, createdAt: journal.createdAt,
        updatedAt: journal.updatedAt)
      try record.insert(db)
      for name in source.tags {
        try JournalTagRecord(journalId: record.id!, tagId: try tagID(name)).insert(
          db, onConflict: .ignore)
      }
      for link in Set(source.linkedEntries) {
        try JournalLinkRecord(journalId: record.id!, entryId: entryIDs[link]!).insert(db)
      }
    }

    var addedFavorites = 0
    var position =
      try Int.fetchOne(db, sql: "SELECT COALESCE(MAX(position), 0) FROM favorite_pattern") ?? 0
    for type in checked.favorites
    where try FavoritePatternRecord.fetchOne(db, key: type.id) == nil {
      position += 1
      try FavoritePatternRecord(patternType: type.id, position: position).insert(db)
      addedFavorites += 1
    }

    // Ratings by name (one stored under that name, case ignored, is this one); check-ins by day
    // (a day checked in already is kept as it is). The export keeps no time for either: their
    // stamps are 0, "imported".
    var stored: [String: DailyRating] = [:]
    for rating in try BehaviorStore.ratings(db) { stored[rating.name.lowercased()] = rating }
    var ratingIDs: [String: Int64] = stored.mapValues(\.id)
    var ratingsAdded = 0
    var ratingsPresent = 0
    for (index, rating) in (document.ratings ?? []).enumerated() {
      let name = rating.name.trimmingCharacters(in: .whitespacesAndNewlines)
      let scale = rating.scaleMin...rating.scaleMax
      let polarity = PatternType.Polarity(rawValue: rating.polarity) ?? .neither
      if let existing = stored[name.lowercased()] {
        // The same rating only when it is measured the same way: values on another scale
        // would be stored as if they were on this one.
        guard existing.scale == scale, existing.polarity == polarity else {
          throw TallyError.invalid(
            "ratings[\(index)]",
            "\(name) \(scale.lowerBound)-\(scale.upperBound) "
              + polarity.rawValue,
            expected: "the stored \(existing.name)'s scale and polarity, "
              + "\(existing.scale.lowerBound)-\(existing.scale.upperBound) "
              + existing.polarity.rawValue)
        }
        ratingsPresent += 1
        continue
      }
      ratingIDs[name.lowercased()] =
        try BehaviorStore.insertRating(name: name, scale: scale, polarity: polarity, db).id
      ratingsAdded += 1
    }
    var checkInsAdded = 0
    var checkInsPresent = 0
    for checkIn in document.checkIns ?? [] {
      let present =
        try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM check_in WHERE day = ?)",
          arguments: [checkIn.date]) ?? false
      guard !present else {
        checkInsPresent += 1
        continue
      }
      try db.execute(
        sql: """
          INSERT INTO check_in (day, mood, energy, sleep_minutes, note, updated_at)
          VALUES (?, ?, ?, ?, ?, 0)
          """,
        arguments: [checkIn.date, checkIn.mood, checkIn.energy, checkIn.sleepMinutes, checkIn.note])
      for value in checkIn.ratings {
        try db.execute(
          sql: "INSERT INTO check_in_rating (day, rating_id, value) VALUES (?, ?, ?)",
          arguments: [
            checkIn.date,
            ratingIDs[value.name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()]!,
            value.value,
          ])
      }
      checkInsAdded += 1
    }

    var summary = ImportSummary(
      entries: checked.entries.count - entriesPresent, medications: addedMedications,
      medicationLogs: checked.logs.count - logsPresent,
      journalEntries: checked.journal.count - journalPresent, favorites: addedFavorites,
      dosageChanges: dosageChanges, dosesWithoutDosage: dosesWithoutDosage, keptIDs: keepIDs,
      alreadyPresent: ImportSummary.Present(
        entries: entriesPresent, medications: document.medications.count - addedMedications,
        medicationLogs: logsPresent, journalEntries: journalPresent,
        favorites: checked.favorites.count - addedFavorites))
    summary.ratings = ratingsAdded
    summary.checkIns = checkInsAdded
    summary.ratingsPresent = ratingsPresent
    summary.checkInsPresent = checkInsPresent
    return summary
  }

  // MARK: - Keys of the records already stored

  // Only the key columns are read: decoding whole records (notes, details, journal texts) to
  // recognise them cost the re-import of a large file most of its time.

  /// The stored entries' keys, each with its id (links in the file follow it).
  static func presentEntryKeys(_ db: Database) throws -> [EntryKey: Int64] {
    typealias Columns = PatternEntryRecord.Columns
    var keys: [EntryKey: Int64] = [:]
    let rows =
      try PatternEntryRecord
      .select(Columns.id, Columns.occurredAt, Columns.patternType, Columns.customName)
      .asRequest(of: Row.self).fetchCursor(db)
    while let row = try rows.next() {
      keys[
        EntryKey(
          occurredAt: row[Columns.occurredAt], patternType: row[Columns.patternType],
          customName: row[Columns.customName])] = row[Columns.id]
    }
    return keys
  }

  static func presentLogKeys(_ db: Database) throws -> Set<LogKey> {
    typealias Columns = MedicationLogRecord.Columns
    var keys = Set<LogKey>()
    let rows =
      try MedicationLogRecord
      .select(Columns.medicationId, Columns.occurredAt, Columns.taken)
      .asRequest(of: Row.self).fetchCursor(db)
    while let row = try rows.next() {
      keys.insert(
        LogKey(
          medicationID: row[Columns.medicationId], occurredAt: row[Columns.occurredAt],
          taken: row[Columns.taken]))
    }
    return keys
  }

  static func presentJournalKeys(_ db: Database) throws -> Set<JournalKey> {
    typealias Columns = JournalEntryRecord.Columns
    var keys = Set<JournalKey>()
    let rows = try JournalEntryRecord.select(Columns.occurredAt, Columns.title)
      .asRequest(of: Row.self).fetchCursor(db)
    while let row = try rows.next() {
      keys.insert(JournalKey(occurredAt: row[Columns.occurredAt], title: row[Columns.title]))
    }
    return keys
  }

  /// Whether the database holds no entries, medications, logs, journal entries or favorites.
  static func isEmpty(_ db: Database) throws -> Bool {
    try Bool.fetchOne(
      db,
      sql: """
        SELECT NOT EXISTS (SELECT 1 FROM pattern_entry) AND NOT EXISTS (SELECT 1 FROM medication)
          AND NOT EXISTS (SELECT 1 FROM journal_entry)
          AND NOT EXISTS (SELECT 1 FROM favorite_pattern) AND NOT EXISTS (SELECT 1 FROM check_in)
          AND NOT EXISTS (SELECT 1 FROM daily_rating)
        """) ?? false
  }
}
