import Foundation
import Testing

private struct RuckScratch {
  let folder = NSTemporaryDirectory() + "tally-ruck-cli-" + UUID().uuidString
  var db: String { folder + "/ruck.sqlite" }

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func ruck(_ arguments: [String]) throws -> AppRunner.Result {
    try AppRunner.run("ruck-cli", arguments, environment: ["TALLY_RUCK_DB": db, "TZ": "UTC"])
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

@Suite("ruck-cli end to end")
struct RuckCLITests {
  @Test("log, then analytics in JSON (SI) and tables in imperial units") func units() throws {
    let scratch = try RuckScratch()
    defer { scratch.remove() }
    #expect(
      try scratch.ruck(["profile", "set", "--body-weight-kg", "80", "--units", "imperial"]).status
        == 0)
    for (date, distance) in [("2026-02-02", "5mi"), ("2026-02-04", "8.0467km")] {
      let result = try scratch.ruck([
        "log", "--date", date, "--start", "07:00", "--duration", "1h20m", "--distance", distance,
        "--load-kg", "20", "--time-zone", "UTC",
      ])
      #expect(result.status == 0, "\(result.error)")
    }
    let json = try scratch.ruck([
      "analytics", "--period", "last-week", "--as-of", "2026-02-11", "--time-zone", "UTC",
      "--format", "json",
    ])
    // 5 mi = 8046.72 m twice; 9600 s over 16.09344 km = 596.5 s/km; 20 kg × 16.09344 km.
    #expect(json.output.contains("\"total_distance_m\": 16093.4"))
    #expect(json.output.contains("\"average_pace_s_per_km\": 596.5"))
    #expect(json.output.contains("\"total_weight_moved_kg_km\": 321.87"))
    #expect(json.output.contains("\"percent_change\": null"))
    let table = try scratch.ruck(["records", "--as-of", "2026-02-11", "--time-zone", "UTC"])
    #expect(table.output.contains("5.00 mi"))  // imperial from the profile
    #expect(table.output.contains("16:00 /mi"))  // 4800 s per 5 mi
    #expect(table.output.contains("44.1 lb"))
    let metric = try scratch.ruck([
      "records", "--as-of", "2026-02-11", "--time-zone", "UTC", "--units", "metric",
    ])
    #expect(metric.output.contains("8.05 km"))
    #expect(metric.output.contains("9:57 /km"))
    let weekly = try scratch.ruck([
      "weekly", "--weeks", "2", "--as-of", "2026-02-11", "--time-zone", "UTC",
    ])
    #expect(weekly.output.contains("10.0 mi"))
    #expect(weekly.output.contains("█"))
    let streak = try scratch.ruck([
      "streak", "--as-of", "2026-02-11", "--time-zone", "UTC", "--format", "json",
    ])
    #expect(streak.output.contains("\"current_weeks\": 1"))
    #expect(streak.output.contains("\"needed\": 2"))
  }

  @Test("bad input: one line on stderr, a non-zero status, nothing stored") func badInput() throws {
    let scratch = try RuckScratch()
    defer { scratch.remove() }
    let notXML = try scratch.write("notxml.gpx", "this is not xml")
    let noPoints = try scratch.write("empty.gpx", "<gpx version=\"1.1\"></gpx>")
    // Issue 13: a time going back is now a warning (RuckCLIFileTests); an impossible
    // longitude is still refused.
    let offMap = try scratch.write(
      "offmap.gpx",
      "<gpx><trk><trkseg><trkpt lat=\"0\" lon=\"-181\"><time>2026-02-08T10:01:00Z</time></trkpt><trkpt lat=\"0\" lon=\"0.01\"><time>2026-02-08T10:00:00Z</time></trkpt></trkseg></trk></gpx>"
    )
    let cases: [([String], Int32, String)] = [
      (["import", notXML], 65, "notxml.gpx"),
      (["import", noPoints], 65, "no track or route points"),
      (["import", offMap], 65, "offmap.gpx line 1: trkpt"),
      (["log", "--date", "2026-02-08", "--duration", "1h", "--distance", "abc"], 64, "abc"),
      (["log", "--date", "2026-02-08", "--duration", "1x", "--distance", "5km"], 64, "1x"),
      (
        ["log", "--date", "2026-02-08", "--duration", "1h", "--distance", "5km", "--load-kg=-5"],
        64, "-5"
      ),
      (
        [
          "log", "--date", "2026-02-08", "--duration", "1h", "--distance", "5km", "--terrain",
          "lava",
        ], 64, "lava"
      ),
      (["weekly", "--units", "furlongs"], 64, "furlongs"),
      (["weekly", "--weeks", "0"], 64, "--weeks \"0\" is not valid: expected 1 to 520"),
      (["analytics", "--period", "last-decade"], 64, "last-decade"),
      (["sessions", "show", "99"], 66, "99"),
      (["import", scratch.folder + "/missing.gpx"], 66, "missing.gpx"),
    ]
    for (arguments, status, named) in cases {
      let result = try scratch.ruck(arguments)
      #expect(result.status == status, "\(arguments): \(result.error)")
      #expect(result.error.contains(named), "\(arguments): \(result.error)")
      #expect(result.error.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.error)")
    }
    // Nothing stored: an empty list, which in CSV is its header alone (round 2's rule).
    #expect(
      try scratch.ruck(["sessions", "list", "--format", "csv"]).output
        == "id,started_at,ended_at,date,distance_m,moving_time_s,elapsed_time_s,"
        + "elevation_gain_m,load_kg,body_weight_kg,calories,terrain,pace_s_per_km,"
        + "weight_moved_kg_km,source,activity,record_status,temperature_c,conditions,notes\r\n")
  }

