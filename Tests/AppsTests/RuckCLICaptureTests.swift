import ArgumentParser
import CLIKit
import Foundation
import RuckReports
import Testing

@testable import ruck_cli

/// A scratch database for in-process runs of `ruck-cli`.
private struct RuckRun {
  let folder = NSTemporaryDirectory() + "tally-ruck-capture-" + UUID().uuidString

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func callAsFunction(_ arguments: String...) -> CommandRunner.Captured {
    CommandRunner.capture(
      RuckCommand.self, arguments: arguments + ["--db", folder + "/ruck.sqlite"])
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

@Suite("ruck-cli in process")
struct RuckCLICaptureTests {
  @Test("the app names its options and commands in hints; the domain's message stays")
  func hints() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let missing = ruck("sessions", "show", "7")
    #expect(missing.status == 66)
    #expect(
      missing.error
        == "ruck-cli: there is no session \"7\": expected the id of a stored session: "
        + "see 'ruck-cli sessions list'\n")
    let untimed = try ruck.write(
      "plan.gpx",
      "<gpx><trk><trkseg><trkpt lat=\"0\" lon=\"0\"/><trkpt lat=\"0\" lon=\"0.01\"/></trkseg></trk></gpx>"
    )
    let refused = ruck("import", untimed)
    #expect(refused.status == 65)
    #expect(
      refused.error
        == "ruck-cli: plan.gpx: start is missing: expected the day the track was walked, as it "
        + "has no times: give it with --date (and --start)\n")
    // With the day, it imports: 0.01° of longitude at the equator = 1111.95 m.
    let imported = ruck("import", untimed, "--date", "2026-02-08", "--time-zone", "UTC")
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output == "imported plan.gpx: 1 session, 1.11 km\n")
  }

  @Test("import results in JSON: one row per file with its status")
  func importJSON() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let csv = try ruck.write(
      "log.csv", "date,duration,distance\n2026-02-08,1h,5km\n2026-02-09,30m,2.5km\n")
    let first = ruck("import", csv, "--format", "json")
    #expect(first.status == 0)
    let ids = "\"session_ids\": [\n      1,\n      2\n    ]"
    #expect(first.output.contains(ids), "\(first.output)")
    let again = ruck("import", csv, "--format", "json")
    #expect(again.output.contains("\"status\": \"duplicate\""))
  }
}

@Suite("ruck-cli pace over timed sessions")
struct RuckCLIPaceTests {
  @Test("analytics says how many untimed sessions pace left out")
  func untimedLeftOut() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let plan = try ruck.write(
      "plan.gpx",
      "<gpx><trk><trkseg><trkpt lat=\"0\" lon=\"0\"/><trkpt lat=\"0\" lon=\"0.01\"/></trkseg></trk></gpx>"
    )
    _ = ruck("import", plan, "--date", "2026-02-03", "--time-zone", "UTC")
    _ = ruck(
      "log", "--date", "2026-02-02", "--duration", "1h", "--distance", "5km", "--time-zone", "UTC")
    let json = ruck(
      "analytics", "--period", "all-time", "--as-of", "2026-02-08", "--time-zone", "UTC",
      "--format", "json")
    // 3600 s over the timed 5 km only.
    #expect(json.output.contains("\"average_pace_s_per_km\": 720.0"), "\(json.output)")
    #expect(json.output.contains("\"sessions_without_moving_time\": 1"))
    let table = ruck("analytics", "--period", "all-time", "--as-of", "2026-02-08")
    #expect(table.output.contains("12:00 /km (1 untimed session left out)"), "\(table.output)")
  }
}

