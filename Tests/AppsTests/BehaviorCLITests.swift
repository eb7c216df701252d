import Foundation
import Testing

private struct BehaviorScratch {
  let folder = NSTemporaryDirectory() + "tally-behavior-cli-" + UUID().uuidString
  var db: String { folder + "/behavior.sqlite" }

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func run(_ arguments: [String], input: String? = nil, db: String? = nil) throws
    -> AppRunner.Result
  {
    try AppRunner.run(
      "behavior-cli", arguments, input: input,
      environment: ["TALLY_BEHAVIOR_DB": db ?? self.db, "TZ": "UTC"])
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  /// Everything in the database, as the JSON export.
  func snapshot() throws -> String { try run(["export", "--format", "json"]).output }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }

  /// A few entries, a medication and a journal entry.
  func fill() throws {
    let commands: [[String]] = [
      [
        "log", "sensory-overload", "--intensity", "4", "--duration", "45m", "--note",
        "loud cafe, again", "--tag", "noise", "--tag", "cafe", "--at", "2026-02-08 14:30",
      ],
      ["log", "energy", "--intensity", "2", "--at", "2026-02-08 09:00"],
      ["log", "meltdown-t", "--intensity", "3", "--at", "2026-02-07 18:00", "--tag", "Noise"],
      [
        "log", "custom-pattern", "--name", "Echolalia", "--category", "social", "--at",
        "2026-02-06 10:00",
      ],
      ["meds", "add", "Sertraline", "--frequency", "daily", "--since", "2026-02-05"],
      ["meds", "log", "Sertraline", "--taken", "--mood", "4", "--at", "2026-02-08 08:00"],
    ]
    for arguments in commands {
      let result = try run(arguments)
      #expect(result.status == 0, "\(arguments): \(result.error)")
    }
  }
}

