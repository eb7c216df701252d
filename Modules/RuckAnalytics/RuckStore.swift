import AnalyticsCore
import Foundation
import GRDB
import Storage

/// The rucking database: sessions, their tracks, the profile, and analytics over them. Its
/// operations live beside their features (`RuckStore+Profile`, `+Import`, `+Sessions`,
/// `+Analytics`, `+Insights`).
public struct RuckStore: Sendable {
  /// Not public: callers go through the store's operations, so the schema can change under them;
  /// tests reach it with `@testable import` to recount.
  let writer: any DatabaseWriter
  /// What "now" is — the wall clock, or the day an app is told is today (its as-of day), or a
  /// fixed instant in tests: when a session is saved, and which days lie in the future.
  let clock: TallyClock

  init(writer: any DatabaseWriter, clock: TallyClock = .system) {
    self.writer = writer
    self.clock = clock
  }

  /// Opens (and migrates) the database at `location`.
  public static func open(
    _ location: DatabaseLocation, clock: TallyClock = .system
  ) throws -> RuckStore {
    RuckStore(
      writer: try DatabaseOpener.open(location, migrator: RuckAnalyticsModule.migrator),
      clock: clock)
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory(
    clock: TallyClock = .system
  ) throws -> RuckStore { try open(.memory, clock: clock) }

  /// Refuses a session whose local day (in `zone`) lies after today's: a session logged as
  /// walked cannot be in the future.
  ///
  /// - throws: `TallyError` in `category` (usage for an option, bad data for a file row).
  func refuseFuture(
    _ start: Instant, zone: Zone, category: ErrorCategory = .usage,
    source: TallyError.Source? = nil
  ) throws {
    let day = zone.localDate(of: start)
    let today = clock.today(in: zone)
    guard day <= today else {
      throw TallyError.invalid(
        "date", "\(day)", expected: "a day on or before \(today)", category: category,
        source: source)
    }
  }
}
