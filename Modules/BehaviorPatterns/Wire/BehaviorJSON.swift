import AnalyticsCore
import DataFormats

/// The JSON shapes of entries, medications, logs and journal entries: snake_case keys, stable (an
/// API), here beside the domain so a server builds the same objects as `behavior-cli`.
///
/// `flat` is for table and CSV cells: lists (tags, links) become one `a|b` text.
public enum BehaviorJSON {
  /// An entry, with its local day and time in `zone`.
  public static func entry(_ entry: PatternEntry, zone: Zone, flat: Bool = false) -> JSONObject {
    let local = zone.localDateTime(of: entry.timestamp)
    return [
      "id": .int(Int(entry.id)),
      "date": .date(local.date),
      "time": .string(String(local.time.descriptionWithSeconds.prefix(5))),
      "timestamp": .string(entry.timestamp.description),
      "category": .string(entry.category.id),
      "type_id": .string(entry.type.id),
      "type": .string(entry.displayName),
      "custom_name": .string(entry.customName),
      "intensity": entry.intensity.map { .int($0) } ?? .null,
      "duration_minutes": entry.durationMinutes.map { .int($0) } ?? .null,
      "context_notes": .string(entry.contextNotes),
      "specific_details": .string(entry.specificDetails),
      "tags": tags(entry.tags, flat: flat),
    ]
  }

  static func tags(_ tags: [String], flat: Bool) -> JSONValue {
    flat ? .string(tags.joined(separator: "|")) : .array(tags.map { .string($0) })
  }

  /// A pattern type of the catalog.
  public static func patternType(_ type: PatternType) -> JSONObject {
    [
      "id": .string(type.id), "name": .string(type.name), "category": .string(type.category.id),
      "takes_intensity": .bool(type.takesIntensity), "takes_duration": .bool(type.takesDuration),
    ]
  }

  /// A medication.
  public static func medication(_ medication: Medication) -> JSONObject {
    [
      "id": .int(Int(medication.id)), "name": .string(medication.name),
      "dosage": .string(medication.dosage), "frequency": .string(medication.frequency.rawValue),
      "since": .date(medication.since), "active": .bool(medication.isActive),
      "stopped_on": medication.stoppedOn.map(JSONValue.date) ?? .null,
      "notes": .string(medication.notes),
    ]
  }

  /// A dose taken or skipped, with its local day and time in `zone`.
  public static func medicationLog(_ log: MedicationLog, zone: Zone) -> JSONObject {
    let local = zone.localDateTime(of: log.timestamp)
    return [
      "id": .int(Int(log.id)), "medication": .string(log.medicationName),
      "date": .date(local.date),
      "time": .string(String(local.time.descriptionWithSeconds.prefix(5))),
      "timestamp": .string(log.timestamp.description), "taken": .bool(log.taken),
      "skipped_reason": .string(log.skippedReason), "effectiveness": optional(log.effectiveness),
      "mood": optional(log.mood), "energy_level": optional(log.energyLevel),
      "side_effects": .string(log.sideEffects), "notes": .string(log.notes),
    ]
  }

  /// A journal entry; its text only when `content` (lists leave it out).
  public static func journal(_ journal: JournalEntry, zone: Zone, flat: Bool, content: Bool)
    -> JSONObject
  {
    let local = zone.localDateTime(of: journal.timestamp)
    var fields: [(String, JSONValue)] = [
      ("id", .int(Int(journal.id))), ("date", .date(local.date)),
      ("time", .string(String(local.time.descriptionWithSeconds.prefix(5)))),
      ("timestamp", .string(journal.timestamp.description)), ("title", .string(journal.title)),
    ]
    if content { fields.append(("content", .string(journal.content))) }
    fields.append(("tags", tags(journal.tags, flat: flat)))
    fields.append(
      (
        "linked_entries",
        flat
          ? .string(journal.linkedEntryIDs.map(String.init).joined(separator: "|"))
          : .array(journal.linkedEntryIDs.map { .int(Int($0)) })
      ))
    return JSONObject(fields)
  }

  static func optional(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
}
