import AnalyticsCore
import CLIKit
import Foundation
import Testing

@testable import behavior_cli

/// behavior-cli run in-process (`CommandRunner.capture`), one scratch database per test.
struct BehaviorCapture {
  let database = FileManager.default.temporaryDirectory
    .appendingPathComponent("tally-behavior-capture-\(UUID().uuidString).sqlite").path
  var zone = "UTC"

  func run(_ arguments: [String]) -> CommandRunner.Captured {
    CommandRunner.capture(
      BehaviorCommand.self, arguments: arguments + ["--db", database, "--time-zone", zone])
  }

  func remove() {
    for suffix in ["", "-wal", "-shm"] {
      try? FileManager.default.removeItem(atPath: database + suffix)
    }
  }
}

@Suite("behavior-cli in-process")
struct BehaviorCLICaptureTests {
  /// Auckland's clocks went from 02:00 to 03:00 on 2026-09-27 (NZDT from the last Sunday of
  /// September): 02:30 that night does not exist.
  @Test("a time the clocks skip is moved forward and said on stderr")
  func skippedTime() throws {
    var cli = BehaviorCapture()
    cli.zone = "Pacific/Auckland"
    defer { cli.remove() }
    let logged = cli.run([
      "log", "energy-level", "--intensity", "3", "--at", "2026-09-27 02:30", "--as-of",
      "2026-09-28", "--format", "json",
    ])
    #expect(logged.status == 0, "\(logged.error)")
    #expect(
      logged.error
        == "behavior-cli: note: 02:30 does not exist on 2026-09-27 in Pacific/Auckland (the "
        + "clocks went forward): 03:30 taken\n")
    // 03:30 NZDT (+13) is 14:30 UTC the day before.
    #expect(logged.output.contains("2026-09-26T14:30:00"), "\(logged.output)")
    let plain = cli.run(["log", "energy-level", "--intensity", "3", "--at", "2026-09-27 04:00"])
    #expect(plain.status == 0 && plain.error.isEmpty)
  }

  @Test("A duration on a type without one: one line, no list of types, hints at --ignore-extra")
  func extraDuration() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let refused = cli.run(["log", "energy", "--intensity", "3", "--duration", "30m"])
    #expect(refused.status == 64)
    #expect(
      refused.error
        == "behavior-cli: energy-level takes no duration: leave it out, or add --ignore-extra to drop it; 'behavior-cli patterns' lists what each type takes\n"
    )
    #expect(refused.output.isEmpty)

    let kept = cli.run([
      "log", "energy", "--intensity", "3", "--duration", "30m", "--ignore-extra",
      "--at", "2026-02-08 09:00", "--format", "json",
    ])
    #expect(kept.status == 0, "\(kept.error)")
    #expect(kept.error == "Ignored the duration: energy-level takes none.\n")
    #expect(kept.output.contains("\"intensity\": 3,"))
    #expect(kept.output.contains("\"duration_minutes\": null,"))
  }

  @Test("Mistyped pattern types and medication names suggest the one meant")
  func didYouMean() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let type = cli.run(["log", "sensory-overlod"])
    #expect(type.status == 64)
    #expect(type.error.contains("did you mean 'sensory-overload'?"), "\(type.error)")
    #expect(type.error.contains("see 'behavior-cli patterns'"))

    #expect(cli.run(["meds", "add", "Sertraline", "--frequency", "daily"]).status == 0)
    let medication = cli.run(["meds", "log", "Sertralin", "--taken"])
    #expect(medication.status == 66)
    #expect(medication.error.contains("did you mean 'Sertraline'?"), "\(medication.error)")
    #expect(medication.error.contains("see 'behavior-cli meds list --all'"))
  }

  @Test("export with no --format writes the JSON export")
  func exportDefaultsToJSON() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let export = cli.run(["export"])
    #expect(export.status == 0, "\(export.error)")
    #expect(
      export.output == """
        {
          "check_ins": [],
          "dosage_changes": [],
          "entries": [],
          "favorites": [],
          "format": "tally-behavior",
          "journal": [],
          "medication_logs": [],
          "medications": [],
          "ratings": [],
          "version": 1
        }

        """)
  }

  @Test("Day options take today, yesterday and weekday names, resolved against --as-of")
  func dayReferences() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    // 2026-02-08 is a Sunday (python: date(2026, 2, 8).strftime('%A')): yesterday is the 7th,
    // mon the 2nd, sun the as-of day itself.
    let added = cli.run([
      "meds", "add", "Sertraline", "--frequency", "daily", "--since", "yesterday",
      "--as-of", "2026-02-08", "--format", "json",
    ])
    #expect(added.status == 0, "\(added.error)")
    #expect(added.output.contains("\"since\": \"2026-02-07\","))
    for (time, note) in [("2026-02-01 10:00", "before"), ("2026-02-02 10:00", "monday")] {
      #expect(
        cli.run(["log", "energy", "--intensity", "3", "--at", time, "--note", note]).status == 0)
    }
    let listed = cli.run([
      "entries", "list", "--from", "mon", "--to", "sun", "--as-of", "2026-02-08", "--format", "csv",
    ])
    #expect(listed.status == 0, "\(listed.error)")
    #expect(listed.output.contains("monday"))
    #expect(!listed.output.contains("before"))
    let stopped = cli.run([
      "meds", "stop", "Sertraline", "--on", "today", "--as-of", "2026-02-08", "--format", "json",
    ])
    #expect(stopped.output.contains("\"stopped_on\": \"2026-02-08\","))
    let ambiguous = cli.run(["entries", "list", "--from", "2/8/2026"])
    #expect(ambiguous.status == 64)
    #expect(ambiguous.error.contains("2026-02-08") && ambiguous.error.contains("2026-08-02"))
  }

  @Test("import of a file already imported: N new, M already present; --allow-duplicates forces")
  func reimport() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let file = cli.database + ".json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(cli.run(["log", "energy", "--intensity", "3", "--at", "2026-02-08 09:00"]).status == 0)
    #expect(cli.run(["export", "--output", file]).status == 0)
    let again = cli.run(["import", file])
    #expect(again.status == 0, "\(again.error)")
    let name = (file as NSString).lastPathComponent
    #expect(
      again.output
        == "Imported 0 entries, 0 medications, 0 medication logs, 0 journal entries and 0 favorites from \(name) (0 new, 1 already present).\n"
    )
    let forced = cli.run(["import", file, "--allow-duplicates"])
    #expect(forced.output.hasSuffix("(1 new, 0 already present).\n"), "\(forced.output)")
  }

  @Test("journal add on a terminal: the text comes from $VISUAL, else $EDITOR, on a temp file")
  func editor() throws {
    let text = try JournalText.parse([])
    // A shell "editor" that writes the file it is given ("$1"), as a person would in vi.
    let written = try text.read(
      allowStandardInput: true, standardInputIsTerminal: true,
      environment: ["EDITOR": "printf 'Slept badly.' >"])
    #expect(written.text == "Slept badly." && written.fromEditor)
    let visual = try text.read(
      allowStandardInput: true, standardInputIsTerminal: true,
      environment: ["VISUAL": "printf 'from visual' >", "EDITOR": "printf 'from editor' >"])
    #expect(visual.text == "from visual")
    // Saving nothing leaves the file empty: journal add then saves nothing and says so.
    let empty = try text.read(
      allowStandardInput: true, standardInputIsTerminal: true, environment: ["EDITOR": "true"])
    #expect(empty.text == "" && empty.fromEditor)
    #expect(throws: TallyError.self) {
      try text.read(
        allowStandardInput: true, standardInputIsTerminal: true, environment: ["EDITOR": "false"])
    }
    #expect(Editor.command([:]) == "vi")
    // Given text never opens the editor.
    let given = try JournalText.parse(["--content", "typed"]).read(
      allowStandardInput: true, standardInputIsTerminal: true, environment: ["EDITOR": "false"])
    #expect(given.text == "typed" && !given.fromEditor)
  }

  @Test("The monthly table says which days were judged and that an untracked month is not compared")
  func trackedTable() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    #expect(
      cli.run(["meds", "add", "Sertraline", "--frequency", "daily", "--since", "2026-11-01"]).status
        == 0)
    for day in 16...22 {
      #expect(
        cli.run(["log", "energy", "--intensity", "3", "--at", "2026-11-\(day) 09:00"]).status == 0)
      #expect(
        cli.run(["meds", "log", "Sertraline", "--taken", "--at", "2026-11-\(day) 08:00"]).status
          == 0)
    }
    let table = cli.run(["report", "monthly", "--as-of", "2026-11-22"])
    #expect(table.status == 0, "\(table.error)")
    #expect(
      table.output.hasPrefix(
        """
        Monthly report 2026-10-24 to 2026-11-22
        Tracked from 2026-11-16: 7 of 30 days judged.
        Entries: 7, 1.00 a day

        """))  // 7 entries over the 7 tracked days
    #expect(table.output.contains("  (not compared: nothing was logged in those days)\n"))
    #expect(table.output.contains("100.0%"))  // 7 doses of 7 due from Nov 16, not 7 of 22
  }
}

