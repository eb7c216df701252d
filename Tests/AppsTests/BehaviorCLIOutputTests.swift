import ArgumentParser
import CLIKit
import Foundation
import Testing

@testable import behavior_cli

/// behavior-cli's output rules of round 2: empty CSV lists keep their header, counts agree with
/// their nouns, the weekly report compares with the week before, help text wraps.
@Suite("behavior-cli output")
struct BehaviorCLIOutputTests {
  @Test(
    "An empty list in CSV prints exactly its header line",
    arguments: [
      (
        ["entries", "list"],
        "id,date,time,timestamp,category,type_id,type,custom_name,intensity,duration_minutes,"
          + "context_notes,specific_details,tags"
      ),
      (
        ["export"],
        "id,date,time,timestamp,category,type_id,type,custom_name,intensity,duration_minutes,"
          + "context_notes,specific_details,tags"
      ),
      (
        ["meds", "list"],
        "id,name,dosage,frequency,since,active,stopped_on,notes,dose_times,doses_taken_30d,adherence_30d"
      ),
      (
        ["meds", "logs"],
        "id,medication,dosage,date,time,timestamp,taken,skipped_reason,effectiveness,mood,energy_level,"
          + "side_effects,notes"
      ),
      (["journal", "list"], "id,date,time,timestamp,title,content,tags,linked_entries"),
      (["journal", "search", "loud"], "id,date,time,timestamp,title,tags,linked_entries,snippet"),
      (["tags", "list"], "tag,entries,journal_entries"),
      (["favorites", "list"], "position,id,name,category,takes_intensity,takes_duration,polarity"),
    ])
  func emptyCSV(arguments: [String], header: String) {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let result = cli.run(arguments + ["--format", "csv"])
    #expect(result.status == 0, "\(result.error)")
    #expect(result.output == header + "\r\n")
  }

  @Test("One of anything reads in the singular")
  func singular() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let file = cli.database + ".json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(cli.run(["log", "energy", "--intensity", "3", "--at", "2026-02-08 09:00"]).status == 0)

    let today = cli.run(["today", "--as-of", "2026-02-08"])
    #expect(today.output.contains("Streak: 1 day (longest 1)\n"), "\(today.output)")
    let weekly = cli.run(["report", "weekly", "--as-of", "2026-02-08"])
    #expect(weekly.output.contains("; most active: Sun 2026-02-08 (1 entry)\n"), "\(weekly.output)")
    let monthly = cli.run(["report", "monthly", "--as-of", "2026-02-08"])
    #expect(
      monthly.output.contains("  Sun 2026-02-08: 1 entry, 0 challenging (score 0), energy 3.00\n"),
      "\(monthly.output)")

    #expect(cli.run(["export", "--output", file]).status == 0)
    let other = BehaviorCapture()
    defer { other.remove() }
    let imported = other.run(["import", file])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(
      imported.output
        == "Imported 1 entry, 0 medications, 0 medication logs, 0 journal entries and 0 favorites"
        + " from \((file as NSString).lastPathComponent) (1 new, 0 already present).\n")
  }

  @Test("The weekly report compares with the 7 days before, or says they were not tracked")
  func weeklyComparison() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    // Feb 2–4: 3 Anxiety Spike (the first week, Feb 2–8); Feb 9: 1.
    for day in ["02", "03", "04", "09"] {
      #expect(cli.run(["log", "anxiety-spike", "--at", "2026-02-\(day) 10:00"]).status == 0)
    }
    let first = cli.run(["report", "weekly", "--as-of", "2026-02-08"])
    #expect(
      first.output.contains(
        "\nChanges against 2026-01-26 to 2026-02-01\n"
          + "  (not compared: nothing was logged in those days)\n"), "\(first.output)")
    // As of Feb 10 (window Feb 4–10) the week before is Jan 28 – Feb 3, tracked only from Feb 2.
    let partial = cli.run(["report", "weekly", "--as-of", "2026-02-10"])
    #expect(
      partial.output.contains(
        "\nChanges against 2026-01-28 to 2026-02-03 (tracked from 2026-02-02)\n"),
      "\(partial.output)")
    let second = cli.run(["report", "weekly", "--as-of", "2026-02-15"])
    // 3 → 1: −2, fewer than 3 entries, so no change is listed.
    #expect(
      second.output.contains(
        "\nChanges against 2026-02-02 to 2026-02-08\n  (none of at least 3 entries and 25%)\n"),
      "\(second.output)")
    #expect(cli.run(["log", "anxiety-spike", "--at", "2026-02-10 10:00"]).status == 0)
    #expect(cli.run(["log", "anxiety-spike", "--at", "2026-02-11 10:00"]).status == 0)
    #expect(cli.run(["log", "anxiety-spike", "--at", "2026-02-12 10:00"]).status == 0)
    // 3 → 4: +1. Now energy: none before, 3 this week → listed, from none.
    for day in ["13", "14", "15"] {
      #expect(
        cli.run(["log", "energy", "--intensity", "3", "--at", "2026-02-\(day) 10:00"]).status == 0)
    }
    let third = cli.run(["report", "weekly", "--as-of", "2026-02-15", "--format", "json"])
    #expect(third.output.contains("\"changes_compared\": true,"), "\(third.output)")
    #expect(third.output.contains("\"type\": \"Energy Level\","))
    #expect(third.output.contains("\"percent_change\": null,"))
  }

  /// Every command of the tree, depth first.
  static func commands(_ root: any ParsableCommand.Type) -> [any ParsableCommand.Type] {
    [root] + root.configuration.subcommands.flatMap { commands($0) }
  }

  @Test("Help text has line breaks only between paragraphs and around examples")
  func helpWraps() {
    for command in Self.commands(BehaviorCommand.self) {
      let configuration = command.configuration
      #expect(!configuration.abstract.contains("\n"), "\(command)")
      for paragraph in configuration.discussion.components(separatedBy: "\n\n")
      where !paragraph.hasPrefix("Example") {
        #expect(!paragraph.contains("\n"), "\(command): \(paragraph)")
      }
    }
  }
}

