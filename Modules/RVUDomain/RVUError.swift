import AnalyticsCore

/// Why an RVU operation was refused: one line a user can act on, and its category (which decides
/// the exit status).
public struct RVUError: CategorizedError, Equatable {
  /// The category.
  public let category: ErrorCategory
  /// The one-line message.
  public let description: String

  init(_ category: ErrorCategory, _ description: String) {
    self.category = category
    self.description = description
  }

  static func unknownCode(
    _ hcpcs: String, modifier: String? = nil, year: Int, context: String = "",
    workRVUHint: Bool = false
  ) -> RVUError {
    let code = modifier.map { "\(hcpcs) with modifier \($0)" } ?? hcpcs
    return RVUError(
      .missingInput,
      context + "\(code) is not in the \(year) catalog: expected a HCPCS/CPT code from it"
        + (workRVUHint ? " (or give its work RVU with --work-rvu)" : ""))
  }

  static func unknownVisit(_ id: Int64) -> RVUError {
    RVUError(.missingInput, "there is no visit \(id): expected the id of one of your visits")
  }

  static func noCatalog(year: Int?) -> RVUError {
    if let year {
      return RVUError(
        .missingInput,
        "there is no \(year) catalog: expected a year listed by 'rvu-cli codes versions'")
    }
    return RVUError(.missingInput, "the catalog is empty: import one with 'rvu-cli codes import'")
  }

  static func badFile(_ file: String, line: Int, _ problem: String) -> RVUError {
    RVUError(.badData, "\(file) line \(line): \(problem)")
  }
}
