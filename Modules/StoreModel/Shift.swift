import AnalyticsCore

/// An employee's shift at a store: when it ran and what an hour of it cost. A shift is one per
/// store, employee and start; its local days and hours are read in the store's zone when asked.
public struct Shift: Sendable, Equatable {
  public var storeId: String
  /// The employee as the scheduling export names them (an id or a name).
  public var employee: String
  public var start: Instant
  /// After `start`, at most 24 hours later.
  public var end: Instant
  public var hourlyWage: FixedDecimal
  /// Whether the file gave wall-clock times (read in the store's zone, so a corrected zone keeps
  /// them and moves the instants) rather than instants with an offset.
  public var wallClock: Bool

  public init(
    storeId: String, employee: String, start: Instant, end: Instant, hourlyWage: FixedDecimal,
    wallClock: Bool
  ) {
    self.storeId = storeId
    self.employee = employee
    self.start = start
    self.end = end
    self.hourlyWage = hourlyWage
    self.wallClock = wallClock
  }

  /// The longest shift: a longer one is a typing error (a wrong day), not a shift.
  public static let longest: Int64 = 24 * 3_600_000
}
