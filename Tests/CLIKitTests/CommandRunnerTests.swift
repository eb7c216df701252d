import AnalyticsCore
import ArgumentParser
import Foundation
import Testing

@testable import CLIKit

/// A command that exercises the global options and throws what it is told to.
private struct Probe: ParsableCommand {
  static let configuration = CommandConfiguration(commandName: "probe", version: "9.9")

  @OptionGroup var global: GlobalOptions
  @Option var fail: String?

  func run() throws {
    switch fail {
    case "usage": throw TallyError(value: "x", expected: "y")
    case "data": throw TallyError(value: "row 3", expected: "a number", category: .badData)
    case "missing":
      throw CocoaError(.fileReadNoSuchFile, userInfo: [NSFilePathErrorKey: "/nope.csv"])
    case "io": throw TallyError(value: "disk", expected: "space", category: .io)
    case "other": throw CancellationError()
    case "exit": throw ExitCode(3)
    default: break
    }
  }
}

private final class Capture: @unchecked Sendable {
  // Only touched from the test's own thread.
  var text = ""
}

private func run(_ arguments: [String]) -> (status: Int32, out: String, err: String) {
  let out = Capture()
  let err = Capture()
  let status = CommandRunner.run(
    Probe.self, arguments: arguments, output: { out.text += $0 }, errorOutput: { err.text += $0 })
  return (status, out.text, err.text)
}

@Suite("Command runner and global options")
struct CommandRunnerTests {
  @Test(
    "exit statuses and one-line errors",
    arguments: [
      ([String](), Int32(0), ""),
      (["--fail", "usage"], 64, "probe: \"x\" is not valid: expected y\n"),
      (["--fail", "data"], 65, "probe: \"row 3\" is not valid: expected a number\n"),
      (["--fail", "missing"], 66, "probe: /nope.csv does not exist: expected an existing file\n"),
      (["--fail", "io"], 74, "probe: \"disk\" is not valid: expected space\n"),
      (["--fail", "exit"], 3, ""),
    ])
  func statuses(arguments: [String], status: Int32, error: String) {
    let result = run(arguments)
    #expect(result.status == status)
    #expect(result.err == error)
  }

  @Test(
    "malformed global option values are usage errors naming the value",
    arguments: [
      (["--as-of", "2026-02-30"], "2026-02-30"), (["--time-zone", "Mars/Base"], "Mars/Base"),
      (["--as-of", "0206-02-08"], "from 1900-01-01 to 2199-12-31"),
      (["--as-of", "2/8/2026"], "2026-02-08 or 2026-08-02"),
      (["--format", "xml"], "xml"), (["--bogus"], "--bogus"),
    ])
  func badOptions(arguments: [String], named: String) {
    let result = run(arguments)
    #expect(result.status == 64)
    #expect(result.err.contains(named))
    #expect(result.err.hasPrefix("probe: "))
    #expect(result.err.filter { $0 == "\n" }.count == 1)  // exactly one line
  }

  @Test("an unexpected error is reported on one line with status 70") func unexpected() {
    let result = run(["--fail", "other"])
    #expect(result.status == 70)
    #expect(result.err.filter { $0 == "\n" }.count == 1)
  }

  @Test("help and version go to standard output with status 0") func helpAndVersion() {
    let version = run(["--version"])
    #expect(version.status == 0)
    #expect(version.out == "9.9\n")
    let help = run(["--help"])
    #expect(help.status == 0)
    #expect(help.out.contains("--as-of <day>"))
    #expect(help.out.contains("--time-zone <zone>"))
    #expect(help.err.isEmpty)
  }

  @Test("global options parse into typed values") func parses() throws {
    let options = try GlobalOptions.parse([
      "--db", "/tmp/x.sqlite", "--format", "csv", "--as-of", "2026-02-08", "--time-zone",
      "America/Chicago",
    ])
    #expect(options.format == .csv)
    #expect(options.asOf == (try LocalDate(parsing: "2026-02-08")))
    #expect(options.zone.identifier == "America/Chicago")
    #expect(options.databaseLocation(app: "rvu") == .file("/tmp/x.sqlite"))
    let defaults = try GlobalOptions.parse([])
    #expect(defaults.format == .table)
    #expect(defaults.asOf == defaults.zone.localDate(of: Instant(Date())))
  }

