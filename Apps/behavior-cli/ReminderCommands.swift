import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

extension BehaviorCommand {
  /// `behavior-cli due`.
  struct Due: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "due",
      abstract: "What is due now: doses not logged yet, today's check-in. Exit 1 when any is.",
      discussion: """
        A dose is due at each of a medication's dose times (meds add/edit --times) on the \
        days it is scheduled, until as many doses (taken or skipped) are logged that day; the \
        check-in at the log reminder time (settings set --log-reminder) until the day has \
        one. One line each, earliest first; nothing when nothing is due. Exit 0 when nothing \
        is due and 1 when something is: for cron or a systemd timer that sends a notification.

        Examples:
          behavior-cli due
          behavior-cli due --within 30m
          behavior-cli due --at "2026-02-08 21:00" --format json
          */15 * * * * behavior-cli due --within 15m | notify-send "Due" "$(cat)"
        """)

    @OptionGroup var global: GlobalOptions
    @Option(
      help: ArgumentHelp("Also what falls due this soon (30m, 1h).", valueName: "duration"),
      transform: { text in
        do { return try EntryInput.minutes(parsing: text) } catch {
          throw ValidationError(
            "--within \(TallyError.quote(text)) is not a duration: expected "
              + EntryInput.durationExpected)
        }
      })
    var within: Int = 0
    @Option(
      help: ArgumentHelp("The moment asked about (default: now).", valueName: "YYYY-MM-DD HH:MM"))
    var at: String?

    func execute() throws {
      let moment = global.zone.localDateTime(of: try global.instant(at: at))
      let items = try global.openBehaviorStoreToRead().due(
        at: moment, within: within, zone: global.zone)
      if global.format == .table {
        Terminal.writeOutput(items.map { Self.line($0) + "\n" }.joined())
      } else {
        global.print(
          rows: items.map(Self.row),
          columns: ["time", "kind", "medication", "dosage", "minutes_away"])
      }
      if !items.isEmpty { throw ExitCode(1) }
    }

    /// `08:00  Sertraline (50 mg): dose not logged, 2 h 10 min ago`.
    static func line(_ item: DueItem) -> String {
      let when =
        item.minutesAway == 0
        ? "now"
        : item.minutesAway < 0
          ? minutes(-item.minutesAway) + " ago" : "in " + minutes(item.minutesAway)
      switch item.kind {
      case .dose(let medication, let dosage):
        return "\(item.time)  \(medication)\(dosage.map { " (\($0))" } ?? ""): dose not logged, "
          + when
      case .checkIn:
        return "\(item.time)  check-in for today: not yet, \(when)"
      }
    }

    static func minutes(_ count: Int) -> String {
      count < 60
        ? "\(count) min" : "\(count / 60) h" + (count % 60 == 0 ? "" : " \(count % 60) min")
    }

    static func row(_ item: DueItem) -> JSONObject {
      var medication: String?
      var dosage: String?
      if case .dose(let name, let given) = item.kind { (medication, dosage) = (name, given) }
      return [
        "time": .string(item.time.description),
        "kind": .string(medication == nil ? "check-in" : "dose"),
        "medication": .string(medication), "dosage": .string(dosage),
        "minutes_away": .int(item.minutesAway),
      ]
    }
  }

  /// `behavior-cli calendar`.
  struct Calendar: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "calendar",
      abstract: "An iCalendar feed (.ics) of dose times and the log reminder, with alarms.",
      discussion: """
        Each dose time of each medication is a series from its first day (daily, or weekly on \
        its first day's weekday), ended on its last day once stopped, with an alarm at the \
        time; the log reminder (settings set --log-reminder) is a daily series from today. \
        Times are floating: 08:00 wherever the phone is. Import the file into a phone's or \
        desktop calendar to be reminded without any server; export it again after a change.

        Example:
          behavior-cli calendar --output meds.ics
        """)

    @OptionGroup var global: GlobalOptions
    @Option(help: ArgumentHelp("Write to this file (default: standard output).", valueName: "path"))
    var output: String?

    func execute() throws {
      let store = try global.openBehaviorStoreToRead()
      let text = try store.calendar(today: global.asOf, stamp: global.clock.now()).text
      try OutputFile.write(Array(text.utf8), to: output)
      if let output {
        Terminal.writeError("Wrote \(output) (\(counted(text.utf8.count, "byte"))).\n")
      }
    }
  }

  /// `behavior-cli settings …`.
  struct Settings: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "settings", abstract: "The log-today reminder time.",
      discussion: "Example:\n  behavior-cli settings set --log-reminder 21:00",
      subcommands: [Show.self, Set.self])

    struct Show: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "show", abstract: "Show the settings.",
        discussion: "Example:\n  behavior-cli settings show")
      @OptionGroup var global: GlobalOptions

      func execute() throws {
        let reminder = try global.openBehaviorStoreToRead().logReminder()
        global.print(object: ["log_reminder": .string(reminder?.description)])
      }
    }

    struct Set: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "set", abstract: "Change a setting.",
        discussion: """
          Examples:
            behavior-cli settings set --log-reminder 21:00
            behavior-cli settings set --log-reminder none
          """)
      @OptionGroup var global: GlobalOptions
      @Option(
        name: .customLong("log-reminder"),
        help: ArgumentHelp("When to be reminded to check in (none: never).", valueName: "HH:MM"),
        transform: { text in
          if text.lowercased() == "none" { return Optional<TimeOfDay>.none }
          guard let time = try? TimeOfDay(parsing: text), time.second == 0 else {
            throw ValidationError(
              "--log-reminder \(TallyError.quote(text)) is not a time: expected HH:MM or none")
          }
          return time
        })
      var logReminder: TimeOfDay??

      func execute() throws {
        guard let reminder = logReminder else {
          throw ValidationError("give --log-reminder HH:MM (or none)")
        }
        let store = try global.openBehaviorStore()
        try store.setLogReminder(reminder)
        global.print(object: ["log_reminder": .string(reminder?.description)])
      }
    }
  }
}