@Suite("ruck-cli session types, edits and details")
struct RuckCLISessionTests {
  @Test("a flagged import says so; --confirm counts it; show has notes, conditions, temperature")
  func flaggedAndShown() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    // 1111.95 m in 60 s = 54 s/km: a vehicle.
    let fast = try ruck.write(
      "fast.gpx",
      "<gpx><trk><trkseg><trkpt lat=\"0\" lon=\"0\"><time>2026-02-08T10:00:00Z</time></trkpt>"
        + "<trkpt lat=\"0\" lon=\"0.01\"><time>2026-02-08T10:01:00Z</time></trkpt></trkseg></trk></gpx>"
    )
    let imported = ruck("import", fast)
    #expect(imported.status == 0)
    #expect(
      imported.output.contains(
        "session 1 is faster than 3:00 /km on foot: kept, but left out of records and totals "
          + "until you confirm it with 'ruck-cli sessions edit 1 --confirm'"), "\(imported.output)")
    #expect(
      ruck("records", "--as-of", "2026-02-08", "--format", "json").output.contains(
        "\"longest_distance\": null"))
    // Out of the totals too, and said: 0 sessions that week, 1 flagged.
    let weekly = ruck("weekly", "--weeks", "1", "--as-of", "2026-02-08")
    #expect(
      weekly.output.contains("1 flagged session left out until confirmed"), "\(weekly.output)")
    let flaggedWeek = ruck("weekly", "--weeks", "1", "--as-of", "2026-02-08", "--format", "json")
    #expect(flaggedWeek.output.contains("\"sessions_unconfirmed\": 1"), "\(flaggedWeek.output)")
    #expect(flaggedWeek.output.contains("\"sessions\": 0"), "\(flaggedWeek.output)")
    let confirmed = ruck(
      "sessions", "edit", "1", "--confirm", "--notes", "tailwind", "--conditions", "dry",
      "--temperature-c", "4", "--format", "json")
    #expect(confirmed.status == 0, "\(confirmed.error)")
    #expect(confirmed.output.contains("\"record_status\": \"counted\""))
    let shown = ruck("sessions", "show", "1", "--format", "json")
    #expect(shown.output.contains("\"notes\": \"tailwind\""))
    #expect(shown.output.contains("\"conditions\": \"dry\""))
    #expect(shown.output.contains("\"temperature_c\": 4.0"))
    #expect(shown.output.contains("\"activity\": \"ruck\""))
    // Confirmed, it counts in the totals.
    let counted = ruck("weekly", "--weeks", "1", "--as-of", "2026-02-08", "--format", "json")
    #expect(
      counted.output.contains("\"sessions\": 1")
        && counted.output.contains("\"sessions_unconfirmed\": 0"))
    let moved = ruck("sessions", "edit", "1", "--distance", "2km", "--format", "json")
    #expect(
      moved.error
        == "ruck-cli: session 1 has a track: its distance now as given, no longer the track's "
        + "(the points keep their recorded times and positions)\n")
    #expect(moved.output.contains("\"distance_m\": 2000.0"))
    let both = ruck("sessions", "edit", "1", "--confirm", "--exclude-from-records")
    #expect(both.status == 64)
    // Flagged again by the edit (2 km in 60 s); excluded from records, it counts in the totals.
    #expect(ruck("sessions", "edit", "1", "--exclude-from-records").status == 0)
    let excluded = ruck("weekly", "--weeks", "1", "--as-of", "2026-02-08", "--format", "json")
    #expect(excluded.output.contains("\"sessions\": 1"), "\(excluded.output)")
  }

  /// Issue 30: a session logged by hand that waits for confirmation says why, as the import
  /// does. 4 mi in 999 h is about 155 h/km, slower than the 60:00 /km of any walk.
  @Test func anUnconfirmedSessionSaysWhy() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let logged = ruck("log", "--duration", "999h", "--distance", "4mi", "--as-of", "2026-11-27")
    #expect(logged.status == 0, "\(logged.error)")
    #expect(
      logged.output.contains(
        "left out until confirmed: it is slower than 60:00 /km (sessions edit 1 --confirm)"),
      "\(logged.output)")
    #expect(
      ruck("sessions", "show", "1").output.contains(
        "left out until confirmed: it is slower than 60:00 /km"))
  }
}

