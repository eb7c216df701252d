import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import Foundation

extension GlobalOptions {
  /// Opens the behavior database named by these options, its clock `GlobalOptions.clock`.
  func openBehaviorStore() throws -> BehaviorStore {
    try BehaviorStore.open(databaseLocation(app: BehaviorPatternsModule.appName), clock: clock)
  }

  /// The behavior database for a command that only reads: none yet is said, not made.
  func openBehaviorStoreToRead() throws -> BehaviorStore {
    try BehaviorStore.open(
      databaseLocationToRead(
        app: BehaviorPatternsModule.appName,
        madeBy: "the first log, meds add, journal add or import"),
      clock: clock)
  }

  /// The instant of `--at` text in `zone`: `YYYY-MM-DD HH:MM[:SS]`, a day word and a time
  /// (`yesterday 14:30`) or `HH:MM` (on the as-of day). Without it: now, or with `--as-of`, the
  /// current time of day on that day. A day alone is refused, whether a date or a word: midnight
  /// would be a guess (`2026-11-22` was logged at 00:00 while `yesterday` asked for a time).
  func instant(at text: String?) throws -> Instant {
    guard let text else { return clock.now() }
    if let time = try? TimeOfDay(parsing: text) {
      return instant(typed: LocalDateTime(date: asOf, time: time))
    }
    if (try? LocalDate(parsing: text)) == nil, let local = try? LocalDateTime(parsing: text) {
      return instant(typed: local)
    }
    // A time alone that is no time of day ("25:00"): say so, not that its day is wrong.
    if !text.contains(" "), text.contains(":") {
      throw ValidationError(
        "--at \(TallyError.quote(text)) is not a time: expected HH:MM from 00:00 to 23:59 for "
          + "today, or a day and a time such as 2026-02-08 14:30")
    }
    // A day as people type it, then a time: "yesterday 14:30", "mon 09:00".
    let parts = text.split(separator: " ", maxSplits: 1).map(String.init)
    let day: LocalDate
    do {
      day = try DayReference(parsing: parts.first ?? "").resolve(asOf: asOf)
    } catch let error as TallyError {
      throw ValidationError(
        "--at \(TallyError.quote(text)) is not a time: expected a day and a time such as "
          + "2026-02-08 14:30, yesterday 14:30 or HH:MM for today (day: "
          + (error.expected ?? DayReference.expectedText) + ")")
    }
    // A word day alone ("yesterday") names no time; midnight would be a guess, so ask.
    guard parts.count == 2, let time = try? TimeOfDay(parsing: parts[1]) else {
      throw ValidationError(
        "--at \(TallyError.quote(text)) is not a time: expected HH:MM after the day, such as "
          + "yesterday 14:30")
    }
    return instant(typed: LocalDateTime(date: day, time: time))
  }
}

/// Parses a 1–5 rating for `option`.
func parseRating(_ option: String) -> @Sendable (String) throws -> Int {
  { text in
    guard let value = Int(text), (1...5).contains(value) else {
      throw ValidationError("--\(option) \(text) is out of range: expected a whole number 1 to 5")
    }
    return value
  }
}

/// Parses `--intensity`, 1–5.
let parseIntensity = parseRating("intensity")

/// Parses a duration into whole minutes, within the domain's bound.
func parseDuration(_ text: String) throws -> Int {
  do { return try EntryInput.minutes(parsing: text) } catch {
    throw ValidationError(
      "--duration \(TallyError.quote(text)) is not a duration: expected "
        + EntryInput.durationExpected)
  }
}

/// The help of every day option: what `DayReference` reads.
func dayHelp(_ text: String) -> ArgumentHelp {
  ArgumentHelp(
    text + " YYYY-MM-DD, today, yesterday or a weekday (mon… = the most recent one).",
    valueName: "day")
}

/// `--from D --to D`: a span of local days, either end open; each end a `DayReference`, resolved
/// against the as-of day.
struct DayOptions: ParsableArguments {
  @Option(help: dayHelp("The first day:"), transform: DayReference.init(parsing:))
  var from: DayReference?
  @Option(help: dayHelp("The last day:"), transform: DayReference.init(parsing:))
  var to: DayReference?

  /// The two ends as days, checked in order.
  func resolved(asOf: LocalDate) throws -> (from: LocalDate?, to: LocalDate?) {
    let (first, last) = (from?.resolve(asOf: asOf), to?.resolve(asOf: asOf))
    if let first, let last, first > last {
      throw ValidationError("--from \(first) is after --to \(last): expected from ≤ to")
    }
    return (first, last)
  }
}

/// Pattern type ids complete from the catalog.
let patternCompletion = CompletionKind.list(PatternCatalog.all.map(\.id))

/// Medication names complete from the database the command would use.
let medicationCompletion = DatabaseCompletion.kind(app: BehaviorPatternsModule.appName) {
  location, _ in try BehaviorStore.open(location).medications(includeStopped: true).map(\.name)
}
