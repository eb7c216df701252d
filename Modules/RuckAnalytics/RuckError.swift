import AnalyticsCore

/// Why a ruck operation was refused: one line a user can act on, and its category.
public struct RuckError: CategorizedError, Equatable {
  /// The category.
  public let category: ErrorCategory
  /// The one-line message.
  public let description: String

  init(_ category: ErrorCategory, _ description: String) {
    self.category = category
    self.description = description
  }

  static func badFile(_ name: String, _ problem: String) -> RuckError {
    RuckError(.badData, "\(name): \(problem)")
  }

  static func unknownSession(_ id: Int64) -> RuckError {
    RuckError(
      .missingInput, "there is no session \(id): expected an id from 'ruck-cli sessions list'")
  }
}
