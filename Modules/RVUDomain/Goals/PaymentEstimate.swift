import AnalyticsCore
import GRDB
import Storage

/// What Medicare would pay for some procedures, estimated as the fee schedule computes it
/// (Medicare Claims Processing Manual, ch. 12, §20.1): per procedure,
/// `(work RVU × work GPCI + PE RVU × PE GPCI + MP RVU × MP GPCI) × conversion factor`, the
/// practice-expense RVU of the visit's place of service (facility or non-facility), then CMS's
/// modifier and multiple-procedure rules per visit (`CreditRules.payments`), × quantity,
/// rounded to the cent per procedure.
///
/// The work RVU is the procedure's before the rules (`work_rvu_unadjusted`, else `work_rvu`):
/// one given by report (`-52`, `-53` without a row of their own, `-66`) weighs PE and MP by the
/// same share of the catalog's work RVU. PE, MP, the indicators and the
/// conversion factor come from the catalog version used. A code missing from that version is
/// counted with its work RVU alone and named in `codesWithoutCatalogRow`.
public struct PaymentEstimate: Sendable, Equatable {
  /// The user's place of service (a visit logged with its own is estimated with that).
  public let setting: PracticeSetting
  /// The locality's GPCIs used (`GPCI.national` when none are set).
  public let gpci: GPCI
  /// The fee-schedule year of the newest release used.
  public let catalogYear: Int
  /// The days the releases used took effect, oldest first: a range of visits takes each visit's
  /// PE, MP and conversion factor from the release in force on its date of service.
  public let releases: [LocalDate]
  /// Σ the GPCI-weighted RVUs after the rules × quantity, to the hundredth.
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
      let estimates = try Estimates(
        db, store: self, [detail], userId: userId, catalogYear: catalogYear)
      return (detail, estimates.estimate(detail.visit.isNoShow ? [] : detail.procedures))
    }
  }

  /// Each visit's estimate (0 for a no-show), by visit id: what `visits` lists beside them.
  ///
  /// - throws: `TallyError` when the catalog year does not exist.
  public func paymentEstimates(of visits: [VisitDetail], userId: String, catalogYear: Int? = nil)
    throws -> [Int64: PaymentEstimate]
  {
    try writer.read { db in
      let estimates = try Estimates(
        db, store: self, visits, userId: userId, catalogYear: catalogYear)
      var byVisit: [Int64: PaymentEstimate] = [:]
      for detail in visits {
        byVisit[detail.visit.id!] = estimates.estimate(
          detail.visit.isNoShow ? [] : detail.procedures)
      }
      return byVisit
    }
  }

  /// Estimates per period of `query` (visits that are not no-shows) and over the whole range.
  /// Each procedure takes its PE, MP and conversion factor from the newest release of
  /// `catalogYear` when given, else from the release in force on its date of service (as its
  /// work RVU did; the newest when none is that old): a range across years or quarterly releases
  /// is paid as each visit was. The settings, each release's factor and catalog rows are read
  /// once, whatever the number of periods.
  public func paymentEstimates(_ query: RVUAnalyticsQuery, catalogYear: Int? = nil) throws
    -> (byPeriod: [LocalDate: PaymentEstimate], total: PaymentEstimate)
  {
    _ = try RVUAnalyticsWindow.checked(query.range)
    return try writer.read { db in
      let inRange = { (request: QueryInterfaceRequest<Procedure>) in
        request.filter(
          Procedure.Columns.date >= query.range.start && Procedure.Columns.date <= query.range.end
        )
      }
      let procedures = try inRange(
        Procedure.owned(by: query.userId).filter(Procedure.Columns.isNoShow == false)
      ).fetchAll(db)
      let settings = try Visit.owned(by: query.userId)
        .filter(Visit.Columns.date >= query.range.start && Visit.Columns.date <= query.range.end)
        .filter(Visit.Columns.setting != nil)
        .fetchAll(db)
      let estimates = try Estimates(
        db, store: self, procedures: procedures, visitSettings: settings, userId: query.userId,
        catalogYear: catalogYear)
      let buckets = Dictionary(grouping: procedures) {
        query.period.start(of: $0.date, weekStart: query.weekStart)
      }
      return (buckets.mapValues(estimates.estimate), estimates.estimate(procedures))
    }
  }
}