@Suite("behavior-cli --at as people type it")
struct BehaviorAtTests {
  // As-of 2026-11-20 (a Friday): yesterday is the 19th, mon the 16th; UTC.
  @Test(
    "days by word, then a time",
    arguments: [
      ("yesterday 14:30", "2026-11-19T14:30:00Z"), ("mon 09:00", "2026-11-16T09:00:00Z"),
      ("2026-11-18 07:05", "2026-11-18T07:05:00Z"), ("today 23:59", "2026-11-20T23:59:00Z"),
    ])
  func days(text: String, timestamp: String) {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let result = cli.run([
      "log", "energy", "--intensity", "2", "--at", text, "--as-of", "2026-11-20", "--format",
      "json",
    ])
    #expect(result.status == 0)
    #expect(result.output.contains("\"timestamp\": \"\(timestamp)\""))
  }

  /// Without `--at`, `--as-of` keeps the current time of day in the user's zone: whatever the hour
  /// now, the entry is on the as-of day there (noon UTC was the next day in Auckland and Kiritimati,
  /// the day before in Pago Pago).
  @Test(
    "without --at, an entry is on the --as-of day in the user's zone",
    arguments: ["Pacific/Auckland", "Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"])
  func asOfDayInZone(zone: String) {
    var cli = BehaviorCapture()
    cli.zone = zone
    defer { cli.remove() }
    let logged = cli.run([
      "log", "energy", "--intensity", "2", "--as-of", "2026-11-20", "--format", "json",
    ])
    #expect(logged.status == 0)
    #expect(logged.output.contains("\"date\": \"2026-11-20\""), "\(logged.output)")
  }

