import AnalyticsCore
import DataFormats
import Foundation

/// The export written through DataFormats' one JSON writer: keys sorted, every key present
/// (absent values as `null`) so `import` reads back exactly what was written.
///
/// Records are written one object at a time into one byte buffer rather than as one `JSONValue`
/// tree: the tree of a 100,000-entry export would be built only to be walked once.
enum ExportJSON {
  static func bytes(_ document: BehaviorExport) -> Data {
    var out: [UInt8] = []
    out.reserveCapacity(document.entries.count * typicalEntryBytes)
    out.append(UInt8(ascii: "{"))
    var first = true
    func member(_ key: String) {
      if !first { out.append(UInt8(ascii: ",")) }
      first = false
      out.append(contentsOf: "\n  ".utf8)
      JSONWriter.writeString(key, into: &out)
      out.append(contentsOf: ": ".utf8)
    }
    func records<Record>(_ items: [Record], _ object: (Record) -> JSONObject) {
      guard !items.isEmpty else {
        out.append(contentsOf: "[]".utf8)
        return
      }
      out.append(UInt8(ascii: "["))
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(UInt8(ascii: ",")) }
        out.append(contentsOf: "\n    ".utf8)
        JSONWriter.write(.object(object(item)), into: &out, indent: 4, pretty: true)
      }
      out.append(contentsOf: "\n  ]".utf8)
    }
    member("check_ins")
    records(document.checkIns ?? [], object)
    member("dosage_changes")
    records(document.dosageChanges ?? [], object)
    member("entries")
    records(document.entries, object)
    member("favorites")
    JSONWriter.write(strings(document.favorites), into: &out, indent: 2, pretty: true)
    member("format")
    JSONWriter.writeString(document.format, into: &out)
    member("journal")
    records(document.journal, object)
    member("medication_logs")
    records(document.medicationLogs, object)
    member("medications")
    records(document.medications, object)
    member("ratings")
    records(document.ratings ?? [], object)
    member("version")
    JSONWriter.write(.int(document.version), into: &out, indent: 2, pretty: true)
    out.append(contentsOf: "\n}\n".utf8)
    return Data(out)
  }

  /// About what one entry takes with its notes and tags; reserving it up front saves the
  /// buffer's regrowth copies on a large export.
  private static let typicalEntryBytes = 400

  static func object(_ entry: BehaviorExport.Entry) -> JSONObject {
    JSONObject([
      ("category", .string(entry.category)),
      ("context_notes", .string(entry.contextNotes)),
      ("created_at", .string(entry.createdAt)),
      ("custom_name", .string(entry.customName)),
      ("duration_minutes", int(entry.durationMinutes)),
      ("id", .int(Int(entry.id))),
      ("intensity", int(entry.intensity)),
      ("pattern_type", .string(entry.patternType)),
      ("specific_details", .string(entry.specificDetails)),
      ("tags", strings(entry.tags)),
      ("timestamp", .string(entry.timestamp)),
      ("updated_at", .string(entry.updatedAt)),
    ])
  }

  static func object(_ journal: BehaviorExport.Journal) -> JSONObject {
    JSONObject([
      ("content", .string(journal.content)),
      ("created_at", .string(journal.createdAt)),
      ("id", .int(Int(journal.id))),
      ("linked_entries", .array(journal.linkedEntries.map { .int(Int($0)) })),
      ("tags", strings(journal.tags)),
      ("timestamp", .string(journal.timestamp)),
      ("title", .string(journal.title)),
      ("updated_at", .string(journal.updatedAt)),
    ])
  }

  static func object(_ log: BehaviorExport.MedicationLog) -> JSONObject {
    JSONObject([
      ("created_at", .string(log.createdAt)),
      ("dosage", .string(log.dosage)),
      ("effectiveness", int(log.effectiveness)),
      ("energy_level", int(log.energyLevel)),
      ("id", .int(Int(log.id))),
      ("medication_id", .int(Int(log.medicationID))),
      ("mood", int(log.mood)),
      ("notes", .string(log.notes)),
      ("side_effects", .string(log.sideEffects)),
      ("skipped_reason", .string(log.skippedReason)),
      ("taken", .bool(log.taken)),
      ("timestamp", .string(log.timestamp)),
    ])
  }

  static func object(_ rating: BehaviorExport.Rating) -> JSONObject {
    [
      "name": .string(rating.name), "scale_min": .int(rating.scaleMin),
      "scale_max": .int(rating.scaleMax), "polarity": .string(rating.polarity),
    ]
  }

  static func object(_ checkIn: BehaviorExport.CheckIn) -> JSONObject {
    [
      "date": .string(checkIn.date), "mood": checkIn.mood.map(JSONValue.int) ?? .null,
      "energy": checkIn.energy.map(JSONValue.int) ?? .null,
      "sleep_minutes": checkIn.sleepMinutes.map(JSONValue.int) ?? .null,
      "note": .string(checkIn.note),
      "ratings": .array(
        checkIn.ratings.map { .object(["name": .string($0.name), "value": .int($0.value)]) }),
    ]
  }

  static func object(_ change: BehaviorExport.DosageChange) -> JSONObject {
    JSONObject([
      ("changed_at", .string(change.changedAt)),
      ("from", .string(change.from)),
      ("medication_id", .int(Int(change.medicationID))),
      ("to", .string(change.to)),
    ])
  }

  static func object(_ medication: BehaviorExport.Medication) -> JSONObject {
    JSONObject([
      ("created_at", .string(medication.createdAt)),
      ("dosage", .string(medication.dosage)),
      ("dose_times", .array((medication.doseTimes ?? []).map(JSONValue.string))),
      ("frequency", .string(medication.frequency)),
      ("id", .int(Int(medication.id))),
      ("name", .string(medication.name)),
      ("notes", .string(medication.notes)),
      ("since", .string(medication.since)),
      ("stopped_on", .string(medication.stoppedOn)),
    ])
  }

  private static func int(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
  private static func strings(_ values: [String]) -> JSONValue {
    .array(values.map { .string($0) })
  }
}