extension PaymentEstimate {
  /// The estimates of several releases as one: amounts are summed.
  static func sum(_ parts: [PaymentEstimate], setting: PracticeSetting, gpci: GPCI)
    -> PaymentEstimate
  {
    PaymentEstimate(
      setting: setting, gpci: gpci, catalogYear: parts.map(\.catalogYear).max() ?? 0,
      releases: Array(Set(parts.flatMap(\.releases))).sorted(),
      totalRVU: parts.reduce(FixedDecimal.zero) { $0 + $1.totalRVU },
      amount: parts.reduce(FixedDecimal.zero) { $0 + $1.amount },
      codesWithoutCatalogRow: Array(Set(parts.flatMap(\.codesWithoutCatalogRow))).sorted())
  }
}

/// Estimates of any of the user's procedures, from what is read once: the user's settings (place
/// of service, GPCIs), the visits' own places of service, the release in force on each day, and
/// per release its conversion factor and the catalog rows of every code named (and of their
/// endoscopy families' base codes).
private struct Estimates {
  let setting: PracticeSetting
  let gpci: GPCI
  let visitSettings: [Int64: PracticeSetting]
  /// The release each procedure's day takes its values from.
  let inForce: [LocalDate: Int]
  let newest: Int
  let releases: [Int: Release]

  init(
    _ db: Database, store: RVUStore, _ visits: [VisitDetail], userId: String, catalogYear: Int?
  ) throws {
    try self.init(
      db, store: store, procedures: visits.flatMap(\.procedures),
      visitSettings: visits.map(\.visit),
      userId: userId, catalogYear: catalogYear)
  }

  init(
    _ db: Database, store: RVUStore, procedures: [Procedure], visitSettings: [Visit],
    userId: String, catalogYear: Int?
  ) throws {
    let settings = try RVUSettings.owned(by: userId).fetchOne(db)
    setting = settings?.practiceSetting ?? .nonFacility
    gpci = settings?.gpci ?? .national
    var own: [Int64: PracticeSetting] = [:]
    for visit in visitSettings { own[visit.id!] = visit.setting }
    self.visitSettings = own
    let chosen = try catalogYear.map { try store.catalogVersion(db, year: $0) }
    newest = try chosen ?? store.catalogVersion(db, year: nil)
    var inForce: [LocalDate: Int] = [:]
    for date in Set(procedures.map(\.date)) {
      inForce[date] = try chosen ?? store.catalogVersionIfAny(db, inForceOn: date) ?? newest
    }
    self.inForce = inForce
    var releases: [Int: Release] = [:]
    for (version, own) in Dictionary(grouping: procedures, by: { inForce[$0.date]! }) {
      releases[version] = try Release(db, version: version, codes: Set(own.map(\.hcpcs)))
    }
    self.releases = releases
  }

  /// The estimate of `procedures` (of any visits and days).
  func estimate(_ procedures: [Procedure]) -> PaymentEstimate {
    let byRelease = Dictionary(grouping: procedures) { inForce[$0.date]! }
    var parts: [PaymentEstimate] = []
    for (version, own) in byRelease {
      let release = releases[version]!
      var (total, cents, missing) = (Int64(0), Int64(0), Set<String>())
      for (visitId, lines) in Dictionary(grouping: own, by: \.visitId) {
        let paid = release.paid(
          lines.sorted { $0.position < $1.position },
          setting: visitSettings[visitId] ?? setting, gpci: gpci)
        total += paid.total
        cents += paid.cents
        missing.formUnion(paid.missing)
      }
      parts.append(
        PaymentEstimate(
          setting: setting, gpci: gpci, catalogYear: version / 10_000,
          releases: [CatalogVersion.day(ofVersion: version)],
          totalRVU: FixedDecimal(hundredths: Release.rounded(total, over: 1000)),
          amount: FixedDecimal(hundredths: cents), codesWithoutCatalogRow: missing.sorted()))
    }
    if parts.isEmpty {
      parts.append(
        PaymentEstimate(
          setting: setting, gpci: gpci, catalogYear: newest / 10_000,
          releases: [CatalogVersion.day(ofVersion: newest)], totalRVU: .zero, amount: .zero,
          codesWithoutCatalogRow: []))
    }
    return PaymentEstimate.sum(parts, setting: setting, gpci: gpci)
  }
}

/// One release's conversion factor and catalog rows.
private struct Release {
  let factor: ConversionFactor?
  /// Every row of each code named (and each endoscopy family's base), by code.
  let rows: [String: [CatalogCode]]

