import AnalyticsCore
import Foundation

/// One dose taken or skipped, with how the person felt.
public struct MedicationLog: Sendable, Equatable, Identifiable {
  public var id: Int64
  public var medicationID: Int64
  public var medicationName: String
  public var timestamp: Instant
  /// Taken (`true`) or skipped.
  public var taken: Bool
  /// Why it was skipped.
  public var skippedReason: String?
  /// How well it worked, 1–5.
  public var effectiveness: Int?
  public var mood: Int?
  public var energyLevel: Int?
  /// Side effects noticed.
  public var sideEffects: String?
  public var notes: String?
  /// When it was logged.
  public var createdAt: Instant
  /// The dosage it was taken (or skipped) at: the medication's when it was logged, kept when
  /// the medication's dosage changes later.
  public var dosage: String?
}

/// What `meds log` records.
public struct MedicationLogInput: Sendable, Equatable {
  public var timestamp: Instant
  public var taken: Bool
  /// Why it was skipped (skipped doses only).
  public var skippedReason: String?
  public var effectiveness: Int?
  public var mood: Int?
  public var energyLevel: Int?
  public var sideEffects: String?
  public var notes: String?

  public init(
    timestamp: Instant, taken: Bool, skippedReason: String? = nil, effectiveness: Int? = nil,
    mood: Int? = nil, energyLevel: Int? = nil, sideEffects: String? = nil, notes: String? = nil
  ) {
    self.timestamp = timestamp
    self.taken = taken
    self.skippedReason = skippedReason
    self.effectiveness = effectiveness
    self.mood = mood
    self.energyLevel = energyLevel
    self.sideEffects = sideEffects
    self.notes = notes
  }

  /// Checks the 1–5 scales, that a reason goes with a skipped dose, and that a skipped dose
  /// carries no effectiveness rating or side effects: nothing was taken to rate (a rating there
  /// was counted into the medication's average effectiveness). Backups written before this rule
  /// keep such ratings (`imported`); reports average only taken doses.
  ///
  /// - throws: `TallyError` (usage) naming the value.
  public func validate(imported: Bool = false) throws {
    for (name, value) in [
      ("effectiveness", effectiveness), ("mood", mood), ("energy", energyLevel),
    ] {
      if let value, !(1...5).contains(value) {
        throw TallyError.outOfScale(name, value)
      }
    }
    if taken, skippedReason != nil {
      throw TallyError.refused("a reason is for a skipped dose, not a taken one", category: .usage)
    }
    if !taken, !imported {
      if let effectiveness {
        throw TallyError.invalid(
          "effectiveness", String(effectiveness),
          expected: "no rating on a skipped dose: nothing was taken to rate", category: .usage)
      }
      if let sideEffects, !sideEffects.trimmingCharacters(in: .whitespaces).isEmpty {
        throw TallyError.invalid(
          "side effects", sideEffects,
          expected: "none on a skipped dose: nothing was taken (a note can say what happened)",
          category: .usage)
      }
    }
  }
}