@Suite("behavior-cli end to end")
struct BehaviorCLITests {
  @Test("log, list as CSV, weekly report as JSON, today") func flow() throws {
    let scratch = try BehaviorScratch()
    defer { scratch.remove() }
    try scratch.fill()
    let list = try scratch.run(["entries", "list", "--format", "csv"])
    #expect(
      list.output.components(separatedBy: "\r\n") == [
        "id,date,time,timestamp,category,type_id,type,custom_name,intensity,duration_minutes,context_notes,specific_details,tags",
        "1,2026-02-08,14:30,2026-02-08T14:30:00Z,sensory,sensory-overload,Sensory Overload,,4,45,\"loud cafe, again\",,cafe|noise",
        "2,2026-02-08,09:00,2026-02-08T09:00:00Z,energy-capacity,energy-level,Energy Level,,2,,,,",
        "3,2026-02-07,18:00,2026-02-07T18:00:00Z,emotional-regulation,meltdown-trigger,Meltdown Trigger,,3,,,,noise",
        "4,2026-02-06,10:00,2026-02-06T10:00:00Z,social-communication,custom-pattern,Echolalia,Echolalia,,,,,",
        "",
      ])
    let weekly = try scratch.run(["report", "weekly", "--as-of", "2026-02-08", "--format", "json"])
    #expect(weekly.status == 0)
    let object = try JSONSerialization.jsonObject(with: Data(weekly.output.utf8)) as? [String: Any]
    #expect(
      Set(object?.keys.map { $0 } ?? []) == [
        "period", "previous_period", "tracked_period", "previous_tracked_period",
        "changes_compared", "total_entries", "daily_average", "most_active_day",
        "most_active_day_entries",
        "daily_counts", "pattern_frequency", "category_distribution", "energy_trend",
        "common_triggers", "changes", "medication_insights", "check_ins",
      ])
    #expect(weekly.output.contains("\"total_entries\": 4,"))
    // Tracking began with the first entry on Feb 6: 4 entries over the 3 tracked days Feb 6–8.
    #expect(weekly.output.contains("\"daily_average\": 1.33,"))
    #expect(weekly.output.contains("\"most_active_day\": \"2026-02-08\","))
    #expect(weekly.output.contains("\"adherence_rate\": 33.3,"))  // 1 of 3 (tracked Feb 6–8)
    let today = try scratch.run(["today", "--as-of", "2026-02-07", "--format", "json"])
    #expect(today.output.contains("\"current_streak_days\": 2,"))
    #expect(today.output.contains("\"entries_today\": 1,"))
    let table = try scratch.run(["report", "weekly", "--as-of", "2026-02-08"])
    #expect(table.output.contains("█"))
    #expect(table.output.contains("Energy trend"))
    let monthly = try scratch.run(["report", "monthly", "--as-of", "2026-02-08", "--format", "csv"])
    #expect(monthly.output.hasPrefix("section,name,metric,value\r\nperiod,,start,2026-01-10\r\n"))
  }

  @Test("export → import into an empty database → export is identical") func roundTrip() throws {
    let scratch = try BehaviorScratch()
    defer { scratch.remove() }
    try scratch.fill()
    #expect(
      try scratch.run(["journal", "add", "--title", "Loud", "--link", "1"], input: "Café\nnoise")
        .status == 0)
    let file = scratch.folder + "/backup.json"
    #expect(try scratch.run(["export", "--format", "json", "--output", file]).status == 0)
    let other = scratch.folder + "/other.sqlite"
    let imported = try scratch.run(["import", file], db: other)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output.hasPrefix("Imported 4 entries, 1 medication, 1 medication log, "))
    let again = try scratch.run(["export", "--format", "json"], db: other)
    #expect(again.output == (try String(contentsOfFile: file, encoding: .utf8)))
    #expect(try scratch.run(["journal", "read", "1"], db: other).output.contains("Café\nnoise"))
  }

  @Test("bad input: one line on stderr, a non-zero status, the database unchanged")
  func badInput() throws {
    let scratch = try BehaviorScratch()
    defer { scratch.remove() }
    try scratch.fill()
    let goodExport = try scratch.snapshot()
    let badImport = try scratch.write(
      "bad.json",
      goodExport.replacingOccurrences(of: "\"intensity\": 3", with: "\"intensity\": 9"))
    let cases: [([String], Int32, String)] = [
      (["log", "nope"], 64, "\"nope\""),
      (["log", "sensory"], 64, "ambiguous"),
      (["log", "sensory-overload", "--intensity", "0"], 64, "intensity 0"),
      (["log", "sensory-overload", "--intensity", "6"], 64, "intensity 6"),
      (["log", "sensory-overload", "--duration", "1x"], 64, "--duration \"1x\""),
      (["log", "communication-preference", "--intensity", "3"], 64, "takes no intensity"),
      (["log", "custom-pattern", "--category", "social"], 64, "--name"),
      (["log", "energy", "--at", "2026-02-30 10:00"], 64, "2026-02-30"),
      (["log", "energy", "--at", "2026-02-07"], 64, "expected HH:MM after the day"),
      (["log", "energy", "--at", "25:00"], 64, "expected HH:MM from 00:00 to 23:59 for today"),
      (["log", "energy", "--at", "yesterday"], 64, "yesterday"),
      (["meds", "log", "Nope", "--taken"], 66, "Nope"),
      (["meds", "log", "Sertraline", "--taken", "--skipped"], 64, "--taken and --skipped"),
      (["meds", "log", "Sertraline"], 64, "--taken or --skipped"),
      (["meds", "delete", "Sertraline"], 64, "--yes"),
      (["import", badImport], 65, "intensity \"9\""),
      (["import", scratch.folder + "/missing.json"], 66, "missing.json"),
      (["entries", "delete", "99"], 66, "99"),
      (["journal", "add", "--title", "x", "--content", "y", "--link", "42"], 66, "42"),
    ]
    for (arguments, status, named) in cases {
      let result = try scratch.run(arguments)
      #expect(result.status == status, "\(arguments): \(result.error)")
      #expect(result.error.contains(named), "\(arguments): \(result.error)")
      #expect(result.error.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.error)")
      #expect(result.output.isEmpty, "\(arguments)")
    }
    for hostile in ["\"", "NEAR(", "a AND ("] {
      let result = try scratch.run(["journal", "search", hostile, "--format", "json"])
      #expect(result.status == 0, "\(hostile): \(result.error)")
      #expect(result.output == "[]\n")
    }
    #expect(try scratch.snapshot() == goodExport)
  }

  @Test(
    "Every command has help with an example",
    arguments: [
      ["patterns"], ["log"], ["quick"], ["entries", "list"], ["entries", "edit"],
      ["favorites", "add"],
      ["tags", "rename"], ["meds", "add"], ["meds", "log"], ["journal", "add"],
      ["journal", "read"],
      ["today"], ["report", "weekly"], ["report", "monthly"], ["export"], ["import"],
    ])
  func help(command: [String]) throws {
    let result = try AppRunner.run("behavior-cli", command + ["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Example"))
  }
}

@Suite("behavior-cli bounded input")
struct BehaviorCLIBoundedInputTests {
  @Test("journal add from endless standard input stops at 1 MiB: exit 65, nothing saved")
  func endlessInput() throws {
    let scratch = try BehaviorScratch()
    defer { scratch.remove() }
    let result = try scratch.run(
      ["journal", "add", "--title", "s"], input: String(repeating: "a", count: (1 << 20) + 1))
    #expect(result.status == 65)
    #expect(
      result.error
        == "behavior-cli: standard input is larger than 1 MiB: expected at most 1 MiB\n")
    #expect(try scratch.run(["journal", "list", "--format", "csv"]).output.count < 100)
  }
}