@Suite("ruck-cli input as people type it")
struct RuckCLIInputTests {
  @Test("negative temperatures, weights with units, day words") func typed() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let logged = ruck(
      "log", "--date", "yesterday", "--as-of", "2026-02-09", "--time-zone", "UTC", "--duration",
      "1h", "--distance", "5km", "--temperature-c", "-2", "--load", "30lb", "--body-weight",
      "176lb", "--format", "json")
    #expect(logged.status == 0, "\(logged.error)")
    #expect(logged.output.contains("\"date\": \"2026-02-08\""))
    #expect(logged.output.contains("\"temperature_c\": -2.0"))
    #expect(logged.output.contains("\"load_kg\": 13.6"))  // 30 × 0.45359237 = 13.61
    #expect(logged.output.contains("\"body_weight_kg\": 79.8"))  // 176 × 0.45359237 = 79.83
    // Mon 2026-02-09 as of Wed 02-11: the most recent Monday.
    let monday = ruck(
      "log", "--date", "mon", "--as-of", "2026-02-11", "--time-zone", "UTC", "--duration", "1h",
      "--distance", "5km", "--format", "json")
    #expect(monday.output.contains("\"date\": \"2026-02-09\""), "\(monday.error)")
    let edited = ruck(
      "sessions", "edit", "1", "--temperature-c", "-5", "--load-kg", "20", "--format", "json")
    #expect(edited.output.contains("\"temperature_c\": -5.0"), "\(edited.error)")
    let negative = ruck("sessions", "edit", "1", "--load-kg", "-5")
    #expect(negative.status == 64)
    #expect(negative.error.contains("\"-5\""), "\(negative.error)")
    let twice = ruck("sessions", "edit", "1", "--load-kg", "5", "--load", "5kg")
    #expect(twice.status == 64)
    let ambiguous = ruck("log", "--date", "2/8/2026", "--duration", "1h", "--distance", "5km")
    #expect(ambiguous.status == 64)
    #expect(ambiguous.error.contains("2026-02-08") && ambiguous.error.contains("2026-08-02"))
    let profile = ruck("profile", "set", "--body-weight", "176lb", "--format", "json")
    #expect(profile.output.contains("\"body_weight_kg\": 79.8"))
  }
}

@Suite("ruck-cli output in the user's units and words")
struct RuckCLIOutputTests {
  @Test("records JSON keys carry their units") func recordKeys() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    _ = ruck(
      "log", "--date", "2026-02-08", "--duration", "1h", "--distance", "5km", "--load-kg", "10",
      "--time-zone", "UTC")
    let json = ruck("records", "--as-of", "2026-02-08", "--time-zone", "UTC", "--format", "json")
    // 5 km in 3600 s = 720 s/km; 10 kg × 5 km = 50 kg·km.
    for key in [
      "\"value_m\": 5000.0", "\"value_s_per_km\": 720.0", "\"value_kg\": 10.0",
      "\"value_kg_km\": 50.00", "\"value_s\": 3600.0",
    ] {
      #expect(json.output.contains(key), "\(key) in \(json.output)")
    }
    #expect(!json.output.contains("\"value\":"))
  }

  @Test("a session in a table: the profile's units, no SI keys; trends never read n/a up")
  func tables() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    _ = ruck("profile", "set", "--units", "imperial")
    let logged = ruck(
      "log", "--date", "2026-02-09", "--duration", "1h20m", "--distance", "5mi", "--load", "30lb",
      "--notes", "hills", "--time-zone", "UTC")
    #expect(logged.status == 0, "\(logged.error)")
    let shown = ruck("sessions", "show", "1", "--time-zone", "UTC")
    #expect(!shown.output.contains("distance_m") && !shown.output.contains("pace_s_per_km"))
    #expect(shown.output.contains("5.00 mi"))  // 8046.72 m
    #expect(shown.output.contains("16:00 /mi"))  // 4800 s over 5 mi
    #expect(shown.output.contains("30.0 lb"))
    #expect(shown.output.contains("hills"))
    #expect(shown.output.contains("track points"))
    let profile = ruck("profile", "show")
    #expect(!profile.output.contains("body_weight_kg"))
    // This week (02-09…02-11) against the empty three days before: from 0, no percentage.
    let analytics = ruck("analytics", "--period", "this-week", "--as-of", "2026-02-11")
    #expect(!analytics.output.contains("n/a"), "\(analytics.output)")
    #expect(analytics.output.contains("up from 0"))
  }
}

