import AnalyticsCore
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

/// The JSON shapes of `behavior-cli`. Keys are snake_case and stable.
enum BehaviorJSON {
  /// An entry; `tags` is an array in JSON and `a|b` in table and CSV.
  static func entry(_ entry: PatternEntry, zone: Zone, format: OutputFormat) -> JSONObject {
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
      "tags": tags(entry.tags, format: format),
    ]
  }

  static func tags(_ tags: [String], format: OutputFormat) -> JSONValue {
    format == .json ? .array(tags.map { .string($0) }) : .string(tags.joined(separator: "|"))
  }

  /// A pattern type of the catalog.
  static func patternType(_ type: PatternType) -> JSONObject {
    [
      "id": .string(type.id), "name": .string(type.name), "category": .string(type.category.id),
      "takes_intensity": .bool(type.takesIntensity), "takes_duration": .bool(type.takesDuration),
    ]
  }

  static func medication(_ medication: Medication) -> JSONObject {
    [
      "id": .int(Int(medication.id)), "name": .string(medication.name),
      "dosage": .string(medication.dosage), "frequency": .string(medication.frequency.rawValue),
      "since": .date(medication.since), "active": .bool(medication.isActive),
      "stopped_on": medication.stoppedOn.map(JSONValue.date) ?? .null,
      "notes": .string(medication.notes),
    ]
  }

  static func medicationLog(_ log: MedicationLog, zone: Zone) -> JSONObject {
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

  static func journal(_ journal: JournalEntry, zone: Zone, format: OutputFormat, content: Bool)
    -> JSONObject
  {
    let local = zone.localDateTime(of: journal.timestamp)
    var fields: [(String, JSONValue)] = [
      ("id", .int(Int(journal.id))), ("date", .date(local.date)),
      ("time", .string(String(local.time.descriptionWithSeconds.prefix(5)))),
      ("timestamp", .string(journal.timestamp.description)), ("title", .string(journal.title)),
    ]
    if content { fields.append(("content", .string(journal.content))) }
    fields.append(("tags", tags(journal.tags, format: format)))
    fields.append(
      (
        "linked_entries",
        format == .json
          ? .array(journal.linkedEntryIDs.map { .int(Int($0)) })
          : .string(journal.linkedEntryIDs.map(String.init).joined(separator: "|"))
      ))
    return JSONObject(fields)
  }

  static func optional(_ value: Int?) -> JSONValue { value.map { .int($0) } ?? .null }
}