@Suite("behavior-cli future days")
struct BehaviorCLIFutureDayTests {
  @Test(
    "An entry, an edit or a dose after the as-of day: exit 64 naming the last day",
    arguments: [
      ["log", "energy", "--intensity", "3", "--at", "2026-02-09 10:00"],
      ["quick", "energy"],  // now on the as-of day: accepted (checked below)
      ["entries", "edit", "1", "--at", "2026-02-09 10:00"],
      ["meds", "log", "Sertraline", "--taken", "--at", "2026-02-09 08:00"],
    ])
  func refused(arguments: [String]) {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let asOf = ["--as-of", "2026-02-08"]
    #expect(cli.run(["log", "energy", "--intensity", "2", "--at", "2026-02-08 09:00"]).status == 0)
    #expect(cli.run(["meds", "add", "Sertraline", "--frequency", "daily"] + asOf).status == 0)
    let result = cli.run(arguments + asOf)
    if arguments[0] == "quick" {
      #expect(result.status == 0, "\(result.error)")
      return
    }
    #expect(result.status == 64)
    #expect(
      result.error.hasPrefix("behavior-cli: ")
        && result.error.contains("\"2026-02-09\"")
        && result.error.contains("expected a day on or before 2026-02-08: check --at\n"),
      "\(result.error)")
    #expect(result.output.isEmpty)
  }

  @Test("An import holding a later day: exit 65 naming the record, nothing imported")
  func importRefused() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let file = cli.database + ".json"
    defer { try? FileManager.default.removeItem(atPath: file) }
    #expect(cli.run(["log", "energy", "--intensity", "3", "--at", "2026-02-09 10:00"]).status == 0)
    #expect(cli.run(["export", "--output", file]).status == 0)
    let other = BehaviorCapture()
    defer { other.remove() }
    let result = other.run(["import", file, "--as-of", "2026-02-08"])
    #expect(result.status == 65)
    #expect(result.error.contains("entries[0] (id 1)"), "\(result.error)")
    #expect(result.error.contains("expected a day on or before 2026-02-08"))
    #expect(
      other.run(["entries", "list", "--format", "csv"]).output.components(separatedBy: "\r\n").count
        == 2)
  }
}

@Suite("behavior-cli hostile input")
struct BehaviorCLIHostileInputTests {
  @Test(
    "Huge durations and search text: exit 64 with one line naming the limit, never a trap",
    arguments: [
      (["log", "sensory-overload", "--duration", "9223372036854775807"], "at most 168h (a week)"),
      (["log", "sensory-overload", "--duration", "2562047788015216:00"], "at most 168h (a week)"),
      (["log", "sensory-overload", "--duration", "200h"], "at most 168h (a week)"),
      (
        ["entries", "list", "--search", String(repeating: "x", count: 100_000)],
        "expected at most 200 characters"
      ),
    ])
  func refused(arguments: [String], mentioning: String) {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    let result = cli.run(arguments)
    #expect(result.status == 64)
    #expect(result.error.contains(mentioning), "\(result.error)")
    #expect(result.error.filter { $0 == "\n" }.count == 1)
    #expect(result.error.count < 400)
  }
}

@Suite("behavior-cli entries table")
struct BehaviorCLIEntriesTableTests {
  @Test("entries list as a table shows what a person reads: no ids of types, no UTC timestamp")
  func compact() {
    let cli = BehaviorCapture()
    defer { cli.remove() }
    #expect(
      cli.run([
        "log", "sensory-overload", "--intensity", "4", "--duration", "45m", "--note",
        "loud cafe", "--tag", "noise", "--at", "2026-02-08 12:30",
      ]).status == 0)
    let table = cli.run(["entries", "list"])
    #expect(
      table.output == """
        ID  DATE        TIME   TYPE              INTENSITY  DURATION MINUTES  CONTEXT NOTES  TAGS
        --  ----------  -----  ----------------  ---------  ----------------  -------------  -----
         1  2026-02-08  12:30  Sensory Overload          4                45  loud cafe      noise

        """, "\(table.output)")
  }
}