@Suite("ruck-cli sessions show: splits and elevation")
struct RuckCLIShowTests {
  @Test("splits per km in tables and JSON") func splits() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let track = try ruck.write(
      "s.gpx",
      "<gpx><trk><trkseg>"
        + "<trkpt lat=\"0\" lon=\"0\"><ele>100</ele><time>2026-02-08T10:00:00Z</time></trkpt>"
        + "<trkpt lat=\"0\" lon=\"0.01\"><ele>130</ele><time>2026-02-08T10:10:00Z</time></trkpt>"
        + "</trkseg></trk></gpx>")
    _ = ruck("import", track)
    let table = ruck("sessions", "show", "1", "--time-zone", "UTC")
    // 1000 m of 1111.95 m in 600 s = 539.6 s = 0:09:00 (9:00 /km); then 111.95 m in 60.4 s.
    #expect(table.output.contains("split 1"), "\(table.output)")
    #expect(table.output.contains("1.00 km  0:09:00  9:00 /km"), "\(table.output)")
    #expect(table.output.contains("highest elevation    130 m"), "\(table.output)")
    // A 30 m climb over 1111.95 m is a 2.698% grade: Minetti's walking cost
    // Cw = 280.5i⁵ − 58.7i⁴ − 76.8i³ + 51.9i² + 19.6i + 2.5 = 3.06504 J/kg/m against 2.5 on the
    // flat, so 539.59 s/km is 539.59 × 2.5 / 3.06504 = 440.1 s/km (7:20) on the flat.
    #expect(table.output.contains("grade-adjusted pace  7:20 /km"), "\(table.output)")
    #expect(table.output.contains("9:00 /km  (7:20 /km grade-adjusted)"), "\(table.output)")
    let json = ruck("sessions", "show", "1", "--format", "json")
    #expect(json.output.contains("\"time_s\": 539.6"), "\(json.output)")
    #expect(json.output.contains("\"grade_adjusted_pace_s_per_km\": 440.1"), "\(json.output)")
    #expect(json.output.contains("\"max_m\": 130.0"))
    #expect(json.output.contains("\"heart_rate\": null"))  // the file records none
  }
}

@Suite("ruck-cli sessions export")
struct RuckCLIExportTests {
  @Test("GPX to a file or standard output; a session without a track is refused")
  func export() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let track = try ruck.write(
      "s.gpx",
      "<gpx><trk><trkseg>"
        + "<trkpt lat=\"0\" lon=\"0\"><time>2026-02-08T10:00:00Z</time></trkpt>"
        + "<trkpt lat=\"0\" lon=\"0.01\"><time>2026-02-08T10:10:00Z</time></trkpt>"
        + "</trkseg></trk></gpx>")
    _ = ruck("import", track)
    let file = ruck.folder + "/out.gpx"
    let written = ruck("sessions", "export", "1", "--format", "gpx", "--output", file)
    #expect(written.status == 0, "\(written.error)")
    let text = try String(contentsOfFile: file, encoding: .utf8)
    #expect(text.contains("<trkpt lat=\"0.01\"") == false)
    #expect(
      text.contains("<trkpt lat=\"0\" lon=\"0.01\"><time>2026-02-08T10:10:00Z</time></trkpt>"))
    let printed = ruck("sessions", "export", "1")
    #expect(printed.output == text)
    _ = ruck("log", "--date", "2026-02-08", "--duration", "1h", "--distance", "5km")
    let refused = ruck("sessions", "export", "2")
    #expect(refused.status == 65)
    #expect(refused.error.contains("session 2 has no track"))
    #expect(ruck("sessions", "export", "1", "--format", "kml").status == 64)
  }
}

