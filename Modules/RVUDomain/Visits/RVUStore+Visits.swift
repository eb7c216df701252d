import AnalyticsCore
import Foundation
import GRDB
import Storage

extension RVUStore {
  /// Saves a new visit for `userId`, copying each procedure's description, status and work RVU
  /// from the catalog version `catalogYear` (default: the one in force on the visit's date of
  /// service, the newest not of a later year) as it is now: a later import never changes a
  /// saved visit.
  ///
  /// - throws: `TallyError` for an unknown code without an explicit work RVU, or a visit that is
  ///   not a no-show and has no procedure; nothing is saved.
  public func addVisit(_ input: VisitInput, userId: String, catalogYear: Int? = nil) throws
    -> VisitDetail
  {
    try writer.write { db in
      var writer = VisitWriter(
        db, store: self,
        catalogVersion: try catalogYear.map { try self.catalogVersion(db, year: $0) })
      let detail = try writer.insert(input, userId: userId)
      try writer.finish()
      return detail
    }
  }

  /// Replaces a visit's fields and procedures.
  ///
  /// - throws: as `updateVisit(id:changes:userId:catalogYear:)`.
  public func updateVisit(
    id: Int64, with input: VisitInput, userId: String, catalogYear: Int? = nil
  ) throws -> VisitDetail {
    try updateVisit(
      id: id, changes: VisitChanges(replacingWith: input), userId: userId,
      catalogYear: catalogYear)
  }

  /// Changes what `changes` sets and keeps the rest. Procedures are replaced (and copied from
  /// the catalog again) only when `changes.procedures` is set; otherwise they stay as logged and
  /// only follow the visit's new day and no-show flag.
  ///
  /// - throws: `TallyError` when the user has no visit with that id (other users' visits do not
  ///   exist for them), when the visit would be neither a no-show nor have a procedure, and as
  ///   `addVisit`; nothing changes.
  public func updateVisit(
    id: Int64, changes: VisitChanges, userId: String, catalogYear: Int? = nil
  ) throws -> VisitDetail {
    try writer.write { db in
      guard var visit = try ownVisit(db, id: id, userId: userId) else {
        throw TallyError.unknownVisit(id)
      }
      var writer = VisitWriter(
        db, store: self,
        catalogVersion: try catalogYear.map { try self.catalogVersion(db, year: $0) })
      writer.touch(userId: userId, day: visit.date)
      if let date = changes.date {
        let today = self.today()
        guard date <= today else { throw TallyError.futureVisit(date, today: today) }
        visit.date = date
      }
      if let time = changes.time { visit.time = time?.descriptionWithSeconds }
      if let notes = changes.notes { visit.notes = try VisitInput.checkNotes(notes) }
      if let isNoShow = changes.isNoShow { visit.isNoShow = isNoShow }
      if let setting = changes.setting { visit.setting = setting }
      writer.touch(userId: userId, day: visit.date)
      let ofVisit = Procedure.filter(Procedure.Columns.visitId == id)
      var procedures: [Procedure]
      if let inputs = changes.procedures {
        procedures = try writer.resolve(
          VisitInput(date: visit.date, isNoShow: visit.isNoShow, procedures: inputs),
          userId: userId)
      } else {
        procedures = try ofVisit.order(Procedure.Columns.position).fetchAll(db)
        guard visit.isNoShow || !procedures.isEmpty else {
          throw TallyError.visitNeedsProcedure
        }
      }
      // The total follows the no-show flag: marking a visit a no-show takes its RVUs off,
      // marking it attended again gives back those of its kept procedures.
      visit.totalWorkRVU = Visit.totalWorkRVU(of: procedures, isNoShow: visit.isNoShow)
      visit.updatedAt = clock.now()
      try visit.update(db)
      if changes.procedures != nil {
        try ofVisit.deleteAll(db)
        procedures = try writer.insertProcedures(procedures, of: visit)
      } else {
        try ofVisit.updateAll(
          db, Procedure.Columns.date.set(to: visit.date),
          Procedure.Columns.isNoShow.set(to: visit.isNoShow))
        for index in procedures.indices {
          procedures[index].date = visit.date
          procedures[index].isNoShow = visit.isNoShow
        }
      }
      try writer.finish()
      return VisitDetail(visit: visit, procedures: procedures)
    }
  }

  /// Deletes a visit and its procedures.
  ///
  /// - throws: `TallyError` when the user has no visit with that id.
  public func deleteVisit(id: Int64, userId: String) throws {
    try writer.write { db in
      guard let visit = try ownVisit(db, id: id, userId: userId) else {
        throw TallyError.unknownVisit(id)
      }
      _ = try visit.delete(db)
      try DailyTotals.refresh(db, userId: userId, days: [visit.date])
    }
  }

  /// One of the user's visits.
  ///
  /// - throws: `TallyError` when the user has no visit with that id.
  public func visit(id: Int64, userId: String) throws -> VisitDetail {
    try writer.read { db in try visitDetail(db, id: id, userId: userId) }
  }

