/// A restaurant: the IANA zone is what its local days and hours are counted in, so changing it
/// means re-deriving every order's day and hour.
public struct Shop: Sendable, Equatable {
  /// The store id as the POS exports it.
  public var id: String
  public var name: String
  /// An IANA identifier (`America/Chicago`).
  public var timeZone: String

  public init(id: String, name: String, timeZone: String) {
    self.id = id
    self.name = name
    self.timeZone = timeZone
  }
}
