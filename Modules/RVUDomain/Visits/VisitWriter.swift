import AnalyticsCore
import GRDB
import Storage

/// Writes visits and their procedures inside one write transaction, with prepared (cached)
/// statements and a cache of catalog lookups, so that adding one visit and importing thousands
/// take the same path.
///
/// The inserts are raw SQL on purpose: this is the bulk path (`tally-bench rvu` imports 100,000
/// visits and 250,000 procedures through it), and binding positional arguments to one cached
/// statement skips the per-row column dictionary that a record's `insert` builds.
struct VisitWriter {
  let db: Database
  let store: RVUStore
  /// The catalog version asked for; `nil`: each visit's own, in force on its date of service.
  let chosenVersion: Int?
  /// Catalog codes by version and code.
  private var catalog: [String: CatalogCode?] = [:]
  /// The user's own codes looked up, by user and code.
  private var customCodes: [String: CustomCode?] = [:]
  /// Each user's credit setting (`RVUSettings.credit`), read once per write.
  private var credits: [String: RVUCredit] = [:]
  /// The version in force, by day of service.
  private var inForce: [LocalDate: Int] = [:]
  /// The (user, day) pairs changed by updates and deletes, whose daily totals `finish()`
  /// recomputes.
  private var touched: [String: Set<LocalDate>] = [:]
  /// The visits inserted, by user and day: `finish()` adds them to the daily totals as deltas
  /// when a day got few, and recomputes a day that got many (an import).
  private var added: [String: [LocalDate: [Int64]]] = [:]
  /// Above this many new visits on one day, recomputing the day is cheaper than adding each.
  static let deltasPerDay = 16

  /// - Parameter catalogVersion: a version that exists (checked by the caller), or `nil`.
  init(_ db: Database, store: RVUStore, catalogVersion: Int?) {
    self.db = db
    self.store = store
    self.chosenVersion = catalogVersion
  }

  /// The catalog version a visit on `day` takes its values from.
  private mutating func version(for day: LocalDate) throws -> Int {
    if let chosenVersion { return chosenVersion }
    if let known = inForce[day] { return known }
    let version = try store.catalogVersion(db, inForceOn: day)
    inForce[day] = version
    return version
  }

