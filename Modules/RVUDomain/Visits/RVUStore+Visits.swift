import AnalyticsCore
import Foundation
import GRDB
import Storage

extension RVUStore {
  /// Saves a new visit for `userId`, copying each procedure's description, status and work RVU
  /// from the catalog version `catalogYear` (default: the newest) as it is now: a later import
  /// never changes a saved visit.
  ///
  /// - throws: `RVUError` for an unknown code without an explicit work RVU, or a visit that is
  ///   not a no-show and has no procedure; nothing is saved.
  public func addVisit(_ input: VisitInput, userId: String, catalogYear: Int? = nil) throws
    -> VisitDetail
  {
    try writer.write { db in
      try insertVisit(db, input, userId: userId, year: try self.catalogYear(db, catalogYear))
    }
  }

  /// Replaces a visit's fields and procedures.
  ///
  /// - throws: `RVUError` when the user has no visit with that id (other users' visits do not
  ///   exist for them), and as `addVisit`.
  public func updateVisit(
    id: Int64, with input: VisitInput, userId: String, catalogYear: Int? = nil
  ) throws -> VisitDetail {
    try writer.write { db in
      guard var visit = try ownVisit(db, id: id, userId: userId) else {
        throw RVUError.unknownVisit(id)
      }
      let procedures = try resolve(
        db, input, year: try self.catalogYear(db, catalogYear), context: "")
      visit.date = input.date
      visit.time = input.time?.descriptionWithSeconds
      visit.notes = input.notes
      visit.isNoShow = input.isNoShow
      visit.totalWorkRVU = procedures.map { $0.workRVU * $0.quantity }.sum()
      visit.updatedAt = Date()
      try visit.update(db)
      try Procedure.filter(Procedure.Columns.visitId == id).deleteAll(db)
      return VisitDetail(
        visit: visit, procedures: try insertProcedures(db, procedures, of: visit))
    }
  }

  /// Deletes a visit and its procedures.
  ///
  /// - throws: `RVUError` when the user has no visit with that id.
  public func deleteVisit(id: Int64, userId: String) throws {
    try writer.write { db in
      guard let visit = try ownVisit(db, id: id, userId: userId) else {
        throw RVUError.unknownVisit(id)
      }
      _ = try visit.delete(db)
    }
  }

  /// One of the user's visits.
  ///
  /// - throws: `RVUError` when the user has no visit with that id.
  public func visit(id: Int64, userId: String) throws -> VisitDetail {
    try writer.read { db in
      guard let visit = try ownVisit(db, id: id, userId: userId) else {
        throw RVUError.unknownVisit(id)
      }
      return try details(db, [visit])[0]
    }
  }

  /// The user's visits from one day through another (either open), by date, time and id.
  ///
  /// - throws: `RangeError` when `from` is after `through`.
  public func visits(userId: String, from: LocalDate? = nil, through: LocalDate? = nil) throws
    -> [VisitDetail]
  {
    if let from, let through { _ = try DayRange(start: from, end: through) }
    return try writer.read { db in
      var request = Visit.filter(Visit.Columns.userId == userId)
      if let from { request = request.filter(Visit.Columns.date >= from.description) }
      if let through { request = request.filter(Visit.Columns.date <= through.description) }
      let visits = try request.order(Visit.Columns.date, Column("time"), Column("id")).fetchAll(db)
      return try details(db, visits)
    }
  }

  /// Saves every visit of an import in one transaction: all or nothing.
  ///
  /// - throws: `RVUError` naming the record (its `location`) and field of the first bad one;
  ///   nothing is saved.
  public func importVisits(
    _ records: [(location: String, input: VisitInput)], userId: String, catalogYear: Int? = nil,
    progress: (Int) -> Void = { _ in }
  ) throws -> Int {
    try writer.write { db in
      let year = try self.catalogYear(db, catalogYear)
      for (index, record) in records.enumerated() {
        if index % 500 == 0 { progress(index) }
        _ = try insertVisit(db, record.input, userId: userId, year: year, context: record.location)
      }
      return records.count
    }
  }

  // MARK: Internals

  private func ownVisit(_ db: Database, id: Int64, userId: String) throws -> Visit? {
    try Visit.filter(Column("id") == id && Visit.Columns.userId == userId).fetchOne(db)
  }

  private func insertVisit(
    _ db: Database, _ input: VisitInput, userId: String, year: Int, context: String = ""
  ) throws -> VisitDetail {
    let procedures = try resolve(db, input, year: year, context: context)
    let now = Date()
    var visit = Visit(
      id: nil, userId: userId, date: input.date, time: input.time?.descriptionWithSeconds,
      notes: input.notes, isNoShow: input.isNoShow,
      totalWorkRVU: procedures.map { $0.workRVU * $0.quantity }.sum(), createdAt: now,
      updatedAt: now)
    try visit.insert(db)
    return VisitDetail(visit: visit, procedures: try insertProcedures(db, procedures, of: visit))
  }

  /// Procedures with the catalog's values filled in (not yet tied to a visit).
  private func resolve(_ db: Database, _ input: VisitInput, year: Int, context: String) throws
    -> [Procedure]
  {
    let prefix = context.isEmpty ? "" : context + ": "
    guard input.isNoShow || !input.procedures.isEmpty else {
      throw RVUError(
        .usage, prefix + "a visit needs at least one procedure (only a no-show may have none)")
    }
    return try input.procedures.enumerated().map { position, entry in
      let catalog = try lookup(db, hcpcs: entry.hcpcs, modifier: entry.modifier, year: year)
      guard let workRVU = entry.workRVU ?? catalog?.workRVU else {
        throw RVUError.unknownCode(
          entry.hcpcs, modifier: entry.modifier, year: year, context: prefix, workRVUHint: true)
      }
      return Procedure(
        id: nil, visitId: 0, position: position, userId: "", date: input.date,
        isNoShow: input.isNoShow, hcpcs: entry.hcpcs, modifier: entry.modifier,
        description: entry.description ?? catalog?.description ?? "",
        statusCode: entry.statusCode ?? catalog?.statusCode ?? "", workRVU: workRVU,
        quantity: entry.quantity)
    }
  }

  private func insertProcedures(_ db: Database, _ procedures: [Procedure], of visit: Visit) throws
    -> [Procedure]
  {
    try procedures.map { procedure in
      var row = procedure
      row.visitId = visit.id!
      row.userId = visit.userId
      row.date = visit.date
      row.isNoShow = visit.isNoShow
      try row.insert(db)
      return row
    }
  }

  private func details(_ db: Database, _ visits: [Visit]) throws -> [VisitDetail] {
    let ids = visits.compactMap(\.id)
    let procedures = try Procedure.filter(ids.contains(Procedure.Columns.visitId))
      .order(Procedure.Columns.visitId, Procedure.Columns.position).fetchAll(db)
    let byVisit = Dictionary(grouping: procedures, by: \.visitId)
    return visits.map { VisitDetail(visit: $0, procedures: byVisit[$0.id!] ?? []) }
  }
}