  /// `--as-of` reads a day as every day option does; words resolve against today in the zone.
  @Test(
    "--as-of takes yesterday and weekdays",
    arguments: [("yesterday", -1), ("today", 0), ("TODAY", 0)])
  func asOfWords(text: String, offset: Int) throws {
    let zone = try Zone(identifier: "Pacific/Auckland")
    let before = zone.localDate(of: Instant(Date()))
    let asOf = try GlobalOptions.parse(["--as-of", text, "--time-zone", zone.identifier]).asOf
    let after = zone.localDate(of: Instant(Date()))
    // Midnight in Auckland may pass between the two readings.
    #expect([before.adding(days: offset), after.adding(days: offset)].contains(asOf))
    let weekday = try GlobalOptions.parse(["--as-of", "wed", "--time-zone", "UTC"]).asOf
    #expect(weekday.weekday == .wednesday)
    #expect(weekday <= Zone.utc.localDate(of: Instant(Date())))
    #expect(weekday > Zone.utc.localDate(of: Instant(Date())).adding(days: -7))
  }

  /// Each store's as-of day is `--as-of` read in its own zone, the day its queries end on.
  /// Worked out by hand with zoneinfo: 2026-11-02 04:30Z is Sunday 11-01 23:30 in New York,
  /// after clocks went back (24 hours earlier was still 11-01); 2026-03-09 04:30Z is Monday
  /// 00:30 EDT there, after clocks went forward (24 hours earlier was 03-07 23:30 EST, two
  /// days back); 2026-02-09 19:00Z is Monday 13:00 in Chicago and Tuesday 08:00 in Auckland.
  @Test(
    "a store's as-of day is the word read in its zone",
    arguments: [
      ("yesterday", "2026-11-02T04:30:00Z", "America/New_York", "2026-10-31"),
      ("yesterday", "2026-03-09T04:30:00Z", "America/New_York", "2026-03-08"),
      ("today", "2026-03-09T04:30:00Z", "America/New_York", "2026-03-09"),
      ("mon", "2026-02-09T19:00:00Z", "America/Chicago", "2026-02-09"),
      ("mon", "2026-02-09T19:00:00Z", "Pacific/Auckland", "2026-02-09"),
      ("yesterday", "2026-02-09T19:00:00Z", "Pacific/Auckland", "2026-02-09"),
      ("2026-02-08", "2026-02-09T19:00:00Z", "Pacific/Kiritimati", "2026-02-08"),
    ])
  func asOfAcrossZones(word: String, now: String, zone: String, expected: String) throws {
    let options = try GlobalOptions.parse(["--as-of", word])
    let day = GlobalOptions.day(
      options.asOfDay, in: try Zone(identifier: zone), now: try Instant(parsing: now))
    #expect(day == (try LocalDate(parsing: expected)))
  }

  @Test(
    "--output without --format: the name says the page; other names only where tables are not",
    arguments: [
      ("week.html", "html"), ("Week.PDF", "pdf"), ("week.htm", "html"), ("week.csv", nil),
      ("-", nil), ("r", nil),
    ])
  func outputNames(name: String, page: String?) throws {
    let options = try PageOptions.parse(["--output", name])
    #expect(options.page?.rawValue == page)
    if page != nil || name == "-" {
      try options.requirePageName()
    } else {
      #expect(throws: ValidationError.self) { try options.requirePageName() }
    }
  }

  @Test("exit status mapping") func mapping() {
    #expect(ExitStatus.status(for: ErrorCategory.missingInput) == 66)
    #expect(ExitStatus.status(for: CocoaError(.fileWriteNoPermission)) == 74)
    #expect(ExitStatus.status(for: CancellationError()) == nil)
  }
}