  /// Saves a new visit; `source` says where in an import it came from.
  mutating func insert(_ input: VisitInput, userId: String, source: TallyError.Source? = nil)
    throws -> VisitDetail
  {
    let notes = try VisitInput.checkNotes(input.notes, source: source)
    let procedures = try resolve(input, userId: userId, source: source)
    let now = store.clock.now()
    var visit = Visit(
      id: nil, userId: userId, date: input.date, time: input.time?.descriptionWithSeconds,
      notes: notes, isNoShow: input.isNoShow,
      totalWorkRVU: Visit.totalWorkRVU(of: procedures, isNoShow: input.isNoShow),
      setting: input.setting, createdAt: now, updatedAt: now)
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO visit (user_id, date, time, notes, is_no_show, total_work_rvu, setting,
          created_at, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    try statement.execute(arguments: [
      userId, input.date, visit.time, visit.notes, visit.isNoShow, visit.totalWorkRVU,
      visit.setting?.rawValue, now, now,
    ])
    visit.id = db.lastInsertedRowID
    added[userId, default: [:]][input.date, default: []].append(visit.id!)
    return VisitDetail(visit: visit, procedures: try insertProcedures(procedures, of: visit))
  }

  /// Notes that a day of a user changed (an update or delete made outside `insert`).
  mutating func touch(userId: String, day: LocalDate) {
    touched[userId, default: []].insert(day)
  }

  /// Brings the daily totals of every touched day up to date; call before the transaction ends.
  func finish() throws {
    var recount = touched
    for (userId, days) in added {
      for (day, visits) in days {
        if visits.count > Self.deltasPerDay || touched[userId]?.contains(day) == true {
          recount[userId, default: []].insert(day)
        } else {
          for visit in visits { try DailyTotals.add(db, visitId: visit) }
        }
      }
    }
    for (userId, days) in recount { try DailyTotals.refresh(db, userId: userId, days: days) }
  }

  /// Procedures with the catalog's values filled in (not yet tied to a visit).
  ///
  /// - throws: `TallyError` (at `source`) for a day after the store's today, a visit without
  ///   procedures that is not a no-show, a work RVU outside `ProcedureInput.workRVUs`, or a code
  ///   missing from the catalog without a work RVU of its own.
  mutating func resolve(
    _ input: VisitInput, userId: String, source: TallyError.Source? = nil
  ) throws -> [Procedure] {
    // In a file, an unknown code is bad data in that file (exit 65), not a missing input.
    func located(_ error: TallyError) -> TallyError {
      guard let source else { return error }
      var located = error.at(source)
      located.category = .badData
      return located
    }
    let today = store.today()
    guard input.date <= today else { throw located(.futureVisit(input.date, today: today)) }
    guard input.isNoShow || !input.procedures.isEmpty else {
      throw located(.visitNeedsProcedure)
    }
    var result: [Procedure] = []
    var lines: [CreditRules.Line] = []
    // The release in force on the date of service (CMS's values from the day it took effect).
    let version: Int
    if input.procedures.isEmpty {
      version = 0
    } else {
      do { version = try self.version(for: input.date) } catch let error as TallyError {
        throw located(error)
      }
    }
    let year = version / 10_000
    for (position, entry) in input.procedures.enumerated() {
      let key = "\(version):" + entry.hcpcs + ":" + (entry.modifier ?? "")
      if catalog[key] == nil {
        catalog[key] = .some(
          try store.lookup(db, hcpcs: entry.hcpcs, modifier: entry.modifier, version: version))
      }
      let code = catalog[key]!
      // A code the catalog lacks may be one of the user's own (`custom_code`): logged with its
      // description and work RVU. The catalog's own code of the name wins.
      var custom: CustomCode?
      if code == nil {
        let customKey = userId + "\u{0}" + entry.hcpcs
        if customCodes[customKey] == nil {
          customCodes[customKey] = .some(
            try store.customCode(db, hcpcs: entry.hcpcs, userId: userId))
        }
        custom = customCodes[customKey]!
      }
      if let given = entry.workRVU {
        do { _ = try ProcedureInput.checkWorkRVU(given) } catch let error as TallyError {
          throw located(error)
        }
      }
      guard let workRVU = entry.workRVU ?? code?.workRVU ?? custom?.workRVU else {
        throw located(
          code == nil
            ? .unknownCode(entry.hcpcs, modifier: entry.modifier, year: year)
            : .unpricedCode(entry.hcpcs, year: year))
      }
      result.append(
        Procedure(
          id: nil, visitId: 0, position: position, userId: "", date: input.date,
          isNoShow: input.isNoShow, hcpcs: entry.hcpcs, modifier: entry.modifier,
          description: entry.description ?? code?.description ?? custom?.description ?? "",
          statusCode: entry.statusCode ?? code?.statusCode ?? "", workRVU: workRVU,
          quantity: entry.quantity))
      var baseRVU: FixedDecimal?
      if let base = code?.indicators?.endoscopicBase {
        let baseKey = "\(version):" + base + ":"
        if catalog[baseKey] == nil {
          catalog[baseKey] = .some(
            try store.lookup(db, hcpcs: base, modifier: nil, version: version))
        }
        baseRVU = catalog[baseKey]!?.workRVU
      }
      lines.append(
        CreditRules.Line(
          hcpcs: entry.hcpcs, modifier: entry.modifier, workRVU: workRVU,
          indicators: code?.indicators, isAddOn: code?.globalDays == "ZZZ",
          isGiven: entry.workRVU != nil,
          hasOwnRow: entry.modifier != nil && code?.modifier == entry.modifier,
          endoscopicBaseRVU: baseRVU))
    }
    let credits: [CreditRules.Credit]
    do { credits = try CreditRules.credits(lines) } catch let error as TallyError {
      throw located(error)
    }
    if self.credits[userId] == nil {
      self.credits[userId] = try RVUSettings.owned(by: userId).fetchOne(db)?.credit ?? .adjusted
    }
    let applied = self.credits[userId] == .adjusted
    for (index, credit) in credits.enumerated() {
      let credited = applied ? credit.workRVU : result[index].workRVU
      if let said = input.procedures[index].fileCredit, said != credited {
        throw located(
          .invalid(
            "work_rvu", "\(said)",
            expected: "\(credited), the credit of work_rvu_unadjusted "
              + "\(result[index].workRVU) for \(result[index].hcpcs)"
              + (credit.adjustment.map { " (\($0))" } ?? "")
              + ": leave work_rvu_unadjusted out to give the work RVU itself"))
      }
    }
    for (index, credit) in credits.enumerated() where credit.adjustment != nil {
      result[index].workRVUUnadjusted = result[index].workRVU
      if applied {
        result[index].workRVU = credit.workRVU
        result[index].adjustment = credit.adjustment
      } else {
        result[index].adjustment = "not applied (credit: unadjusted): " + credit.adjustment!
      }
    }
    return result
  }

  /// Writes procedures for a saved visit, repeating its user, day and no-show flag.
  func insertProcedures(_ procedures: [Procedure], of visit: Visit) throws -> [Procedure] {
    let statement = try db.cachedStatement(
      sql: """
        INSERT INTO procedure (visit_id, position, user_id, date, is_no_show, hcpcs, modifier,
          description, status_code, work_rvu, quantity, work_rvu_unadjusted, adjustment)
        VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
        """)
    return try procedures.map { procedure in
      var row = procedure
      row.visitId = visit.id!
      row.userId = visit.userId
      row.date = visit.date
      row.isNoShow = visit.isNoShow
      try statement.execute(arguments: [
        row.visitId, row.position, row.userId, row.date, row.isNoShow, row.hcpcs, row.modifier,
        row.description, row.statusCode, row.workRVU, row.quantity, row.workRVUUnadjusted,
        row.adjustment,
      ])
      row.id = db.lastInsertedRowID
      return row
    }
  }
}
