/// A customer known by the POS id: its integer key keeps the per-day distinct-customer rows
/// narrow.
public struct Customer: Sendable, Equatable {
  public var id: Int64
  /// The POS's customer id.
  public var externalId: String

  public init(id: Int64, externalId: String) {
    self.id = id
    self.externalId = externalId
  }
}
