import AnalyticsCore

/// Why a behavior operation was refused: one line a user can act on, and its category (which
/// decides the exit status).
public struct BehaviorError: CategorizedError, Equatable {
  /// The category.
  public let category: ErrorCategory
  /// The one-line message.
  public let description: String

  /// Creates an error.
  public init(_ category: ErrorCategory, _ description: String) {
    self.category = category
    self.description = description
  }

  static func unknownEntry(_ id: Int64) -> BehaviorError {
    BehaviorError(
      .missingInput, "there is no entry \(id): expected an id from 'behavior-cli entries list'")
  }

  static func unknownMedication(_ text: String) -> BehaviorError {
    BehaviorError(
      .missingInput,
      "there is no medication '\(text)': expected a name or id from 'behavior-cli meds list --all'"
    )
  }

  static func unknownJournal(_ id: Int64) -> BehaviorError {
    BehaviorError(
      .missingInput,
      "there is no journal entry \(id): expected an id from 'behavior-cli journal list'")
  }
}