  @Test("several files: a bad one is reported, the others import, the status is non-zero")
  func mixedImport() throws {
    let scratch = try RuckScratch()
    defer { scratch.remove() }
    let good = try scratch.write(
      "good.gpx",
      "<gpx><trk><trkseg><trkpt lat=\"0\" lon=\"0\"><time>2026-02-08T10:00:00Z</time></trkpt><trkpt lat=\"0\" lon=\"0.01\"><time>2026-02-08T10:15:00Z</time></trkpt></trkseg></trk></gpx>"
    )
    let bad = try scratch.write("bad.gpx", "<gpx><trk>")
    let result = try scratch.ruck(["import", good, bad, good, "--format", "json"])
    #expect(result.status == 65)
    #expect(result.error.contains("bad.gpx"))
    #expect(result.output.contains("\"status\": \"imported\""))
    #expect(result.output.contains("\"status\": \"failed\""))
    #expect(result.output.contains("\"status\": \"duplicate\""))
    let listed = try scratch.ruck(["sessions", "list", "--format", "json"])
    #expect(listed.output.contains("\"source\": \"good.gpx\""))
    let csv = try scratch.ruck(["sessions", "list", "--format", "csv"])
    #expect(csv.output.components(separatedBy: "\r\n").count == 3)  // header, one session, ""
  }

  @Test(
    "every command has help with an example",
    arguments: [
      ["import"], ["log"], ["sessions", "list"], ["sessions", "show"], ["sessions", "edit"],
      ["sessions", "export"],
      ["sessions", "delete"], ["profile", "set"], ["profile", "show"], ["analytics"], ["records"],
      ["weekly"], ["streak"], ["insights"],
    ])
  func help(command: [String]) throws {
    let result = try AppRunner.run("ruck-cli", command + ["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Example"))
  }
}

@Suite("ruck-cli export and import of a backup")
struct RuckBackupCLITests {
  @Test("export writes a file for you alone; import restores it and says every count")
  func backup() throws {
    let scratch = try RuckScratch()
    defer { scratch.remove() }
    for arguments in [
      ["profile", "set", "--body-weight-kg", "80", "--min-rucks-per-week", "3"],
      ["log", "--date", "2026-02-02", "--duration", "1h", "--distance", "5km", "--load-kg", "15"],
      ["log", "--date", "2026-02-04", "--duration", "90", "--distance", "7.5km"],
    ] {
      #expect(try scratch.ruck(arguments).status == 0)
    }
    let backup = scratch.folder + "/all.json"
    #expect(try scratch.ruck(["export", "--output", backup]).status == 0)
    let mode = try FileManager.default.attributesOfItem(atPath: backup)[.posixPermissions] as? Int
    #expect(mode == 0o600)

    let other = scratch.folder + "/other.sqlite"
    let restored = try scratch.ruck(["import", backup, "--db", other])
    #expect(restored.status == 0)
    #expect(
      restored.output
        == "restored all.json: 2 sessions (0 track points), 0 imported files' records, "
        + "the profile\n")
    let again = scratch.folder + "/again.json"
    #expect(try scratch.ruck(["export", "--output", again, "--db", other]).status == 0)
    #expect(
      try Data(contentsOf: URL(fileURLWithPath: again))
        == Data(contentsOf: URL(fileURLWithPath: backup)))
    let twice = try scratch.ruck(["import", backup, "--db", other])
    #expect(
      twice.output
        == "restored all.json: 0 sessions (0 track points), 0 imported files' records, the "
        + "profile kept as it was; already present: 2 sessions, 0 files\n")
  }
}