  /// One of the user's visits with its procedures.
  ///
  /// - throws: `TallyError` when the user has no visit with that id.
  func visitDetail(_ db: Database, id: Int64, userId: String) throws -> VisitDetail {
    guard let visit = try ownVisit(db, id: id, userId: userId) else {
      throw TallyError.unknownVisit(id)
    }
    return try details(db, [visit])[0]
  }

  /// The user's visits from one day through another (either open), by date, time and id.
  ///
  /// - throws: `TallyError` when `from` is after `through`.
  public func visits(userId: String, from: LocalDate? = nil, through: LocalDate? = nil) throws
    -> [VisitDetail]
  {
    if let from, let through { _ = try DayRange(start: from, end: through) }
    return try writer.read { db in
      var request = Visit.owned(by: userId)
      if let from { request = request.filter(Visit.Columns.date >= from) }
      if let through { request = request.filter(Visit.Columns.date <= through) }
      let visits = try request.order(Visit.Columns.date, Visit.Columns.time, Visit.Columns.id)
        .fetchAll(db)
      return try details(db, visits)
    }
  }

  /// The ids of the user's visits within the days, in the order `visits` lists them (date, time,
  /// id): a listing read a page at a time (`visits(ids:userId:)`) holds only these in memory,
  /// however many visits the user has.
  public func visitIds(userId: String, from: LocalDate? = nil, through: LocalDate? = nil) throws
    -> [Int64]
  {
    if let from, let through { _ = try DayRange(start: from, end: through) }
    return try writer.read { db in
      var request = Visit.owned(by: userId)
      if let from { request = request.filter(Visit.Columns.date >= from) }
      if let through { request = request.filter(Visit.Columns.date <= through) }
      return try request.order(Visit.Columns.date, Visit.Columns.time, Visit.Columns.id)
        .select(Visit.Columns.id, as: Int64.self).fetchAll(db)
    }
  }

  /// The user's visits with these ids, in the order of `ids`; an id of no visit of theirs (one
  /// deleted since the ids were read) is left out.
  public func visits(ids: [Int64], userId: String) throws -> [VisitDetail] {
    try writer.read { db in
      let visits = try Visit.owned(by: userId).filter(ids.contains(Visit.Columns.id)).fetchAll(db)
      let position = Dictionary(uniqueKeysWithValues: ids.enumerated().map { ($1, $0) })
      return try details(db, visits.sorted { position[$0.id!]! < position[$1.id!]! })
    }
  }

  /// Saves every visit of an import in one transaction: all or nothing. A visit the user has
  /// already (same `VisitKey`) is skipped unless `allowDuplicates`, so importing a file twice
  /// changes nothing the second time.
  ///
  /// - throws: `TallyError` naming the record (its `source`) and field of the first bad one;
  ///   nothing is saved.
  public func importVisits(
    _ records: [VisitImportFile.Record], userId: String, catalogYear: Int? = nil,
    allowDuplicates: Bool = false, progress: (Int) -> Void = { _ in }
  ) throws -> VisitImportSummary {
    try writer.write { db in
      var writer = VisitWriter(
        db, store: self,
        catalogVersion: try catalogYear.map { try self.catalogVersion(db, year: $0) })
      var present: [VisitKey: Int] = [:]
      if !allowDuplicates {
        let days = Set(records.map(\.input.date))
        let saved = try Visit.owned(by: userId).filter(days.contains(Visit.Columns.date))
          .fetchAll(db)
        for detail in try details(db, saved) { present[VisitKey(detail), default: 0] += 1 }
      }
      var added = 0
      for (index, record) in records.enumerated() {
        if index % Self.importProgressStep == 0 { progress(index) }
        if !present.isEmpty {
          let key = VisitKey(record.input)
          if let count = present[key], count > 0 {
            present[key] = count - 1
            continue
          }
        }
        _ = try writer.insert(record.input, userId: userId, source: record.source)
        added += 1
      }
      try writer.finish()
      return VisitImportSummary(added: added, alreadyPresent: records.count - added)
    }
  }

  /// Visits written between two progress reports of an import.
  private static let importProgressStep = 500

  // MARK: Internals

  private func ownVisit(_ db: Database, id: Int64, userId: String) throws -> Visit? {
    try Visit.owned(by: userId).filter(key: id).fetchOne(db)
  }

  private func details(_ db: Database, _ visits: [Visit]) throws -> [VisitDetail] {
    let ids = visits.compactMap(\.id)
    let procedures = try Procedure.filter(ids.contains(Procedure.Columns.visitId))
      .order(Procedure.Columns.visitId, Procedure.Columns.position).fetchAll(db)
    let byVisit = Dictionary(grouping: procedures, by: \.visitId)
    return visits.map { VisitDetail(visit: $0, procedures: byVisit[$0.id!] ?? []) }
  }
}