@Suite("Progress")
struct ProgressTests {
  @Test("draws percentages only when enabled") func draws() {
    let capture = Capture()
    let progress = Progress(label: "importing", total: 1000, enabled: true) { capture.text += $0 }
    progress.update(1)
    progress.update(9)  // still 0%: not redrawn
    progress.update(500)
    progress.finish()
    #expect(capture.text == "\rimporting: 0% (1/1000)\rimporting: 50% (500/1000)\r\u{1B}[K")
    let silent = Capture()
    let off = Progress(label: "x", total: 10, enabled: false) { silent.text += $0 }
    off.update(5)
    off.finish()
    #expect(silent.text.isEmpty)
  }

  @Test("without a total it counts in thousands") func unknownTotal() {
    let capture = Capture()
    let progress = Progress(label: "rows", enabled: true) { capture.text += $0 }
    progress.update(10)
    progress.update(999)
    progress.update(1500)
    #expect(capture.text == "\rrows: 10\rrows: 1500")
  }
}

/// A tree of commands for the "did you mean" and capture tests.
private struct Tree: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tree", subcommands: [Visits.self, Codes.self])

  struct Visits: ParsableCommand {
    static let configuration = CommandConfiguration(subcommands: [Add.self, List.self])
  }

  struct Codes: ParsableCommand {
    @OptionGroup var global: GlobalOptions
    func run() throws { global.print(rows: [["hcpcs": .string("99213")]]) }
  }

  struct Add: ParsableCommand {
    @Option var date: String?
    func run() throws {}
  }

  struct List: ParsableCommand {
    func run() throws { Terminal.writeOutput("listed\n") }
  }
}

@Suite("Mistyped commands and in-process runs")
struct CommandTreeTests {
  @Test(
    "a mistyped subcommand is named, with the closest one",
    arguments: [
      (["visit", "add", "--date", "x"], "tree: unknown command 'visit'; did you mean 'visits'?\n"),
      (["visits", "ad"], "tree: unknown command 'ad'; did you mean 'add'?\n"),
      (["zork"], "tree: unknown command 'zork': expected one of visits, codes\n"),
      (["help", "visit"], "tree: unknown command 'visit'; did you mean 'visits'?\n"),
      (
        ["vis\u{1B}[31m"], "tree: unknown command 'vis\\u{1b}[31m': expected one of visits, codes\n"
      ),
    ])
  func mistyped(arguments: [String], error: String) {
    let result = CommandRunner.capture(Tree.self, arguments: arguments)
    #expect(result.status == 64)
    #expect(result.error == error)
    #expect(result.output.isEmpty)
  }

  @Test(
    "help NAME, which every help footer names, shows that command's help",
    arguments: [["help", "visits", "add"], ["help", "codes"], ["help"]])
  func helpCommand(arguments: [String]) {
    let result = CommandRunner.capture(Tree.self, arguments: arguments)
    #expect(result.status == 0)
    #expect(result.output.contains("USAGE: tree \(arguments.dropFirst().joined(separator: " "))"))
    #expect(result.error.isEmpty)
  }

  @Test("capture collects what a command prints") func captures() {
    #expect(
      CommandRunner.capture(Tree.self, arguments: ["visits", "list"])
        == .init(status: 0, output: "listed\n", error: ""))
    let json = CommandRunner.capture(Tree.self, arguments: ["codes", "--format", "json"])
    #expect(json.output == "[\n  {\n    \"hcpcs\": \"99213\"\n  }\n]\n")
  }
}

@Suite("Database option")
struct DatabaseOptionTests {
  @Test("an empty --db is a usage error, not the default location") func emptyPath() {
    let result = CommandRunner.capture(Tree.self, arguments: ["codes", "--db", ""])
    #expect(result.status == 64)
    #expect(
      result.error == "tree: --db \"\" is not valid: expected a database path (or :memory:)\n")
  }
}

