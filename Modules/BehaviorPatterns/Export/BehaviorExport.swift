import AnalyticsCore
import Foundation

/// The JSON export: everything in the database (or one span of days), in a form `import` reads
/// back. Instants are UTC (`2026-02-08T20:30:00Z`), days `YYYY-MM-DD`. `ExportJSON` writes
/// it with every key (absent values as `null`), sorted keys and records by id, so export →
/// import into an empty database → export gives the same bytes.
public struct BehaviorExport: Codable, Sendable, Equatable {
  /// Always `tally-behavior`.
  public var format: String
  /// The export format version (1).
  public var version: Int
  /// Favorite pattern type ids, in order.
  public var favorites: [String]
  /// Pattern entries, by id.
  public var entries: [Entry]
  /// Medications, by id.
  public var medications: [Medication]
  /// Medication logs, by id.
  public var medicationLogs: [MedicationLog]
  /// Journal entries, by id.
  public var journal: [Journal]
  /// Dosage changes, oldest first; `nil` in a backup written before they were kept (its doses
  /// may lack their dosage too: `import` says what it did about both).
  public var dosageChanges: [DosageChange]?
  /// Daily ratings, by name; `nil` in a backup written before check-ins were kept.
  public var ratings: [Rating]?
  /// Check-ins, by day; `nil` in a backup written before they were kept.
  public var checkIns: [CheckIn]?

  /// The `format` value.
  public static let formatName = "tally-behavior"

  public init(
    format: String, version: Int, favorites: [String], entries: [Entry], medications: [Medication],
    medicationLogs: [MedicationLog], journal: [Journal], dosageChanges: [DosageChange]? = nil
  ) {
    self.dosageChanges = dosageChanges
    self.format = format
    self.version = version
    self.favorites = favorites
    self.entries = entries
    self.medications = medications
    self.medicationLogs = medicationLogs
    self.journal = journal
  }

  enum CodingKeys: String, CodingKey, CaseIterable {
    case format, version, favorites, entries, medications, journal
    case medicationLogs = "medication_logs"
    case dosageChanges = "dosage_changes"
    case ratings
    case checkIns = "check_ins"
  }

  /// A daily rating.
  public struct Rating: Codable, Sendable, Equatable {
    public var name: String
    public var scaleMin: Int
    public var scaleMax: Int
    /// `higher-is-better`, `higher-is-harder` or `neither`.
    public var polarity: String

    enum CodingKeys: String, CodingKey, CaseIterable {
      case name, polarity
      case scaleMin = "scale_min"
      case scaleMax = "scale_max"
    }
  }

  /// A day's check-in.
  public struct CheckIn: Codable, Sendable, Equatable {
    /// The local day, `YYYY-MM-DD`.
    public var date: String
    public var mood: Int?
    public var energy: Int?
    public var sleepMinutes: Int?
    public var note: String?
    /// Its ratings' values, by rating name.
    public var ratings: [RatingValue]

    enum CodingKeys: String, CodingKey, CaseIterable {
      case date, mood, energy, note, ratings
      case sleepMinutes = "sleep_minutes"
    }
  }

  /// A rating's value on a check-in.
  public struct RatingValue: Codable, Sendable, Equatable {
    public var name: String
    public var value: Int

    enum CodingKeys: String, CodingKey, CaseIterable { case name, value }
  }

  /// A medication's dosage change.
  public struct DosageChange: Codable, Sendable, Equatable {
    /// The medication's id in this file.
    public var medicationID: Int64
    /// When (UTC).
    public var changedAt: String
    public var from: String?
    public var to: String?

    public init(medicationID: Int64, changedAt: String, from: String?, to: String?) {
      self.medicationID = medicationID
      self.changedAt = changedAt
      self.from = from
      self.to = to
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case from, to
      case medicationID = "medication_id"
      case changedAt = "changed_at"
    }
  }

  /// A pattern entry.
  public struct Entry: Codable, Sendable, Equatable {
    public var id: Int64
    /// When (UTC).
    public var timestamp: String
    public var category: String
    public var patternType: String
    public var customName: String?
    public var intensity: Int?
    public var durationMinutes: Int?
    public var contextNotes: String?
    public var specificDetails: String?
    public var tags: [String]
    /// When logged (UTC).
    public var createdAt: String
    /// When last changed (UTC).
    public var updatedAt: String

