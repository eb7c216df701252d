import AnalyticsCore
import GRDB
import Storage

/// What Medicare would pay for some procedures, estimated from the fee schedule: (work + PE + MP
/// RVUs) × quantity × the catalog's conversion factor, with the facility or non-facility
/// practice-expense RVU by the user's setting.
///
/// The work RVU is the one logged with the procedure (what the user was credited); PE and MP
/// come from the catalog version used. A code missing from that version is counted with its
/// work RVU alone and named in `codesWithoutCatalogRow`. Geographic adjustments (GPCIs) are
/// left out: this is the national amount.
public struct PaymentEstimate: Sendable, Equatable {
  public let setting: PracticeSetting
  public let catalogYear: Int
  /// Σ (work + PE + MP) × quantity.
  public let totalRVU: FixedDecimal
  /// Dollars, to the cent.
  public let amount: FixedDecimal
  public let codesWithoutCatalogRow: [String]
}

/// A conversion factor as CMS writes it (`32.3465`), kept as a whole number of its smallest
/// unit so that RVUs × factor stays exact.
struct ConversionFactor: Hashable {
  let units: Int64
  let scale: Int64

  init?(_ text: String) {
    let parts = text.split(separator: ".", omittingEmptySubsequences: false)
    guard (1...2).contains(parts.count), let whole = Int64(parts[0]) else { return nil }
    let fraction = parts.count == 2 ? String(parts[1]) : ""
    guard fraction.allSatisfy(\.isNumber), fraction.count <= 6 else { return nil }
    var scale: Int64 = 1
    for _ in fraction { scale *= 10 }
    units = whole * scale + (Int64(fraction) ?? 0)
    self.scale = scale
  }

  /// `rvus` × the factor, in dollars rounded to the cent.
  func dollars(_ rvus: FixedDecimal) -> FixedDecimal { rvus.scaled(by: units, over: scale) }
}

extension RVUStore {
  /// The estimate for one of the user's visits (0 for a no-show), from catalog `catalogYear`
  /// (default: the newest).
  ///
  /// - throws: `TallyError` when the user has no such visit or the catalog year does not exist.
  public func paymentEstimate(visitId: Int64, userId: String, catalogYear: Int? = nil) throws
    -> PaymentEstimate
  {
    try writer.read { db in
      guard let visit = try Visit.owned(by: userId).filter(key: visitId).fetchOne(db) else {
        throw TallyError.unknownVisit(visitId)
      }
      let procedures =
        visit.isNoShow
        ? [] : try Procedure.filter(Procedure.Columns.visitId == visitId).fetchAll(db)
      return try estimate(
        db, procedures, userId: userId, year: try self.catalogYear(db, catalogYear))
    }
  }

  /// Estimates per period of `query` (visits that are not no-shows) and over the whole range.
  public func paymentEstimates(_ query: RVUAnalyticsQuery, catalogYear: Int? = nil) throws
    -> (byPeriod: [LocalDate: PaymentEstimate], total: PaymentEstimate)
  {
    try writer.read { db in
      let year = try self.catalogYear(db, catalogYear)
      let procedures = try Procedure.owned(by: query.userId)
        .filter(Procedure.Columns.isNoShow == false)
        .filter(
          Procedure.Columns.date >= query.range.start && Procedure.Columns.date <= query.range.end
        )
        .fetchAll(db)
      let buckets = Dictionary(grouping: procedures) {
        query.period.start(of: $0.date, weekStart: query.weekStart)
      }
      var byPeriod: [LocalDate: PaymentEstimate] = [:]
      for (start, rows) in buckets {
        byPeriod[start] = try estimate(db, rows, userId: query.userId, year: year)
      }
      return (byPeriod, try estimate(db, procedures, userId: query.userId, year: year))
    }
  }

  private func estimate(_ db: Database, _ procedures: [Procedure], userId: String, year: Int)
    throws -> PaymentEstimate
  {
    let setting =
      try RVUSettings.owned(by: userId).fetchOne(db)?.practiceSetting ?? .nonFacility
    // One factor per fee-schedule year: every row of a CMS file carries the same one.
    let factorText = try CatalogCode.filter(CatalogCode.Columns.year == year)
      .select(CatalogCode.Columns.conversionFactor, as: String.self).fetchOne(db)
    var missing: Set<String> = []
    var catalog: [String: CatalogCode?] = [:]
    var total = FixedDecimal.zero
    for procedure in procedures {
      let key = procedure.hcpcs + ":" + (procedure.modifier ?? "")
      if catalog[key] == nil {
        catalog[key] = .some(
          try lookup(db, hcpcs: procedure.hcpcs, modifier: procedure.modifier, year: year))
      }
      var rvus = procedure.workRVU
      if let code = catalog[key] ?? nil {
        rvus =
          rvus + code.malpracticeRVU
          + (setting == .facility
            ? code.facilityPracticeExpenseRVU : code.nonFacilityPracticeExpenseRVU)
      } else {
        missing.insert(procedure.hcpcs)
      }
      total = total + rvus * procedure.quantity
    }
    let amount = factorText.flatMap(ConversionFactor.init)?.dollars(total) ?? .zero
    return PaymentEstimate(
      setting: setting, catalogYear: year, totalRVU: total, amount: amount,
      codesWithoutCatalogRow: missing.sorted())
  }
}
