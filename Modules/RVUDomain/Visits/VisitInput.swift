import AnalyticsCore

/// A visit as a user enters it (the seed's `POST /api/visits` body).
public struct VisitInput: Sendable, Equatable {
  public var date: LocalDate
  public var time: TimeOfDay?
  public var notes: String?
  /// Whether the patient did not show up.
  public var isNoShow: Bool
  public var procedures: [ProcedureInput]
  /// Where it took place, for its payment estimate; `nil`: the user's setting.
  public var setting: PracticeSetting?

  public init(
    date: LocalDate, time: TimeOfDay? = nil, notes: String? = nil, isNoShow: Bool = false,
    procedures: [ProcedureInput], setting: PracticeSetting? = nil
  ) {
    self.setting = setting
    self.date = date
    self.time = time
    self.notes = notes
    self.isNoShow = isNoShow
    self.procedures = procedures
  }

  /// The longest note, in bytes of UTF-8 (10,000 letters of English, fewer accented): pages of
  /// clinical shorthand, far below what would let one user fill the server's memory with a list
  /// of visits (150 notes of 1 MiB made one answer of 150 MB, issue 32). Bytes, not characters:
  /// one letter with 500,000 combining accents is one character and a megabyte.
  public static let notesLimit = 10_000

  /// `notes` when within `notesLimit`.
  ///
  /// - throws: `TallyError` naming the field, its length and the limit (bad data when read from a
  ///   file, `source`; usage otherwise).
  static func checkNotes(_ notes: String?, source: TallyError.Source? = nil) throws -> String? {
    guard let notes else { return nil }
    let bytes = notes.utf8.count
    guard bytes <= notesLimit else {
      var error = TallyError.invalid(
        "notes", "\(bytes) bytes long", expected: "at most \(notesLimit) bytes of text",
        category: source == nil ? .usage : .badData)
      error.source = source
      throw error
    }
    return notes
  }
}

/// A saved visit with its procedures.
public struct VisitDetail: Sendable, Equatable {
  public let visit: Visit
  /// Its procedures, in order.
  public let procedures: [Procedure]
}

/// What an update changes: every field that is set replaces the visit's, every `nil` keeps it,
/// so fixing the notes never drops the time or retypes the procedures.
public struct VisitChanges: Sendable, Equatable {
  public var date: LocalDate?
  /// `.some(nil)` removes the time; `nil` keeps it.
  public var time: TimeOfDay??
  /// `.some(nil)` removes the notes; `nil` keeps them.
  public var notes: String??
  public var isNoShow: Bool?
  /// When set, the visit's procedures are replaced by these (copied from the catalog again).
  public var procedures: [ProcedureInput]?
  /// The place of service; `.some(nil)` makes the visit follow the user's setting again; `nil`
  /// keeps it.
  public var setting: PracticeSetting??

  public init(
    date: LocalDate? = nil, time: TimeOfDay?? = nil, notes: String?? = nil,
    isNoShow: Bool? = nil, procedures: [ProcedureInput]? = nil, setting: PracticeSetting?? = nil
  ) {
    self.setting = setting
    self.date = date
    self.time = time
    self.notes = notes
    self.isNoShow = isNoShow
    self.procedures = procedures
  }

  /// Every field replaced by `input`'s (a whole new visit in place of the old).
  public init(replacingWith input: VisitInput) {
    self.init(
      date: input.date, time: .some(input.time), notes: .some(input.notes),
      isNoShow: input.isNoShow, procedures: input.procedures,
      // The API's bodies have no place of service: a replacement keeps the visit's.
      setting: input.setting.map { .some($0) })
  }

  /// Whether nothing would change.
  public var isEmpty: Bool {
    date == nil && time == nil && notes == nil && isNoShow == nil && procedures == nil
      && setting == nil
  }
}
