import AnalyticsCore

/// A medication's dosage changed: an event of its history. Each dose keeps the dosage it was
/// taken at, so a change relabels no dose; the change itself is what a clinician asks about
/// ("when did you go up to 100 mg?").
public struct DosageChange: Sendable, Equatable {
  public var medicationID: Int64
  /// When it was changed (a medication's edit), or, for changes made before Tally kept them,
  /// the first dose logged at the new dosage.
  public var changedAt: Instant
  /// The dosage before (`nil`: none was written).
  public var from: String?
  /// The dosage after (`nil`: removed).
  public var to: String?

  public init(medicationID: Int64, changedAt: Instant, from: String?, to: String?) {
    self.medicationID = medicationID
    self.changedAt = changedAt
    self.from = from
    self.to = to
  }

  /// `50 mg → 100 mg`, `none → 50 mg`.
  public var text: String { "\(from ?? "none") → \(to ?? "none")" }
}

/// An event of a medication's history (`meds history`): started, dosage changed, stopped; with
/// the doses logged from it to the next event, so that what was taken at each dosage shows.
public struct MedicationHistoryEvent: Sendable, Equatable {
  public enum Kind: String, Sendable {
    case started
    case dosageChanged = "dosage changed"
    case stopped
  }

  public var day: LocalDate
  public var kind: Kind
  /// The dosage in force from this event on.
  public var dosage: String?
  /// The dosage before a change.
  public var fromDosage: String?
  /// Doses logged taken and skipped from this event to the next (`nil` for a stop).
  public var dosesTaken: Int?
  public var dosesSkipped: Int?
}
