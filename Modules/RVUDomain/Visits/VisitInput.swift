import AnalyticsCore

/// A visit as a user enters it (the seed's `POST /api/visits` body).
public struct VisitInput: Sendable, Equatable {
  /// The day of the visit.
  public var date: LocalDate
  /// The time of day, when given.
  public var time: TimeOfDay?
  /// Free-text notes.
  public var notes: String?
  /// Whether the patient did not show up.
  public var isNoShow: Bool
  /// The procedures, in order.
  public var procedures: [ProcedureInput]

  /// Creates an input.
  public init(
    date: LocalDate, time: TimeOfDay? = nil, notes: String? = nil, isNoShow: Bool = false,
    procedures: [ProcedureInput]
  ) {
    self.date = date
    self.time = time
    self.notes = notes
    self.isNoShow = isNoShow
    self.procedures = procedures
  }
}

/// A saved visit with its procedures.
public struct VisitDetail: Sendable, Equatable {
  /// The visit.
  public let visit: Visit
  /// Its procedures, in order.
  public let procedures: [Procedure]
}
