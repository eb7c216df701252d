import AnalyticsCore

/// The RVU domain's refusals, said in domain terms (an app adds the flag or command to use).
extension TallyError {
  static func unknownCode(_ hcpcs: String, modifier: String? = nil, year: Int) -> TallyError {
    let code = modifier.map { "\(hcpcs) with modifier \($0)" } ?? hcpcs
    return .notFound("code", code, expected: "a HCPCS/CPT code of the \(year) catalog")
  }

  /// A catalog row whose work RVU the file leaves empty: the user gives one.
  static func unpricedCode(_ hcpcs: String, year: Int) -> TallyError {
    TallyError(
      .usage,
      .missing(
        field: "work_rvu",
        expected: "a work RVU for \(hcpcs), which the \(year) catalog leaves empty"))
  }

  static let visitNeedsProcedure = TallyError.refused(
    "a visit needs at least one procedure (only a no-show may have none)", category: .usage)

  /// A visit logged as having happened after the user's today.
  static func futureVisit(_ day: LocalDate, today: LocalDate) -> TallyError {
    .invalid("date", "\(day)", expected: "a day on or before \(today)", category: .usage)
  }

  static func unknownVisit(_ id: Int64) -> TallyError {
    .notFound("visit", String(id), expected: "the id of one of your visits")
  }

  /// No catalog version at all (its cause is compared by apps that add a hint).
  public static let emptyCatalog = TallyError.refused(
    "the catalog is empty: expected an imported CMS PPRRVU file", category: .missingInput)

  /// `years` are the versions that do exist, newest first.
  static func noCatalog(year: Int?, years: [Int]) -> TallyError {
    guard let year, !years.isEmpty else { return emptyCatalog }
    return .notFound(
      "catalog", String(year),
      expected: "an imported year: " + years.map(String.init).joined(separator: ", "))
  }
}