  @Test("an ambiguous slashed day shows both ISO readings") func slashed() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let result = cli.run(["log", "energy", "--intensity", "2", "--at", "2/8/2026 10:00"])
    #expect(result.status == 64)
    #expect(result.error.contains("write 2026-02-08 or 2026-08-02"))
  }
}

@Suite("behavior-cli checkin, due and calendar from the command line")
struct BehaviorReminderCLITests {
  @Test("due exits 1 with one line per item, 0 and silent when nothing is due")
  func due() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let asOf = ["--as-of", "2026-11-20"]
    #expect(
      cli.run(
        [
          "meds", "add", "Sertraline", "--frequency", "daily", "--times", "08:00", "--since",
          "2026-11-01",
        ] + asOf
      ).status == 0)
    #expect(cli.run(["settings", "set", "--log-reminder", "21:00"] + asOf).status == 0)
    let morning = cli.run(["due", "--at", "2026-11-20 09:30"] + asOf)
    #expect(morning.status == 1 && morning.error.isEmpty)
    #expect(morning.output == "08:00  Sertraline: dose not logged, 1 h 30 min ago\n")
    let bad = cli.run(["meds", "edit", "Sertraline", "--times", "8am"] + asOf)
    #expect(bad.status == 64 && bad.error.contains("--times \"8am\""))
    #expect(
      cli.run(["meds", "log", "Sertraline", "--taken", "--at", "2026-11-20 08:10"] + asOf).status
        == 0)
    let checkIn = cli.run(["checkin", "--mood", "4", "--sleep-hours", "7.5"] + asOf)
    #expect(checkIn.output == "Checked in for 2026-11-20: mood 4, slept 7.5 h\n")
    let later = cli.run(["due", "--at", "2026-11-20 22:00"] + asOf)
    #expect(later.status == 0 && later.output.isEmpty)
    let feed = cli.run(["calendar"] + asOf)
    #expect(feed.status == 0 && feed.output.hasPrefix("BEGIN:VCALENDAR\r\n"))
    #expect(feed.output.contains("RRULE:FREQ=DAILY\r\n"))
  }
}