@Suite("ruck-cli report tables in words")
struct RuckCLIReportTableTests {
  @Test("streak and weekly tables have no snake_case keys") func words() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    for date in ["2026-02-02", "2026-02-04"] {
      _ = ruck(
        "log", "--date", date, "--duration", "1h", "--distance", "5km", "--time-zone", "UTC")
    }
    let streak = ruck("streak", "--as-of", "2026-02-11", "--time-zone", "UTC")
    #expect(!streak.output.contains("_"), "\(streak.output)")
    // Week of 02-02 reached the goal of 2; this week has none yet.
    #expect(streak.output.contains("current streak  1 week"), "\(streak.output)")
    #expect(streak.output.contains("longest streak  1 week (2026-02-02 to 2026-02-08)"))
    #expect(streak.output.contains("0 done, 2 more to reach the goal"))
    let weekly = ruck("weekly", "--weeks", "2", "--as-of", "2026-02-11", "--time-zone", "UTC")
    #expect(!weekly.output.contains("WEEK_START") && !weekly.output.contains("GOAL_MET"))
    #expect(weekly.output.contains("yes"), "\(weekly.output)")
  }
}

@Suite("ruck-cli round 2: files, future days, other types, limits, help")
struct RuckCLIRound2Tests {
  static let back =
    "<gpx><trk><trkseg>"
    + "<trkpt lat=\"0\" lon=\"0\"><time>2026-02-08T10:00:00Z</time></trkpt>"
    + "<trkpt lat=\"0\" lon=\"0.01\"><time>2026-02-08T10:10:00Z</time></trkpt>"
    + "<trkpt lat=\"0\" lon=\"0.02\"><time>2026-02-08T10:05:00Z</time></trkpt>"
    + "<trkpt lat=\"0\" lon=\"0.03\"><time>2026-02-08T10:20:00Z</time></trkpt>"
    + "</trkseg></trk></gpx>"

