import AnalyticsCore
import GRDB
import Storage

/// One row of the CMS Physician Fee Schedule RVU file: a HCPCS code with an optional modifier and
/// its relative value units.
public struct CatalogCode: Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "catalog_code"

  public var id: Int64?
  /// The catalog version (`CatalogVersion.version`: its effective day as `yyyymmdd`).
  public var version: Int
  /// The HCPCS/CPT code (`99213`, `G2211`).
  public var hcpcs: String
  /// The modifier (`26`, `TC`, `53`), or `nil`.
  public var modifier: String?
  public var description: String
  /// The CMS status code (`A` active, `I` not valid for Medicare, …).
  public var statusCode: String
  // The RVUs are `nil` where the file leaves the cell empty (CMS does for codes it does not
  // price), which is not the same as a published 0.00.
  public var workRVU: FixedDecimal?
  public var nonFacilityPracticeExpenseRVU: FixedDecimal?
  public var facilityPracticeExpenseRVU: FixedDecimal?
  public var malpracticeRVU: FixedDecimal?
  public var nonFacilityTotal: FixedDecimal?
  public var facilityTotal: FixedDecimal?
  /// The global surgery period (`000`, `010`, `090`, `XXX`, `ZZZ`, …).
  public var globalDays: String
  /// The conversion factor, as written in the file (`32.3465`: four decimals, more than an
  /// RVU's two, so it is kept as text rather than a `FixedDecimal`); empty when the file leaves
  /// it empty.
  public var conversionFactor: String
  /// How modifiers and further procedures change the credit; `nil` where the catalog has no
  /// such columns (the starter catalog, a release imported before they were kept).
  public var indicators: PaymentIndicators?

  public init(
    id: Int64? = nil, version: Int, hcpcs: String, modifier: String?, description: String,
    statusCode: String, workRVU: FixedDecimal?,
    nonFacilityPracticeExpenseRVU: FixedDecimal? = .zero,
    facilityPracticeExpenseRVU: FixedDecimal? = .zero, malpracticeRVU: FixedDecimal? = .zero,
    nonFacilityTotal: FixedDecimal? = .zero, facilityTotal: FixedDecimal? = .zero,
    globalDays: String = "XXX", conversionFactor: String = "",
    indicators: PaymentIndicators? = nil
  ) {
    self.id = id
    self.version = version
    self.hcpcs = hcpcs
    self.modifier = modifier
    self.description = description
    self.statusCode = statusCode
    self.workRVU = workRVU
    self.nonFacilityPracticeExpenseRVU = nonFacilityPracticeExpenseRVU
    self.facilityPracticeExpenseRVU = facilityPracticeExpenseRVU
    self.malpracticeRVU = malpracticeRVU
    self.nonFacilityTotal = nonFacilityTotal
    self.facilityTotal = facilityTotal
    self.globalDays = globalDays
    self.conversionFactor = conversionFactor
    self.indicators = indicators
  }

  public enum Columns {
    public static let id = Column("id")
    public static let version = Column("version")
    public static let hcpcs = Column("hcpcs")
    /// `''` when there is none, so that `UNIQUE (version, hcpcs, modifier)` holds.
    public static let modifier = Column("modifier")
    public static let description = Column("description")
    public static let statusCode = Column("status_code")
    public static let workRVU = Column("work_rvu")
    public static let nonFacilityPracticeExpenseRVU = Column("non_facility_pe_rvu")
    public static let facilityPracticeExpenseRVU = Column("facility_pe_rvu")
    public static let malpracticeRVU = Column("malpractice_rvu")
    public static let nonFacilityTotal = Column("non_facility_total")
    public static let facilityTotal = Column("facility_total")
    public static let globalDays = Column("global_days")
    public static let conversionFactor = Column("conversion_factor")
    public static let multipleProcedure = Column("mult_proc")
    public static let bilateralSurgery = Column("bilat_surg")
    public static let assistantAtSurgery = Column("asst_surg")
    public static let coSurgeons = Column("co_surg")
    public static let teamSurgery = Column("team_surg")
    public static let endoscopicBase = Column("endo_base")
    /// The descriptor with its abbreviations spelled out (`SearchText`), which the full-text
    /// index reads; written from `hcpcs` and `description`, never read back.
    static let searchText = Column("search_text")
  }

  /// Reads a row, turning the stored `''` modifier back into `nil`.
  public init(row: Row) throws {
    id = row[Columns.id]
    version = row[Columns.version]
    hcpcs = row[Columns.hcpcs]
    let storedModifier: String = row[Columns.modifier]
    modifier = storedModifier.isEmpty ? nil : storedModifier
    description = row[Columns.description]
    statusCode = row[Columns.statusCode]
    workRVU = row[Columns.workRVU]
    nonFacilityPracticeExpenseRVU = row[Columns.nonFacilityPracticeExpenseRVU]
    facilityPracticeExpenseRVU = row[Columns.facilityPracticeExpenseRVU]
    malpracticeRVU = row[Columns.malpracticeRVU]
    nonFacilityTotal = row[Columns.nonFacilityTotal]
    facilityTotal = row[Columns.facilityTotal]
    globalDays = row[Columns.globalDays]
    conversionFactor = row[Columns.conversionFactor]
    if let multiple: Int = row[Columns.multipleProcedure] {
      let base: String? = row[Columns.endoscopicBase]
      indicators = PaymentIndicators(
        multipleProcedure: multiple, bilateralSurgery: row[Columns.bilateralSurgery],
        assistantAtSurgery: row[Columns.assistantAtSurgery], coSurgeons: row[Columns.coSurgeons],
        teamSurgery: row[Columns.teamSurgery],
        endoscopicBase: base.flatMap { $0.isEmpty ? nil : $0 })
    }
  }

  /// Writes a row, storing a missing modifier as `''`.
  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.version] = version
    container[Columns.hcpcs] = hcpcs
    container[Columns.modifier] = modifier ?? ""
    container[Columns.description] = description
    container[Columns.statusCode] = statusCode
    container[Columns.workRVU] = workRVU
    container[Columns.nonFacilityPracticeExpenseRVU] = nonFacilityPracticeExpenseRVU
    container[Columns.facilityPracticeExpenseRVU] = facilityPracticeExpenseRVU
    container[Columns.malpracticeRVU] = malpracticeRVU
    container[Columns.nonFacilityTotal] = nonFacilityTotal
    container[Columns.facilityTotal] = facilityTotal
    container[Columns.globalDays] = globalDays
    container[Columns.conversionFactor] = conversionFactor
    container[Columns.multipleProcedure] = indicators?.multipleProcedure
    container[Columns.bilateralSurgery] = indicators?.bilateralSurgery
    container[Columns.assistantAtSurgery] = indicators?.assistantAtSurgery
    container[Columns.coSurgeons] = indicators?.coSurgeons
    container[Columns.teamSurgery] = indicators?.teamSurgery
    container[Columns.endoscopicBase] = indicators?.endoscopicBase
    container[Columns.searchText] = SearchText.terms(hcpcs: hcpcs, description: description)
  }
}

extension CatalogCode {
  /// Of one code's rows, the one a procedure with `modifier` takes its values from: the
  /// modifier's own row (`71045-26`), else the plain row, else the first by modifier (a code
  /// CMS lists only with modifiers).
  static func best(of rows: [CatalogCode], modifier: String?) -> CatalogCode? {
    let wanted = modifier.flatMap { $0.isEmpty ? nil : $0.uppercased() }
    if let wanted, let exact = rows.first(where: { $0.modifier == wanted }) { return exact }
    return rows.first { $0.modifier == nil }
      ?? rows.min { ($0.modifier ?? "") < ($1.modifier ?? "") }
  }
}
