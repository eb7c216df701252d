import AnalyticsCore
import DataFormats
import Foundation

/// The JSON shapes of entries, medications, logs and journal entries: snake_case keys, stable (an
/// API), here beside the domain so a server builds the same objects as the app.
///
/// `flat` is for table and CSV cells: lists (tags, links) become one `a|b` text.
public enum BehaviorJSON {
  /// The keys of `entry`, in order: the header of an empty CSV list.
  public static let entryColumns = [
    "id", "date", "time", "timestamp", "category", "type_id", "type", "custom_name", "intensity",
    "duration_minutes", "context_notes", "specific_details", "tags",
  ]

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

  /// The keys of `patternType`, in order.
  public static let patternTypeColumns = [
    "id", "name", "category", "takes_intensity", "takes_duration", "polarity",
  ]

  /// A pattern type of the catalog.
  public static func patternType(_ type: PatternType) -> JSONObject {
    [
      "id": .string(type.id), "name": .string(type.name), "category": .string(type.category.id),
      "takes_intensity": .bool(type.takesIntensity), "takes_duration": .bool(type.takesDuration),
      "polarity": .string(type.polarity.rawValue),
    ]
  }

  /// The keys of `medication`, in order.
  public static let medicationColumns = [
    "id", "name", "dosage", "frequency", "since", "active", "stopped_on", "notes", "dose_times",
  ]

  /// A medication.
  public static func medication(_ medication: Medication) -> JSONObject {
    [
      "id": .int(Int(medication.id)), "name": .string(medication.name),
      "dosage": .string(medication.dosage), "frequency": .string(medication.frequency.rawValue),
      "since": .date(medication.since), "active": .bool(medication.isActive),
      "stopped_on": medication.stoppedOn.map(JSONValue.date) ?? .null,
      "notes": .string(medication.notes),
      "dose_times": .string(medication.doseTimes.map(\.description).joined(separator: ",")),
    ]
  }

  /// The keys of `medicationWithRecentDoses`, in order.
  public static let medicationWithRecentDosesColumns =
    medicationColumns + ["doses_taken_30d", "adherence_30d"]

  /// A medication with its doses taken and adherence over the recent window of `meds list`
  /// (`BehaviorStore.recentAdherenceDays`); `insight` is `nil` when nothing was due or taken.
  public static func medicationWithRecentDoses(
    _ medication: Medication, _ insight: MedicationInsight?
  ) -> JSONObject {
    var row = self.medication(medication)
    row["doses_taken_30d"] = .int(insight?.dosesTaken ?? 0)
    row["adherence_30d"] = .number(insight?.adherenceRate, decimals: 1)
    return row
  }

  /// The keys of `medicationLog`, in order.
  public static let medicationLogColumns = [
    "id", "medication", "dosage", "date", "time", "timestamp", "taken", "skipped_reason",
    "effectiveness", "mood", "energy_level", "side_effects", "notes",
  ]

  /// A dose taken or skipped, with its local day and time in `zone`.
  public static func medicationLog(_ log: MedicationLog, zone: Zone) -> JSONObject {
    let local = zone.localDateTime(of: log.timestamp)
    return [
      "id": .int(Int(log.id)), "medication": .string(log.medicationName),
      "dosage": .string(log.dosage), "date": .date(local.date),
      "time": .string(String(local.time.descriptionWithSeconds.prefix(5))),
      "timestamp": .string(log.timestamp.description), "taken": .bool(log.taken),
      "skipped_reason": .string(log.skippedReason), "effectiveness": optional(log.effectiveness),
      "mood": optional(log.mood), "energy_level": optional(log.energyLevel),
      "side_effects": .string(log.sideEffects), "notes": .string(log.notes),
    ]
  }

  /// The keys of `medicationHistoryEvent`, in order.
  public static let medicationHistoryColumns = [
    "date", "event", "dosage", "from_dosage", "doses_taken", "doses_skipped",
  ]

  /// An event of a medication's history.
  public static func medicationHistoryEvent(_ event: MedicationHistoryEvent) -> JSONObject {
    [
      "date": .date(event.day), "event": .string(event.kind.rawValue),
      "dosage": .string(event.dosage), "from_dosage": .string(event.fromDosage),
      "doses_taken": optional(event.dosesTaken), "doses_skipped": optional(event.dosesSkipped),
    ]
  }

  /// The keys of `journal`, in order (`content` only with the text).
  public static func journalColumns(content: Bool) -> [String] {
    ["id", "date", "time", "timestamp", "title"] + (content ? ["content"] : [])
      + ["tags", "linked_entries"]
  }

  /// A journal search hit: the entry without its text, and the matching words in context on
  /// one line.
  public static func journalHit(_ hit: JournalSearchHit, zone: Zone, flat: Bool) -> JSONObject {
    var row = journal(hit.entry, zone: zone, flat: flat, content: false)
    row["snippet"] = .string(hit.snippet.replacingOccurrences(of: "\n", with: " "))
    return row
  }

  /// The keys of `journalHit`, in order.
  public static let journalHitColumns = journalColumns(content: false) + ["snippet"]

  /// The keys of `tag`, in order.
  public static let tagColumns = ["tag", "entries", "journal_entries"]

  /// A tag and how many entries and journal entries carry it.
  public static func tag(_ usage: TagUsage) -> JSONObject {
    [
      "tag": .string(usage.name), "entries": .int(usage.entries),
      "journal_entries": .int(usage.journalEntries),
    ]
  }

  /// The keys of `favorite`, in order.
  public static let favoriteColumns = ["position"] + patternTypeColumns

  /// A favorite with its 1-based position (the number `quick` takes).
  public static func favorite(position: Int, _ type: PatternType) -> JSONObject {
    var row: JSONObject = ["position": .int(position)]
    for field in patternType(type).fields { row[field.key] = field.value }
    return row
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