@Suite("ruck-cli in imperial units throughout (issue 36 §1)")
struct RuckImperialCLITests {
  @Test("°F in and out, stored as °C; the page's profile in feet and miles")
  func imperial() throws {
    let scratch = try RuckScratch()
    defer { scratch.remove() }
    #expect(try scratch.ruck(["profile", "set", "--units", "imperial"]).status == 0)
    // 50 °F = 10 °C exactly: (50 − 32) × 5/9.
    let logged = try scratch.ruck([
      "log", "--date", "2026-02-02", "--duration", "1h", "--distance", "3mi", "--load", "30lb",
      "--temperature-f", "50", "--format", "json",
    ])
    #expect(logged.status == 0 && logged.output.contains("\"temperature_c\": 10"))
    let shown = try scratch.ruck(["sessions", "show", "1"])
    #expect(shown.output.contains("50.0 °F"))
    let both = try scratch.ruck([
      "log", "--duration", "1h", "--distance", "3mi", "--temperature-c", "3",
      "--temperature-f", "40",
    ])
    #expect(both.status == 64 && both.error.contains("--temperature-c or --temperature-f"))
    let insights = try scratch.ruck(["insights"])
    #expect(insights.output.contains("lb/month") || !insights.output.contains("kg/month"))
    #expect(insights.output.contains("°F"))
  }
}

@Suite("ruck-cli map (issue 36 §4)")
struct RuckMapCLITests {
  @Test("every counted route of the period on one page, a flagged one left out")
  func routes() throws {
    let scratch = try RuckScratch()
    defer { scratch.remove() }
    // Three tracks by hand: two walks on 2026-02-02 and 02-03, and a third so fast it is
    // flagged (2 km in 2 minutes), which the map leaves out.
    func gpx(_ day: String, _ minutes: Int, _ lat: Double) -> String {
      """
      <?xml version="1.0"?><gpx version="1.1" creator="t" xmlns="http://www.topografix.com/GPX/1/1">
      <trk><trkseg>
      <trkpt lat="\(lat)" lon="14.0"><time>\(day)T08:00:00Z</time></trkpt>
      <trkpt lat="\(lat + 0.009)" lon="14.0"><time>\(day)T08:\(minutes / 2 < 10 ? "0" : "")\(minutes / 2):00Z</time></trkpt>
      <trkpt lat="\(lat + 0.018)" lon="14.0"><time>\(day)T08:\(minutes < 10 ? "0" : "")\(minutes):00Z</time></trkpt>
      </trkseg></trk></gpx>
      """
    }
    for (name, text) in [
      ("a.gpx", gpx("2026-02-02", 30, 46.0)), ("b.gpx", gpx("2026-02-03", 30, 46.001)),
      ("c.gpx", gpx("2026-02-04", 2, 46.002)),
    ] {
      #expect(try scratch.ruck(["import", try scratch.write(name, text)]).status == 0)
    }
    let map = try scratch.ruck(["map", "--from", "2026-02-01", "--to", "2026-02-28"])
    #expect(map.status == 0)
    #expect(map.output.components(separatedBy: "stroke-opacity=\"0.3\"").count - 1 == 2)
    #expect(map.output.contains("2026-02-02 (session 1)") && !map.output.contains("(session 3)"))
    let before = try scratch.ruck(["map", "--from", "2026-01-01", "--to", "2026-01-31"])
    #expect(before.output.contains("No route was recorded in this period."))
    let backwards = try scratch.ruck(["map", "--from", "2026-03-01", "--to", "2026-02-01"])
    #expect(backwards.status == 64)
  }
}
