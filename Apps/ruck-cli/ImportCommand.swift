import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import RuckAnalytics
import RuckReports
import Storage

extension RuckCommand {
  /// `ruck-cli import FILE...`.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Import GPX, TCX, FIT, CSV or JSON files; each file is imported on its own.",
      discussion: """
        GPX (1.0/1.1, tracks or else routes, every track and segment), TCX and FIT (Garmin's \
        binary activity files; the device's distance and timer time win) become one session \
        with its track; CSV and JSON hold sessions without tracks (columns date, start_time, \
        duration, distance, load_kg, body_weight_kg, terrain, temperature_c, conditions, \
        calories, notes, time_zone).

        A file imported before (same content) adds nothing; a file without times (a planned \
        route) is a new session on another --date. A session from the future is refused. A \
        bad file is reported and the others still import; the exit status is non-zero if any \
        failed. Sessions typed run, bike or other are kept but not counted in ruck reports.

        Example:
          ruck-cli import *.gpx --load-kg 20 --terrain trail --temperature-c 12
          ruck-cli import planned-route.gpx --date 2026-02-08 --start 06:30
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var details: SessionDetails
    @Option(
      help: ArgumentHelp(
        "The day, for files whose points have no times: YYYY-MM-DD, today, yesterday or a "
          + "weekday (the most recent).", valueName: "day"),
      transform: DayReference.init(parsing:))
    var date: DayReference?
    @Option(
      help: ArgumentHelp("The start time with --date (default 12:00).", valueName: "hh:mm"),
      transform: TimeOfDay.init(parsing:))
    var start: TimeOfDay?
    @Argument(help: ArgumentHelp("The files.", valueName: "file")) var files: [String]

    func validate() throws {
      guard !files.isEmpty else { throw ValidationError("name at least one file to import") }
      if let start, date == nil {
        throw ValidationError(
          TallyError.invalid(
            "--start", start.description, expected: "--date as well (the day it starts on)"
          ).description)
      }
    }

    func run() throws {
      let store = try global.openRuckStore()
      let options = details.options(
        start: date.map { global.instant(global.day($0), start) }, zone: global.zone)
      // Said in the profile's units, as every table is.
      let units = try store.profile().units
      let progress = Progress(label: "importing", total: files.count)
      var rows: [JSONObject] = []
      var lines: [String] = []
      var failure: (any Error)?
      for (index, path) in files.enumerated() {
        progress.update(index)
        let name = PathText.name(of: path)
        do {
          let data = try readFile(path, mapped: true)
          if RuckStore.isBackup(data) {
            let restored = try hinting { try store.restoreBackup(data, name: name) }
            rows.append(RuckWire.restoreResult(file: name, restored))
            lines.append(Self.restoredLine(name, restored))
            continue
          }
          var warnings: [ImportWarning] = []
          let outcome = try hinting {
            try store.importFile(data, fileName: name, options: options) { warnings.append($0) }
          }
          rows.append(
            RuckWire.importResult(file: name, outcome: outcome, error: nil, warnings: warnings))
          for warning in warnings {
            switch warning {
            case .timesGoBack(let points):
              Terminal.writeNotice(
                "warning: \(name): \(counted(points, "point")) whose time "
                  + "goes back: kept for distance, left out of time sums")
            case .ownTimes(let start):
              Terminal.writeNotice(
                "warning: \(name): the file gives its own start ("
                  + "\(global.zone.localDate(of: start))): --date is only for files without "
                  + "times")
            }
          }
          switch outcome {
          case .imported(let sessions):
            lines.append(
              "imported \(name): \(counted(sessions.count, "session")), "
                + UnitFormatter(system: units).distance(outcome.distanceMeters))
            for session in sessions where !session.countsAsRuck {
              let id = session.id ?? 0
              lines.append(
                "  session \(id) imported as \(session.activity.rawValue): not counted in ruck "
                  + "reports; if it was a ruck: 'ruck-cli sessions edit \(id) --type ruck'")
            }
            for session in sessions where session.recordStatus == .unconfirmed {
              let id = session.id ?? 0
              lines.append(
                "  session \(id) " + SessionWords.implausible(session.implausibility)
                  + " on foot: kept, but left out of records and totals until you confirm it with "
                  + "'ruck-cli sessions edit \(id) --confirm' (or set its --type)")
            }
          case .duplicate(let previous):
            lines.append("skipped \(name): already imported (as \(previous))")
          }
        } catch {
          failure = failure ?? error
          let message = ExitStatus.message(for: error)
          rows.append(RuckWire.importResult(file: name, outcome: nil, error: message))
          // A file refused for several records (a backup) says each, one line apiece.
          for line in ExitStatus.messages(for: error) { Terminal.writeNotice(line) }
        }
      }
      progress.finish()
      if global.format == .table {
        Terminal.writeOutput(lines.map { $0 + "\n" }.joined())
      } else {
        global.print(rows: rows)
      }
      try Gear.warnWorn(store)
      if let failure { throw ExitCode(ExitStatus.status(for: failure) ?? ExitStatus.badData) }
    }

    /// What a restored backup changed, every count said.
    static func restoredLine(_ name: String, _ restored: BackupRestore) -> String {
      var line =
        "restored \(name): \(counted(restored.sessionsRestored, "session")) "
        + "(\(counted(restored.pointsRestored, "track point"))), "
        + "\(counted(restored.filesRestored, "imported file's record", "imported files' records")), "
        + (restored.profileRestored ? "the profile" : "the profile kept as it was")
        + (restored.goalsRestored > 0 ? ", \(counted(restored.goalsRestored, "goal"))" : "")
        + (restored.goalsNotRestored > 0
          ? ", the goals kept as they were (\(counted(restored.goalsNotRestored, "goal")) of the "
            + "backup not restored)" : "")
        + (restored.gearRestored > 0
          ? ", \(counted(restored.gearRestored, "item", "items"))" + " of gear" : "")
      if restored.sessionsPresent > 0 || restored.filesPresent > 0 || restored.gearPresent > 0 {
        line +=
          "; already present: \(counted(restored.sessionsPresent, "session")), "
          + "\(counted(restored.filesPresent, "file"))"
          + (restored.gearPresent > 0 ? ", \(counted(restored.gearPresent, "item")) of gear" : "")
      }
      return line
    }
  }

  /// `ruck-cli log`.
  struct Log: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "log",
      abstract: "Log a session by hand.",
      discussion: """
        Example:
          ruck-cli log --date 2026-02-08 --start 06:30 --duration 1h45m \\
              --distance 8.2km --load-kg 20
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption
    @OptionGroup var details: SessionDetails
    @Option(
      help: ArgumentHelp(
        "The day: YYYY-MM-DD, today, yesterday or a weekday (the most recent); default today.",
        valueName: "day"),
      transform: DayReference.init(parsing:))
    var date: DayReference = .today
    @Option(
      help: ArgumentHelp("The start time (default 12:00).", valueName: "hh:mm"),
      transform: TimeOfDay.init(parsing:))
    var start: TimeOfDay?
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("How long: 1h45m, 90 (minutes), 1:45:00.", valueName: "duration"),
      transform: TimeSpan.init(parsing:))
    var duration: TimeSpan
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("How far, with a unit: 8.2km, 5.1mi, 800m.", valueName: "distance"),
      transform: { try Quantities.distance(parsing: $0, within: SessionLimits.metres) })
    var distance: Double
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("Calories, if you know them (else estimated).", valueName: "kcal"),
      transform: {
        try Quantities.number(parsing: $0, what: "kcal", within: SessionLimits.calories)
      })
    var calories: Double?

    func run() throws {
      let store = try global.openRuckStore()
      let session = try store.logSession(
        start: global.instant(global.day(date), start), duration: Double(duration.seconds),
        distance: distance, calories: calories, options: details.options(zone: global.zone))
      try SessionPrinter(global: global, store: store, units: units.units).print(session)
      try Gear.warnWorn(store)
    }
  }
}
