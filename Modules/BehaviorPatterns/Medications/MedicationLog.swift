import AnalyticsCore
import Foundation

/// One dose taken or skipped, with how the person felt.
public struct MedicationLog: Sendable, Equatable, Identifiable {
  /// The log id.
  public var id: Int64
  /// The medication's id.
  public var medicationID: Int64
  /// The medication's name.
  public var medicationName: String
  /// When.
  public var timestamp: Instant
  /// Taken (`true`) or skipped.
  public var taken: Bool
  /// Why it was skipped.
  public var skippedReason: String?
  /// How well it worked, 1–5.
  public var effectiveness: Int?
  /// Mood, 1–5.
  public var mood: Int?
  /// Energy, 1–5.
  public var energyLevel: Int?
  /// Side effects noticed.
  public var sideEffects: String?
  /// Notes.
  public var notes: String?
  /// When it was logged.
  public var createdAt: Instant
}

/// What `meds log` records.
public struct MedicationLogInput: Sendable, Equatable {
  /// When.
  public var timestamp: Instant
  /// Taken or skipped.
  public var taken: Bool
  /// Why it was skipped (skipped doses only).
  public var skippedReason: String?
  /// 1–5.
  public var effectiveness: Int?
  /// 1–5.
  public var mood: Int?
  /// 1–5.
  public var energyLevel: Int?
  /// Side effects.
  public var sideEffects: String?
  /// Notes.
  public var notes: String?

  /// Creates an input.
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

  /// Checks the 1–5 scales and that a reason goes with a skipped dose.
  ///
  /// - throws: `TallyError` (usage) naming the value.
  public func validate() throws {
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
  }
}
