import AnalyticsCore
import GRDB

extension RVUStore {
  /// The longest stretch of time off in one entry: a year's leave; longer is a typing slip.
  public static let timeOffLimit = 366

  /// Records days off from `from` through `to`. Entries may overlap; a day counts once.
  ///
  /// - throws: `TallyError` (usage) when `to` is before `from`, the stretch is longer than
  ///   `timeOffLimit` days, or the note is longer than a visit's.
  public func addTimeOff(from: LocalDate, to: LocalDate, note: String? = nil, userId: String)
    throws -> TimeOff
  {
    guard from <= to else {
      throw TallyError.invalid(
        "to", to.description, expected: "a day on or after the first day off (\(from))",
        category: .usage)
    }
    guard from.days(to: to) < Self.timeOffLimit else {
      throw TallyError.invalid(
        "to", to.description,
        expected: "at most \(Self.timeOffLimit) days from \(from), first and last included "
          + "(one entry per stretch)",
        category: .usage)
    }
    let note = try VisitInput.checkNotes(note)
    return try writer.write { db in
      var entry = TimeOff(
        userId: userId, from: from, to: to, note: note, createdAt: clock.now())
      try entry.insert(db)
      return entry
    }
  }

  /// The user's time off, earliest first.
  public func timeOff(userId: String) throws -> [TimeOff] {
    try writer.read { db in
      try TimeOff.owned(by: userId).order(TimeOff.Columns.from, TimeOff.Columns.id).fetchAll(db)
    }
  }

  /// Deletes one of the user's entries.
  ///
  /// - throws: `TallyError` when the user has no entry with that id.
  public func deleteTimeOff(id: Int64, userId: String) throws {
    try writer.write { db in
      guard try TimeOff.owned(by: userId).filter(TimeOff.Columns.id == id).deleteAll(db) > 0 else {
        throw TallyError.notFound(
          "time off", String(id), expected: "the id of one of your time-off entries")
      }
    }
  }
}
