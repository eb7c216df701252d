import AnalyticsCore

/// A visit template: a named set of procedures logged together (the RVU backend's favorite
/// groups; seed 000's "Visit templates"). A visit can be logged with a template's procedures.
public struct VisitTemplate: Sendable, Equatable {
  public var id: Int64
  public var userId: String
  public var name: String
  /// Its place in the user's list: 0…n−1.
  public var sortOrder: Int
  public var createdAt: Instant
  public var updatedAt: Instant
  public var items: [Item]

  /// One procedure of a template: a code and how many.
  public struct Item: Sendable, Equatable {
    public var hcpcs: String
    public var quantity: Int

    public init(hcpcs: String, quantity: Int) {
      self.hcpcs = hcpcs
      self.quantity = quantity
    }
  }

  /// The longest name, in characters, as the RVU backend allows.
  public static let nameLimit = 100
}

extension TallyError {
  /// Another of the user's templates has the name: the server answers 409.
  public static func duplicateTemplate(_ name: String) -> TallyError {
    .invalid(
      "name", name, expected: "a name none of your other templates has", category: .usage)
  }

  /// Whether this is `duplicateTemplate`.
  public var isDuplicateTemplate: Bool {
    if case .invalid(let field, _, let expected) = cause {
      return field == "name" && expected == "a name none of your other templates has"
    }
    return false
  }
}
