import AnalyticsCore
import GRDB
import Storage

/// One row of the CMS Physician Fee Schedule RVU file: a HCPCS code with an optional modifier and
/// its relative value units.
public struct CatalogCode: Codable, Sendable, Equatable, FetchableRecord, PersistableRecord {
  /// The table.
  public static let databaseTableName = "catalog_code"

  /// The row id.
  public var id: Int64?
  /// The catalog version (fee-schedule year).
  public var year: Int
  /// The HCPCS/CPT code (`99213`, `G2211`).
  public var hcpcs: String
  /// The modifier (`26`, `TC`, `53`), or `nil`.
  public var modifier: String?
  /// The short description.
  public var description: String
  /// The CMS status code (`A` active, `I` not valid for Medicare, …).
  public var statusCode: String
  /// Work RVU.
  public var workRVU: FixedDecimal
  /// Non-facility practice-expense RVU.
  public var nonFacilityPracticeExpenseRVU: FixedDecimal
  /// Facility practice-expense RVU.
  public var facilityPracticeExpenseRVU: FixedDecimal
  /// Malpractice RVU.
  public var malpracticeRVU: FixedDecimal
  /// Non-facility total RVU.
  public var nonFacilityTotal: FixedDecimal
  /// Facility total RVU.
  public var facilityTotal: FixedDecimal
  /// The global surgery period (`000`, `010`, `090`, `XXX`, `ZZZ`, …).
  public var globalDays: String
  /// The conversion factor, as written in the file (`32.3465`).
  public var conversionFactor: String

  /// Creates a row.
  public init(
    id: Int64? = nil, year: Int, hcpcs: String, modifier: String?, description: String,
    statusCode: String, workRVU: FixedDecimal,
    nonFacilityPracticeExpenseRVU: FixedDecimal = .zero,
    facilityPracticeExpenseRVU: FixedDecimal = .zero, malpracticeRVU: FixedDecimal = .zero,
    nonFacilityTotal: FixedDecimal = .zero, facilityTotal: FixedDecimal = .zero,
    globalDays: String = "XXX", conversionFactor: String = ""
  ) {
    self.id = id
    self.year = year
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
  }

  /// Column names.
  public enum Columns {
    /// `year`.
    public static let year = Column(CodingKeys.year)
    /// `hcpcs`.
    public static let hcpcs = Column(CodingKeys.hcpcs)
    /// `modifier` (`''` when none).
    public static let modifier = Column(CodingKeys.modifier)
  }

  enum CodingKeys: String, CodingKey {
    case id, year, hcpcs, modifier, description
    case statusCode = "status_code"
    case workRVU = "work_rvu"
    case nonFacilityPracticeExpenseRVU = "non_facility_pe_rvu"
    case facilityPracticeExpenseRVU = "facility_pe_rvu"
    case malpracticeRVU = "malpractice_rvu"
    case nonFacilityTotal = "non_facility_total"
    case facilityTotal = "facility_total"
    case globalDays = "global_days"
    case conversionFactor = "conversion_factor"
  }

  /// Reads a row, turning the stored `''` modifier back into `nil`.
  public init(row: Row) throws {
    id = row["id"]
    year = row["year"]
    hcpcs = row["hcpcs"]
    let storedModifier: String = row["modifier"]
    modifier = storedModifier.isEmpty ? nil : storedModifier
    description = row["description"]
    statusCode = row["status_code"]
    workRVU = row["work_rvu"]
    nonFacilityPracticeExpenseRVU = row["non_facility_pe_rvu"]
    facilityPracticeExpenseRVU = row["facility_pe_rvu"]
    malpracticeRVU = row["malpractice_rvu"]
    nonFacilityTotal = row["non_facility_total"]
    facilityTotal = row["facility_total"]
    globalDays = row["global_days"]
    conversionFactor = row["conversion_factor"]
  }

  /// Writes a row, storing a missing modifier as `''`.
  public func encode(to container: inout PersistenceContainer) throws {
    container["id"] = id
    container["year"] = year
    container["hcpcs"] = hcpcs
    container["modifier"] = modifier ?? ""
    container["description"] = description
    container["status_code"] = statusCode
    container["work_rvu"] = workRVU
    container["non_facility_pe_rvu"] = nonFacilityPracticeExpenseRVU
    container["facility_pe_rvu"] = facilityPracticeExpenseRVU
    container["malpractice_rvu"] = malpracticeRVU
    container["non_facility_total"] = nonFacilityTotal
    container["facility_total"] = facilityTotal
    container["global_days"] = globalDays
    container["conversion_factor"] = conversionFactor
  }
}
