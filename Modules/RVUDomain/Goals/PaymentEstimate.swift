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
  /// The fee-schedule year of the newest release used.
  public let catalogYear: Int
  /// The days the releases used took effect, oldest first: a range of visits takes each visit's
  /// PE, MP and conversion factor from the release in force on its date of service.
  public let releases: [LocalDate]
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
  /// The estimate for one of the user's visits (0 for a no-show), from the newest release of
  /// `catalogYear` (default: the one in force on the visit's date, as its work RVUs were; the
  /// newest when none is that old).
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
      let version =
        try catalogYear.map { try self.catalogVersion(db, year: $0) }
        ?? self.catalogVersionIfAny(db, inForceOn: detail.visit.date)
        ?? self.catalogVersion(db, year: nil)
      let context = try EstimateContext(db, procedures, userId: userId, version: version)
      return (detail, PaymentEstimate.sum([context.estimate(procedures)], setting: context.setting))
    }
  }

  /// Estimates per period of `query` (visits that are not no-shows) and over the whole range.
  /// Each procedure takes its PE, MP and conversion factor from the newest release of
  /// `catalogYear` when given, else from the release in force on its date of service (as its
  /// work RVU did; the newest when none is that old): a range across years or quarterly releases
  /// is paid as each visit was. The setting, each release's factor and catalog rows are read once,
  /// whatever the number of periods.
  public func paymentEstimates(_ query: RVUAnalyticsQuery, catalogYear: Int? = nil) throws
    -> (byPeriod: [LocalDate: PaymentEstimate], total: PaymentEstimate)
  {
    _ = try RVUAnalyticsWindow.checked(query.range)
    return try writer.read { db in
      let chosen = try catalogYear.map { try self.catalogVersion(db, year: $0) }
      let newest = try self.catalogVersion(db, year: nil)
      let procedures = try Procedure.owned(by: query.userId)
        .filter(Procedure.Columns.isNoShow == false)
        .filter(
          Procedure.Columns.date >= query.range.start && Procedure.Columns.date <= query.range.end
        )
        .fetchAll(db)
      var inForce: [LocalDate: Int] = [:]
      for date in Set(procedures.map(\.date)) {
        inForce[date] = try chosen ?? self.catalogVersionIfAny(db, inForceOn: date) ?? newest
      }
      var contexts: [Int: EstimateContext] = [:]
      for (version, own) in Dictionary(grouping: procedures, by: { inForce[$0.date]! }) {
        contexts[version] = try EstimateContext(db, own, userId: query.userId, version: version)
      }
      let setting =
        try RVUSettings.owned(by: query.userId).fetchOne(db)?.practiceSetting
        ?? .nonFacility
      func estimate(_ procedures: [Procedure]) -> PaymentEstimate {
        let parts = Dictionary(grouping: procedures) { inForce[$0.date]! }.map { version, own in
          contexts[version]!.estimate(own)
        }
        return PaymentEstimate.sum(
          parts.isEmpty
            ? [EstimateContext.empty(setting: setting, version: chosen ?? newest)] : parts,
          setting: setting)
      }
      let buckets = Dictionary(grouping: procedures) {
        query.period.start(of: $0.date, weekStart: query.weekStart)
      }
      return (buckets.mapValues(estimate), estimate(procedures))
    }
  }
}

extension PaymentEstimate {
  /// The estimates of several releases as one: amounts are each release's (rounded to the cent
  /// with its own factor), summed.
  static func sum(_ parts: [PaymentEstimate], setting: PracticeSetting) -> PaymentEstimate {
    PaymentEstimate(
      setting: setting, catalogYear: parts.map(\.catalogYear).max() ?? 0,
      releases: Array(Set(parts.flatMap(\.releases))).sorted(),
      totalRVU: parts.reduce(FixedDecimal.zero) { $0 + $1.totalRVU },
      amount: parts.reduce(FixedDecimal.zero) { $0 + $1.amount },
      codesWithoutCatalogRow: Array(Set(parts.flatMap(\.codesWithoutCatalogRow))).sorted())
  }
}

/// What estimates are made from, read in three queries however many procedures and periods:
/// the user's setting, the release's conversion factor, and the catalog rows of every code the
/// procedures name.
private struct EstimateContext {
  let setting: PracticeSetting
  let version: Int
  let factor: ConversionFactor?
  /// Every row of each code named, by code.
  let rows: [String: [CatalogCode]]

  init(_ db: Database, _ procedures: [Procedure], userId: String, version: Int) throws {
    setting = try RVUSettings.owned(by: userId).fetchOne(db)?.practiceSetting ?? .nonFacility
    self.version = version
    let release = CatalogCode.filter(CatalogCode.Columns.version == version)
    // One factor per release: every row of a CMS file carries the same one.
    factor = try release.filter(CatalogCode.Columns.conversionFactor != "")
      .select(CatalogCode.Columns.conversionFactor, as: String.self).fetchOne(db)
      .flatMap(ConversionFactor.init)
    let codes = Set(procedures.map(\.hcpcs))
    rows = Dictionary(
      grouping: try release.filter(codes.contains(CatalogCode.Columns.hcpcs)).fetchAll(db),
      by: \.hcpcs)
  }

  /// The estimate of no procedure.
  static func empty(setting: PracticeSetting, version: Int) -> PaymentEstimate {
    PaymentEstimate(
      setting: setting, catalogYear: version / 10_000,
      releases: [CatalogVersion.day(ofVersion: version)], totalRVU: .zero, amount: .zero,
      codesWithoutCatalogRow: [])
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
      setting: setting, catalogYear: version / 10_000,
      releases: [CatalogVersion.day(ofVersion: version)], totalRVU: total,
      amount: factor?.dollars(total) ?? .zero,
      codesWithoutCatalogRow: missing.sorted())
  }
}
