import AnalyticsCore

/// The starter catalog shipped with Tally, so the app is useful before any import: common
/// office, hospital, emergency, critical-care and add-on codes and a few office procedures, with
/// the published CMS 2025 RVUs (conversion factor 32.3465). The descriptions are our own words:
/// CPT's descriptors are AMA copyright and are not bundled.
enum StarterCatalog {
  static let year = 2025

  static let title = "Tally starter catalog (CMS 2025 RVUs)"
  /// The `source` its catalog version carries, which no file import has.
  static let source = "starter"

  /// Code | description | status | work | non-facility PE | facility PE | malpractice |
  /// non-facility total | facility total | global days.
  static let table = """
    99202|New patient office visit, straightforward|A|0.93|1.16|0.40|0.07|2.16|1.40|XXX
    99203|New patient office visit, low complexity|A|1.60|1.61|0.69|0.16|3.37|2.45|XXX
    99204|New patient office visit, moderate complexity|A|2.60|2.21|1.15|0.24|5.05|3.99|XXX
    99205|New patient office visit, high complexity|A|3.50|2.83|1.59|0.34|6.67|5.43|XXX
    99211|Established patient office visit, minimal, staff may perform|A|0.18|0.51|0.07|0.01|0.70|0.26|XXX
    99212|Established patient office visit, straightforward|A|0.70|0.95|0.30|0.05|1.70|1.05|XXX
    99213|Established patient office visit, low complexity|A|1.30|1.35|0.57|0.10|2.75|1.97|XXX
    99214|Established patient office visit, moderate complexity|A|1.92|1.80|0.83|0.15|3.87|2.90|XXX
    99215|Established patient office visit, high complexity|A|2.80|2.42|1.28|0.21|5.43|4.29|XXX
    99221|Initial hospital inpatient care, low or straightforward|A|1.63|0.66|0.66|0.17|2.46|2.46|XXX
    99222|Initial hospital inpatient care, moderate|A|2.60|1.06|1.06|0.22|3.88|3.88|XXX
    99223|Initial hospital inpatient care, high|A|3.50|1.39|1.39|0.28|5.17|5.17|XXX
    99231|Subsequent hospital inpatient care, low or straightforward|A|1.00|0.38|0.38|0.08|1.46|1.46|XXX
    99232|Subsequent hospital inpatient care, moderate|A|1.59|0.64|0.64|0.13|2.36|2.36|XXX
    99233|Subsequent hospital inpatient care, high|A|2.40|0.95|0.95|0.17|3.52|3.52|XXX
    99238|Hospital discharge management, 30 minutes or less|A|1.50|0.80|0.80|0.12|2.42|2.42|XXX
    99239|Hospital discharge management, more than 30 minutes|A|2.15|1.11|1.11|0.16|3.42|3.42|XXX
    99281|Emergency department visit, may not need a physician|A|0.25|0.06|0.06|0.03|0.34|0.34|XXX
    99282|Emergency department visit, straightforward|A|0.93|0.22|0.22|0.10|1.25|1.25|XXX
    99283|Emergency department visit, low complexity|A|1.60|0.35|0.35|0.16|2.11|2.11|XXX
    99284|Emergency department visit, moderate complexity|A|2.74|0.57|0.57|0.29|3.60|3.60|XXX
    99285|Emergency department visit, high complexity|A|4.00|0.79|0.79|0.43|5.22|5.22|XXX
    99291|Critical care, first 30 to 74 minutes|A|4.50|3.27|1.42|0.44|8.21|6.36|XXX
    99292|Critical care, each additional 30 minutes (add-on)|A|2.25|1.11|0.72|0.21|3.57|3.18|ZZZ
    G2211|Visit complexity add-on for longitudinal care|A|0.33|0.13|0.13|0.02|0.48|0.48|ZZZ
    93000|Electrocardiogram with interpretation and report|A|0.17|0.24|0.24|0.02|0.43|0.43|XXX
    96372|Injection under the skin or into muscle|A|0.17|0.25|0.25|0.01|0.43|0.43|XXX
    20610|Joint aspiration or injection, major joint|A|0.79|1.04|0.44|0.13|1.96|1.36|000
    11102|Skin biopsy by tangential technique, single lesion|A|0.66|2.24|0.40|0.06|2.96|1.12|000
    12001|Simple wound repair, 2.5 cm or less|A|0.84|1.82|0.34|0.16|2.82|1.34|000
    69210|Removal of impacted ear wax, one ear|A|0.61|0.76|0.28|0.07|1.44|0.96|000
    17110|Destruction of benign skin lesions such as warts, up to 14|A|0.70|2.64|1.33|0.06|3.40|2.09|010
    10060|Incision and drainage of a simple abscess|A|1.22|2.49|1.89|0.13|3.84|3.24|010
    99406|Tobacco cessation counseling, 3 to 10 minutes|A|0.24|0.17|0.09|0.02|0.43|0.35|XXX
    """

  /// The rows as catalog codes of `year`.
  static var codes: [CatalogCode] {
    table.split(separator: "\n").map { line in
      let parts = line.split(separator: "|", omittingEmptySubsequences: false).map(String.init)
      func amount(_ index: Int) -> FixedDecimal { try! FixedDecimal(parsing: parts[index]) }
      return CatalogCode(
        version: CatalogVersion.version(effectiveOn: LocalDate(year: year, month: 1, day: 1)!),
        hcpcs: parts[0], modifier: nil, description: parts[1], statusCode: parts[2],
        workRVU: amount(3), nonFacilityPracticeExpenseRVU: amount(4),
        facilityPracticeExpenseRVU: amount(5), malpracticeRVU: amount(6),
        nonFacilityTotal: amount(7), facilityTotal: amount(8), globalDays: parts[9],
        conversionFactor: "32.3465")
    }
  }
}