  init(_ db: Database, version: Int, codes: Set<String>) throws {
    let release = CatalogCode.filter(CatalogCode.Columns.version == version)
    // One factor per release: every row of a CMS file carries the same one.
    factor = try release.filter(CatalogCode.Columns.conversionFactor != "")
      .select(CatalogCode.Columns.conversionFactor, as: String.self).fetchOne(db)
      .flatMap(ConversionFactor.init)
    var rows = Dictionary(
      grouping: try release.filter(codes.contains(CatalogCode.Columns.hcpcs)).fetchAll(db),
      by: \.hcpcs)
    let bases = Set(rows.values.joined().compactMap { $0.indicators?.endoscopicBase })
      .subtracting(rows.keys)
    if !bases.isEmpty {
      for row in try release.filter(bases.contains(CatalogCode.Columns.hcpcs)).fetchAll(db) {
        rows[row.hcpcs, default: []].append(row)
      }
    }
    self.rows = rows
  }

  /// `value / divisor`, halves rounded up.
  static func rounded(_ value: Int64, over divisor: Int64) -> Int64 {
    let (quotient, remainder) = value.quotientAndRemainder(dividingBy: divisor)
    return quotient + (remainder * 2 >= divisor ? 1 : 0)
  }

  /// One visit's procedures, in order, paid: Σ GPCI-weighted RVUs × quantity (in
  /// hundred-thousandths of an RVU), Σ cents (each procedure rounded to the cent), and the codes
  /// without a catalog row.
  func paid(_ procedures: [Procedure], setting: PracticeSetting, gpci: GPCI)
    -> (total: Int64, cents: Int64, missing: Set<String>)
  {
    var lines: [CreditRules.Line] = []
    var values: [Int64] = []
    var baseValues: [Int64?] = []
    var missing: Set<String> = []
    for procedure in procedures {
      let work = procedure.workRVUUnadjusted ?? procedure.workRVU
      let code = CatalogCode.best(of: rows[procedure.hcpcs] ?? [], modifier: procedure.modifier)
      if code == nil { missing.insert(procedure.hcpcs) }
      let byReport =
        ["52", "53", "66"].contains(procedure.modifier ?? "") && code?.modifier == nil
      values.append(
        value(work: work, code: code, setting: setting, gpci: gpci, byReport: byReport))
      let base = code?.indicators?.endoscopicBase.flatMap {
        CatalogCode.best(of: rows[$0] ?? [], modifier: nil)
      }
      baseValues.append(
        base.map {
          value(work: $0.workRVU ?? .zero, code: $0, setting: setting, gpci: gpci, byReport: false)
        })
      lines.append(
        CreditRules.Line(
          hcpcs: procedure.hcpcs, modifier: procedure.modifier, workRVU: work,
          indicators: code?.indicators, isAddOn: code?.globalDays == "ZZZ", isGiven: true,
          hasOwnRow: procedure.modifier != nil && code?.modifier == procedure.modifier,
          endoscopicBaseRVU: nil))
    }
    let paid = CreditRules.payments(lines, values: values, baseValues: baseValues)
    var (total, cents) = (Int64(0), Int64(0))
    for (procedure, value) in zip(procedures, paid) {
      let units = value * Int64(procedure.quantity)
      total += units
      // Hundred-thousandths of an RVU × dollars per RVU, to the cent.
      if let factor { cents += Self.rounded(units * factor.units, over: factor.scale * 1000) }
    }
    return (total, cents, missing)
  }

  /// One unit's GPCI-weighted RVUs in hundred-thousandths of an RVU (RVU hundredths × GPCI
  /// thousandths); PE and MP weighed by `work`'s share of the catalog's work RVU `byReport`.
  private func value(
    work: FixedDecimal, code: CatalogCode?, setting: PracticeSetting, gpci: GPCI, byReport: Bool
  ) -> Int64 {
    var value = work.hundredths * gpci.work
    guard let code else { return value }
    // An RVU the catalog leaves empty adds nothing.
    let practiceExpense =
      (setting == .facility ? code.facilityPracticeExpenseRVU : code.nonFacilityPracticeExpenseRVU)
      ?? .zero
    var others =
      practiceExpense.hundredths * gpci.practiceExpense
      + (code.malpracticeRVU ?? .zero).hundredths * gpci.malpractice
    if byReport, let catalogWork = code.workRVU, catalogWork.hundredths > 0 {
      others = Self.rounded(others * work.hundredths, over: catalogWork.hundredths)
    }
    value += others
    return value
  }
}
