import AnalyticsCore

/// A visit as a user enters it (the seed's `POST /api/visits` body).
public struct VisitInput: Sendable, Equatable {
  public var date: LocalDate
  public var time: TimeOfDay?
  public var notes: String?
  /// Whether the patient did not show up.
  public var isNoShow: Bool
  public var procedures: [ProcedureInput]

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
  public let visit: Visit
  /// Its procedures, in order.
  public let procedures: [Procedure]
}