@Suite("Echoed text is made safe")
struct EchoTests {
  @Test("control characters are escaped and long lines cut") func safe() {
    let message = ExitStatus.message(
      for: TallyError.refused("bad \u{1B}[31mred\u{1B}[0m " + String(repeating: "x", count: 1000)))
    #expect(!message.contains("\u{1B}"))
    #expect(message.hasPrefix("bad \\u{1b}[31mred"))
    #expect(message.unicodeScalars.count <= ExitStatus.messageLimit + 1)  // the limit plus "…"
    #expect(message.hasSuffix("…"))
  }
}

@Suite("Global options before the subcommand")
struct GlobalOptionOrderTests {
  @Test(
    "moved after the subcommand",
    arguments: [
      (
        ["--db", "x.sqlite", "codes", "import", "f.csv"],
        ["codes", "import", "f.csv", "--db", "x.sqlite"]
      ),
      (
        ["--format=json", "--wide", "visits", "list"],
        ["visits", "list", "--format=json", "--wide"]
      ),
      (["visits", "list", "--db", "x"], ["visits", "list", "--db", "x"]),
      (["--db", "x"], ["--db", "x"]),
      (["--help"], ["--help"]),
    ])
  func reorders(arguments: [String], expected: [String]) {
    #expect(CommandRunner.globalOptionsLast(arguments) == expected)
  }

  @Test("a command runs with --format typed first") func runs() {
    let result = CommandRunner.capture(Tree.self, arguments: ["--format", "json", "codes"])
    #expect(result.status == 0)
    #expect(result.output.hasPrefix("["))
  }
}

@Suite("Negative values after an option")
struct NegativeValueTests {
  @Test(
    "a negative number is the option's value",
    arguments: [
      (["log", "--temperature-c", "-2"], ["log", "--temperature-c=-2"]),
      (
        ["set", "--dollars-per-rvu", "-5.50", "--x", "1"],
        ["set", "--dollars-per-rvu=-5.50", "--x", "1"]
      ),
      (["log", "--duration", "-5m"], ["log", "--duration=-5m"]),
      (["log", "--change", "-.5"], ["log", "--change=-.5"]),
      // Not numbers, already joined, or after `--`: unchanged.
      (["log", "--format", "-x"], ["log", "--format", "-x"]),
      (["log", "--a=-2"], ["log", "--a=-2"]),
      (["log", "--", "--a", "-2"], ["log", "--", "--a", "-2"]),
      (["log", "--a", "-"], ["log", "--a", "-"]),
    ])
  func joins(arguments: [String], expected: [String]) {
    #expect(CommandRunner.negativeValuesJoined(arguments) == expected)
  }
}

@Suite("A rejected option value is said once")
struct ValueSaidOnceTests {
  @Test(
    "ArgumentParser's prefix goes when the reason quotes the value",
    arguments: [
      (
        "The value '2/8/2026' is invalid for '--date <day>': \"2/8/2026\" is not valid: expected "
          + "YYYY-MM-DD",
        "--date \"2/8/2026\" is not valid: expected YYYY-MM-DD"
      ),
      (
        "The value '7' is invalid for '--intensity <1-5>': --intensity 7 is out of range",
        "--intensity 7 is out of range"
      ),
      // The reason does not repeat the value, or the message is another one: unchanged.
      (
        "The value 'x' is invalid for '--limit <n>': expected a number",
        "The value 'x' is invalid for '--limit <n>': expected a number"
      ),
      ("Missing value for '--db <path>'", "Missing value for '--db <path>'"),
      // An empty value is named only when quoted.
      (
        "The value '' is invalid for '--as-of <day>': \"\" is not valid: expected a day",
        "--as-of \"\" is not valid: expected a day"
      ),
      (
        "The value '' is invalid for '--limit <n>': expected a number",
        "The value '' is invalid for '--limit <n>': expected a number"
      ),
    ])
  func trims(message: String, expected: String) {
    #expect(CommandRunner.valueSaidOnce(message) == expected)
  }
}
