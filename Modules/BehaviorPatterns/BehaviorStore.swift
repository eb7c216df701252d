import AnalyticsCore
import Foundation
import GRDB
import Storage

/// The behavior database: pattern entries with their tags, favorite pattern types, medications
/// and their logs, the journal, and the reports computed from them.
///
/// Everything stays in the local database; nothing is sent anywhere.
public struct BehaviorStore: Sendable {
  /// The database connection (a pool for files, a queue in memory): internal, so that only this
  /// module's operations (and `@testable` tests) reach the tables.
  let writer: any DatabaseWriter
  /// When "now" is: the wall clock, the app's as-of day at the current time of day, or a fixed
  /// instant in tests. Records are stamped with it, and its local day is the last day an entry
  /// or a dose may be logged on (they are things that happened).
  let clock: TallyClock

  init(writer: any DatabaseWriter, clock: TallyClock) {
    self.writer = writer
    self.clock = clock
  }

  /// Opens the database at `location` and migrates it.
  public static func open(
    _ location: DatabaseLocation, clock: TallyClock = .system
  ) throws -> BehaviorStore {
    BehaviorStore(
      writer: try DatabaseOpener.open(location, migrator: BehaviorPatternsModule.migrator),
      clock: clock)
  }

  /// An in-memory store (tests, throwaway runs).
  public static func inMemory(
    clock: TallyClock = .system
  ) throws -> BehaviorStore { try open(.memory, clock: clock) }

  /// The last day something can have happened on: the clock's day in `zone`.
  func today(in zone: Zone) -> LocalDate { clock.today(in: zone) }

  /// Refuses an entry or a dose on a day after `today(in: zone)`, or before the days the apps
  /// support (`LocalDate.supportedRange`, from 1900: `0206` is a typo, not a record).
  ///
  /// - throws: `TallyError` naming the day (`field` says which: `entry day`, `dose day`).
  func refuseFuture(_ instant: Instant, zone: Zone, field: String) throws {
    if let expected = Self.happenedDayProblem(
      zone.localDate(of: instant), today: today(in: zone))
    {
      throw TallyError.invalid(
        field, zone.localDate(of: instant).description, expected: expected, category: .usage)
    }
  }

  /// What a day something happened on must be, when `day` is not: on or before `today`, and
  /// not before 1900-01-01. `nil` when it is fine.
  static func happenedDayProblem(_ day: LocalDate, today: LocalDate) -> String? {
    if day > today { return "a day on or before \(today)" }
    if day < LocalDate.supportedRange.lowerBound {
      return "a day from \(LocalDate.supportedRange.lowerBound) to \(today)"
    }
    return nil
  }
}