    public init(
      id: Int64, timestamp: String, category: String, patternType: String, customName: String?,
      intensity: Int?, durationMinutes: Int?, contextNotes: String?, specificDetails: String?,
      tags: [String], createdAt: String, updatedAt: String
    ) {
      self.id = id
      self.timestamp = timestamp
      self.category = category
      self.patternType = patternType
      self.customName = customName
      self.intensity = intensity
      self.durationMinutes = durationMinutes
      self.contextNotes = contextNotes
      self.specificDetails = specificDetails
      self.tags = tags
      self.createdAt = createdAt
      self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case id, timestamp, category, intensity, tags
      case patternType = "pattern_type"
      case customName = "custom_name"
      case durationMinutes = "duration_minutes"
      case contextNotes = "context_notes"
      case specificDetails = "specific_details"
      case createdAt = "created_at"
      case updatedAt = "updated_at"
    }
  }

  /// A medication.
  public struct Medication: Codable, Sendable, Equatable {
    public var id: Int64
    public var name: String
    public var dosage: String?
    public var frequency: String
    /// First day.
    public var since: String
    /// Last day, once stopped.
    public var stoppedOn: String?
    public var notes: String?
    /// When added (UTC).
    public var createdAt: String
    /// `HH:MM` dose times; `nil` in a backup written before they were kept.
    public var doseTimes: [String]?

    public init(
      id: Int64, name: String, dosage: String?, frequency: String, since: String,
      stoppedOn: String?, notes: String?, createdAt: String, doseTimes: [String]? = nil
    ) {
      self.doseTimes = doseTimes
      self.id = id
      self.name = name
      self.dosage = dosage
      self.frequency = frequency
      self.since = since
      self.stoppedOn = stoppedOn
      self.notes = notes
      self.createdAt = createdAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case id, name, dosage, frequency, since, notes
      case stoppedOn = "stopped_on"
      case createdAt = "created_at"
      case doseTimes = "dose_times"
    }
  }

  /// A medication log.
  public struct MedicationLog: Codable, Sendable, Equatable {
    public var id: Int64
    /// The medication's id in this file.
    public var medicationID: Int64
    /// When (UTC).
    public var timestamp: String
    public var taken: Bool
    public var skippedReason: String?
    public var effectiveness: Int?
    public var mood: Int?
    public var energyLevel: Int?
    public var sideEffects: String?
    public var notes: String?
    /// When logged (UTC).
    public var createdAt: String
    /// The dosage it was taken at (absent from backups written before doses kept theirs).
    public var dosage: String?

    public init(
      id: Int64, medicationID: Int64, timestamp: String, taken: Bool, skippedReason: String?,
      effectiveness: Int?, mood: Int?, energyLevel: Int?, sideEffects: String?, notes: String?,
      createdAt: String, dosage: String?
    ) {
      self.id = id
      self.medicationID = medicationID
      self.timestamp = timestamp
      self.taken = taken
      self.skippedReason = skippedReason
      self.effectiveness = effectiveness
      self.mood = mood
      self.energyLevel = energyLevel
      self.sideEffects = sideEffects
      self.notes = notes
      self.createdAt = createdAt
      self.dosage = dosage
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case id, timestamp, taken, effectiveness, mood, notes, dosage
      case medicationID = "medication_id"
      case skippedReason = "skipped_reason"
      case energyLevel = "energy_level"
      case sideEffects = "side_effects"
      case createdAt = "created_at"
    }
  }

  /// A journal entry.
  public struct Journal: Codable, Sendable, Equatable {
    public var id: Int64
    /// When (UTC).
    public var timestamp: String
    public var title: String
    public var content: String
    public var tags: [String]
    /// Ids of linked entries in this file.
    public var linkedEntries: [Int64]
    /// When added (UTC).
    public var createdAt: String
    /// When last changed (UTC).
    public var updatedAt: String

    public init(
      id: Int64, timestamp: String, title: String, content: String, tags: [String],
      linkedEntries: [Int64], createdAt: String, updatedAt: String
    ) {
      self.id = id
      self.timestamp = timestamp
      self.title = title
      self.content = content
      self.tags = tags
      self.linkedEntries = linkedEntries
      self.createdAt = createdAt
      self.updatedAt = updatedAt
    }

    enum CodingKeys: String, CodingKey, CaseIterable {
      case id, timestamp, title, content, tags
      case linkedEntries = "linked_entries"
      case createdAt = "created_at"
      case updatedAt = "updated_at"
    }
  }
}
