import AnalyticsCore

/// Why a store operation was refused: one line a user can act on, and its category.
public struct StoreError: CategorizedError, Equatable {
  /// The category.
  public let category: ErrorCategory
  /// The one-line message.
  public let description: String

  init(_ category: ErrorCategory, _ description: String) {
    self.category = category
    self.description = description
  }

  static func unknownStore(_ id: String, known: [String]) -> StoreError {
    StoreError(
      .missingInput,
      "there is no store \"\(id)\": expected one of "
        + (known.isEmpty ? "(none yet: add one or import orders)" : known.joined(separator: ", ")))
  }
}
