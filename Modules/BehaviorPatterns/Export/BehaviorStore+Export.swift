import AnalyticsCore
import Foundation
import GRDB
import Storage

/// What an import added.
public struct ImportSummary: Sendable, Equatable {
  /// Pattern entries added.
  public var entries: Int
  /// Medications added (those matched by name to existing ones are not counted).
  public var medications: Int
  /// Medication logs added.
  public var medicationLogs: Int
  /// Journal entries added.
  public var journalEntries: Int
  /// Favorites added.
  public var favorites: Int
  /// Dosage changes added: the file's, or for a backup without them, those its doses show.
  public var dosageChanges = 0
  /// Daily ratings and check-ins added; those of the file already kept (same name, same day).
  public var ratings = 0, checkIns = 0
  public var ratingsPresent = 0, checkInsPresent = 0
  /// Doses of a backup written before doses kept their dosage, imported without one (the
  /// backup's medication dosage is the one at the backup, not necessarily the dose's).
  public var dosesWithoutDosage = 0
  /// Whether the file's ids were kept (the database held no data before).
  public var keptIDs: Bool
  /// What the file held that the database already had, skipped.
  public var alreadyPresent: Present

  /// Records of the file recognised as already in the database (see `ExportImporter`).
  public struct Present: Sendable, Equatable {
    public var entries: Int
    public var medications: Int
    public var medicationLogs: Int
    public var journalEntries: Int
    public var favorites: Int

    /// All of them.
    public var total: Int { entries + medications + medicationLogs + journalEntries + favorites }
  }

  /// Every record added.
  public var totalAdded: Int { entries + medications + medicationLogs + journalEntries + favorites }
}

extension BehaviorStore {
  /// Everything, or only the entries, logs and journal entries of `range` (local days in
  /// `zone`; medications and favorites are always whole). Journal links to entries outside the
  /// range are left out.
  public func exportDocument(range: DayRange? = nil, zone: Zone) throws -> BehaviorExport {
    var entryCondition = "1"
    var logCondition = "1"
    var journalCondition = "1"
    var arguments: [any DatabaseValueConvertible] = []
    if let range {
      let (start, end) = zone.instants(of: range)
      arguments = [start, end]
      entryCondition = "e.occurred_at >= ? AND e.occurred_at < ?"
      logCondition = "l.occurred_at >= ? AND l.occurred_at < ?"
      journalCondition = "j.occurred_at >= ? AND j.occurred_at < ?"
    }
    return try writer.read { db in
      let entries = try Self.entries(db, where: entryCondition, arguments).sorted { $0.id < $1.id }
      let entryIDs = Set(entries.map(\.id))
      let medications = try MedicationRecord.order(MedicationRecord.Columns.id).fetchAll(db)
      let logs = try Self.logs(db, where: logCondition, arguments).sorted { $0.id < $1.id }
      let journal = try Self.journals(db, where: journalCondition, arguments).sorted {
        $0.id < $1.id
      }
      // A medication's changes are whole, as the medication is.
      let changes = try Self.dosageChanges(db, where: "1", [])
      let checkIns = try Self.checkIns(
        db, from: range?.start ?? LocalDate.supportedRange.lowerBound,
        through: range?.end ?? LocalDate.supportedRange.upperBound)
      var document = BehaviorExport(
        format: BehaviorExport.formatName, version: 1,
        favorites: try Self.favorites(db).map(\.id),
        entries: entries.map { entry in
          BehaviorExport.Entry(
            id: entry.id, timestamp: entry.timestamp.description,
            category: entry.category.id, patternType: entry.type.id, customName: entry.customName,
            intensity: entry.intensity, durationMinutes: entry.durationMinutes,
            contextNotes: entry.contextNotes, specificDetails: entry.specificDetails,
            tags: entry.tags, createdAt: entry.createdAt.description,
            updatedAt: entry.updatedAt.description)
        },
        medications: medications.map { record in
          BehaviorExport.Medication(
            id: record.id!, name: record.name, dosage: record.dosage, frequency: record.frequency,
            since: record.since, stoppedOn: record.stoppedOn, notes: record.notes,
            createdAt: record.createdAt.description,
            doseTimes: (record.doseTimes ?? "").split(separator: ",").map(String.init))
        },
        medicationLogs: logs.map { log in
          BehaviorExport.MedicationLog(
            id: log.id, medicationID: log.medicationID,
            timestamp: log.timestamp.description, taken: log.taken,
            skippedReason: log.skippedReason, effectiveness: log.effectiveness, mood: log.mood,
            energyLevel: log.energyLevel, sideEffects: log.sideEffects, notes: log.notes,
            createdAt: log.createdAt.description, dosage: log.dosage)
        },
        journal: journal.map { journal in
          BehaviorExport.Journal(
            id: journal.id, timestamp: journal.timestamp.description,
            title: journal.title, content: journal.content, tags: journal.tags,
            linkedEntries: journal.linkedEntryIDs.filter(entryIDs.contains),
            createdAt: journal.createdAt.description,
            updatedAt: journal.updatedAt.description)
        },
        dosageChanges: changes.map { change in
          BehaviorExport.DosageChange(
            medicationID: change.medicationID, changedAt: change.changedAt.description,
            from: change.from, to: change.to)
        })
      document.ratings = try Self.ratings(db).map {
        BehaviorExport.Rating(
          name: $0.name, scaleMin: $0.scale.lowerBound, scaleMax: $0.scale.upperBound,
          polarity: $0.polarity.rawValue)
      }
      document.checkIns = checkIns.map { checkIn in
        BehaviorExport.CheckIn(
          date: checkIn.day.description, mood: checkIn.mood, energy: checkIn.energy,
          sleepMinutes: checkIn.sleepMinutes, note: checkIn.note,
          ratings: checkIn.ratings.sorted { caseInsensitiveOrder($0.key, $1.key) }.map {
            BehaviorExport.RatingValue(name: $0.key, value: $0.value)
          })
      }
      return document
    }
  }

  /// The JSON export (UTF-8, sorted keys, two-space indent, a final newline).
  public func exportJSON(range: DayRange? = nil, zone: Zone) throws -> Data {
    ExportJSON.bytes(try exportDocument(range: range, zone: zone))
  }

  /// Reads a JSON export (`name` is used in messages) and adds everything in it, all or
  /// nothing. Into a database with no data the file's ids are kept, so a round trip is exact;
  /// otherwise records get new ids and links follow them. Medications whose name exists are
  /// matched to the existing one, and records already present are skipped (importing a file
  /// twice adds nothing) unless `allowDuplicates`. Entries and doses on a day after the
  /// clock's in `zone` are refused, as when logged one by one.
  ///
  /// - throws: `TallyError` (bad data) naming the first bad record; nothing is written.
  @discardableResult
  public func importJSON(_ data: Data, name: String, zone: Zone, allowDuplicates: Bool = false)
    throws -> ImportSummary
  {
    let document = try ExportValidator.decode(data, name: name)
    let checked = try ExportValidator.validate(
      document, name: name, today: today(in: zone), zone: zone)
    return try writer.write { db in
      try ExportImporter.insert(checked, allowDuplicates: allowDuplicates, db)
    }
  }
}
