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
  /// (default: the one in force on the visit's date, as its work RVUs were; the newest when no
  /// version is that old).
  ///
  /// - throws: `TallyError` when the user has no such visit or the catalog year does not exist.
  public func paymentEstimate(visitId: Int64, userId: String, catalogYear: Int? = nil) throws
    -> PaymentEstimate
  {
    try visitWithEstimate(id: visitId, userId: userId, catalogYear: catalogYear).estimate
  }

  /// One of the user's visits and its estimate, read together (the visit once).
  ///
  /// - throws: as `paymentEstimate(visitId:userId:catalogYear:)`.
  public func visitWithEstimate(id: Int64, userId: String, catalogYear: Int? = nil) throws
    -> (visit: VisitDetail, estimate: PaymentEstimate)
  {
    try writer.read { db in
      let detail = try visitDetail(db, id: id, userId: userId)
      let procedures = detail.visit.isNoShow ? [] : detail.procedures
      let year =
        try catalogYear.map { try self.catalogYear(db, $0) }
        ?? self.catalogYearIfAny(db, inForceOn: detail.visit.date)
        ?? self.catalogYear(db, nil)
      let context = try EstimateContext(db, procedures, userId: userId, year: year)
      return (detail, context.estimate(procedures))
    }
  }

  /// Estimates per period of `query` (visits that are not no-shows) and over the whole range:
  /// the setting, the factor and the catalog rows are read once, whatever the number of periods.
  public func paymentEstimates(_ query: RVUAnalyticsQuery, catalogYear: Int? = nil) throws
    -> (byPeriod: [LocalDate: PaymentEstimate], total: PaymentEstimate)
  {
    _ = try RVUAnalyticsWindow.checked(query.range)
    return try writer.read { db in
      let year = try self.catalogYear(db, catalogYear)
      let procedures = try Procedure.owned(by: query.userId)
        .filter(Procedure.Columns.isNoShow == false)
        .filter(
          Procedure.Columns.date >= query.range.start && Procedure.Columns.date <= query.range.end
        )
        .fetchAll(db)
      let context = try EstimateContext(db, procedures, userId: query.userId, year: year)
      let buckets = Dictionary(grouping: procedures) {
        query.period.start(of: $0.date, weekStart: query.weekStart)
      }
      return (buckets.mapValues(context.estimate), context.estimate(procedures))
    }
  }
}

/// What estimates are made from, read in three queries however many procedures and periods:
/// the user's setting, the version's conversion factor, and the catalog rows of every code the
/// procedures name.
private struct EstimateContext {
  let setting: PracticeSetting
  let year: Int
  let factor: ConversionFactor?
  /// Every row of each code named, by code.
  let rows: [String: [CatalogCode]]

  init(_ db: Database, _ procedures: [Procedure], userId: String, year: Int) throws {
    setting = try RVUSettings.owned(by: userId).fetchOne(db)?.practiceSetting ?? .nonFacility
    self.year = year
    let version = CatalogCode.filter(CatalogCode.Columns.year == year)
    // One factor per fee-schedule year: every row of a CMS file carries the same one.
    factor = try version.filter(CatalogCode.Columns.conversionFactor != "")
      .select(CatalogCode.Columns.conversionFactor, as: String.self).fetchOne(db)
      .flatMap(ConversionFactor.init)
    let codes = Set(procedures.map(\.hcpcs))
    rows = Dictionary(
      grouping: try version.filter(codes.contains(CatalogCode.Columns.hcpcs)).fetchAll(db),
      by: \.hcpcs)
  }

  func estimate(_ procedures: [Procedure]) -> PaymentEstimate {
    var missing: Set<String> = []
    var total = FixedDecimal.zero
    for procedure in procedures {
      var rvus = procedure.workRVU
      if let code = CatalogCode.best(of: rows[procedure.hcpcs] ?? [], modifier: procedure.modifier)
      {
        // An RVU the catalog leaves empty adds nothing.
        let practiceExpense =
          setting == .facility
          ? code.facilityPracticeExpenseRVU : code.nonFacilityPracticeExpenseRVU
        rvus = rvus + (code.malpracticeRVU ?? .zero) + (practiceExpense ?? .zero)
      } else {
        missing.insert(procedure.hcpcs)
      }
      total = total + rvus * procedure.quantity
    }
    return PaymentEstimate(
      setting: setting, catalogYear: year, totalRVU: total, amount: factor?.dollars(total) ?? .zero,
      codesWithoutCatalogRow: missing.sorted())
  }
}
