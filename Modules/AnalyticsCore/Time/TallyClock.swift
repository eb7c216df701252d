import Foundation

/// "Now", injected one way into every domain and the server: the current instant (when a row
/// was written) and the current day in a zone (the last day anything may have happened on). The
/// apps build it from their as-of day; tests from a fixed instant or day. Named apart from the
/// standard library's `Clock` protocol, which measures durations.
public struct TallyClock: Sendable {
  /// The current instant.
  public let now: @Sendable () -> Instant
  private let day: @Sendable (Zone) -> LocalDate

  /// A clock reading `now`; its day in a zone is the day `now` falls on there, unless `today`
  /// says otherwise (an as-of day is the same day in every zone).
  public init(
    now: @escaping @Sendable () -> Instant, today: (@Sendable (Zone) -> LocalDate)? = nil
  ) {
    self.now = now
    day = today ?? { $0.localDate(of: now()) }
  }

  /// The current day where `zone` is.
  public func today(in zone: Zone) -> LocalDate { day(zone) }

  /// The wall clock.
  public static let system = TallyClock(now: { Instant(Date()) })

  /// Always `instant`.
  public static func fixed(_ instant: Instant) -> TallyClock { TallyClock(now: { instant }) }

  /// Today is `date` in every zone; the instant is noon UTC of it.
  public static func on(_ date: LocalDate) -> TallyClock {
    let noon = Zone.utc.instant(
      of: LocalDateTime(date: date, time: TimeOfDay(hour: 12, minute: 0)!))
    return TallyClock(now: { noon }, today: { _ in date })
  }
}