  @Test("a time going back imports with one warning line on stderr")
  func timeGoingBack() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let file = try ruck.write("back.gpx", Self.back)
    let imported = ruck("import", file, "--as-of", "2026-02-08", "--time-zone", "UTC")
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.error
        == "ruck-cli: warning: back.gpx: 1 point whose time goes back: kept for distance, left "
        + "out of time sums\n")
    // 3 × 1111.95 m = 3.34 km.
    #expect(imported.output == "imported back.gpx: 1 session, 3.34 km\n")
    // Another recording (a second later), else it is the same recording and skipped.
    let later = Self.back.replacingOccurrences(of: "10:00:00Z", with: "10:00:01Z")
    let json = ruck("import", try ruck.write("back2.gpx", later), "--format", "json")
    #expect(json.output.contains("\"points_with_time_going_back\": 1"), "\(json.output)")
  }

  @Test("--date with a file that has times: imported at its own times, with one warning")
  func dateWithTimes() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let file = try ruck.write("timed.gpx", Self.back)
    let imported = ruck(
      "import", file, "--date", "2026-02-01", "--as-of", "2026-02-08", "--time-zone", "UTC")
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.error.hasSuffix(
        "ruck-cli: warning: timed.gpx: the file gives its own start (2026-02-08): --date is "
          + "only for files without times\n"), "\(imported.error)")
    let start = ruck("import", file, "--start", "06:30")
    #expect(start.status == 64)
    #expect(
      start.error
        == "ruck-cli: --start \"06:30\" is not valid: expected --date as well (the day it starts "
        + "on)\n")
  }

  @Test("a run from a watch is kept, said on import, and counted as left out in reports")
  func otherType() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let run = try ruck.write(
      "run.tcx",
      "<TrainingCenterDatabase><Activities><Activity Sport=\"Running\"><Lap><Track>"
        + "<Trackpoint><Time>2026-02-08T10:00:00Z</Time><Position><LatitudeDegrees>0"
        + "</LatitudeDegrees><LongitudeDegrees>0</LongitudeDegrees></Position></Trackpoint>"
        + "<Trackpoint><Time>2026-02-08T10:10:00Z</Time><Position><LatitudeDegrees>0"
        + "</LatitudeDegrees><LongitudeDegrees>0.02</LongitudeDegrees></Position></Trackpoint>"
        + "</Track></Lap></Activity></Activities></TrainingCenterDatabase>")
    let imported = ruck("import", run)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.output.contains(
        "  session 1 imported as run: not counted in ruck reports; if it was a ruck: "
          + "'ruck-cli sessions edit 1 --type ruck'"), "\(imported.output)")
    let note =
      "1 session of other types left out (runs, rides, other, walks and hikes without load; see "
      + "'ruck-cli sessions list')\n"
    for report in ["records", "insights", "weekly"] {
      let output = ruck(report, "--as-of", "2026-02-08", "--time-zone", "UTC").output
      #expect(output.hasSuffix(note), "\(report): \(output)")
    }
    let analytics = ruck(
      "analytics", "--period", "this-week", "--as-of", "2026-02-08", "--time-zone", "UTC",
      "--format", "json")
    #expect(analytics.output.contains("\"sessions_of_other_types\": 1"), "\(analytics.output)")
  }

  @Test("future days: 64 for an option, 65 for a file's row")
  func futureDays() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let log = ruck(
      "log", "--date", "2026-02-09", "--as-of", "2026-02-08", "--time-zone", "UTC",
      "--duration", "1h", "--distance", "5km")
    #expect(log.status == 64)
    #expect(
      log.error == "ruck-cli: date \"2026-02-09\" is not valid: expected a day on or before "
        + "2026-02-08\n", "\(log.error)")
    let rows = try ruck.write("s.csv", "date,duration,distance\n2026-02-09,1h,5km\n")
    let imported = ruck("import", rows, "--as-of", "2026-02-08", "--time-zone", "UTC")
    #expect(imported.status == 65)
    #expect(imported.error.contains("s.csv line 2"), "\(imported.error)")
    #expect(ruck("sessions", "list", "--format", "json").output == "[]\n")
  }

  @Test("an empty list in CSV prints its header; huge values never trap in tables")
  func emptyAndHuge() throws {
    let ruck = try RuckRun()
    defer { ruck.remove() }
    let csv = ruck("sessions", "list", "--format", "csv")
    #expect(csv.status == 0)
    #expect(csv.output.hasPrefix("id,started_at,ended_at,date,distance_m,"))
    // One line: "\r\n" is one Character in Swift.
    #expect(csv.output.hasSuffix(",notes\r\n") && csv.output.filter { $0 == "\r\n" }.count == 1)
    let format = UnitFormatter(system: .metric)
    // 1e308 s = 2.8e304 h: printed in hours, not converted to an Int.
    #expect(format.duration(1e308).hasSuffix(" h"))
    #expect(format.pace(.infinity).hasSuffix(" h /km"))
    #expect(format.duration(5400) == "1:30:00")
    let huge = ruck(
      "log", "--date", "2026-02-08", "--duration", "1h", "--distance", "5km", "--load-kg", "1e308")
    #expect(huge.status == 64)
    #expect(huge.error.contains("load"), "\(huge.error)")
  }

  @Test("help paragraphs are not broken mid-sentence; examples stay one per line")
  func helpWraps() throws {
    let commands: [any ParsableCommand.Type] = [
      RuckCommand.self, RuckCommand.Import.self, RuckCommand.Log.self,
      RuckCommand.Sessions.Edit.self, RuckCommand.Sessions.Export.self,
      RuckCommand.Analytics.self, RuckCommand.Streak.self,
    ]
    for command in commands {
      let discussion = command.configuration.discussion
      for paragraph in discussion.components(separatedBy: "\n\n") {
        let lines = paragraph.split(separator: "\n")
        guard lines.count > 1 else { continue }
        // A paragraph of several lines is an example block: a title, then commands.
        #expect(lines[0].hasSuffix(":"), "\(command): \(paragraph)")
        #expect(lines.dropFirst().allSatisfy { $0.hasPrefix("  ") }, "\(command): \(paragraph)")
      }
    }
  }
}
