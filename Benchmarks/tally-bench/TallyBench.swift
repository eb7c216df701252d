import ArgumentParser
import Foundation

/// `tally-bench`: release-mode benchmarks over deterministic generated data.
@main
struct TallyBench: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tally-bench",
    abstract: "Benchmarks of Tally's modules on deterministic generated data.",
    discussion: """
      Build and run in release mode; each case prints its data size, the median and the 95th
      percentile of N runs, as a table and then as JSON lines.

      Example:
        scripts/build-release && .build/release/tally-bench core --iterations 20
      """,
    subcommands: [Core.self, RVU.self, Ruck.self, Store.self, StorePG.self, Behavior.self])
}

/// Options every benchmark subcommand takes.
struct BenchOptions: ParsableArguments {
  @Option(help: "How many timed runs per case.")
  var iterations: Int = 30

  @Option(help: "Run only the cases whose name contains this text.")
  var filter: String?

  @Option(help: "Where the shared data sets are (real files are used when present).")
  var sharedData = "../shared/data"

  func validate() throws {
    guard iterations >= 1 else { throw ValidationError("--iterations must be at least 1") }
  }
}

extension TallyBench {
  /// `tally-bench core`.
  struct Core: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "AnalyticsCore: dates, bucketing, zones, statistics, streaks, exact sums.",
      discussion: "Example:\n  tally-bench core --filter streak")

    @OptionGroup var options: BenchOptions

    func run() throws {
      try Harness.run(
        CoreBenchmarks.cases(), iterations: options.iterations, filter: options.filter)
    }
  }
}

extension TallyBench {
  /// `tally-bench rvu`.
  struct RVU: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "RVUDomain: PPRRVU import, code search, analytics over 100,000 visits.",
      discussion: "Example:\n  tally-bench rvu --filter search")

    @OptionGroup var options: BenchOptions

    func run() throws {
      try withScratchFolder { folder in
        try Harness.run(
          RVUBenchmarks.cases(sharedData: options.sharedData, scratch: folder),
          iterations: options.iterations, filter: options.filter)
      }
    }
  }
}

extension TallyBench {
  /// `tally-bench ruck`.
  struct Ruck: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract:
        "RuckAnalytics: GPX parsing, importing 1,000 files, analytics over 10,000 sessions.",
      discussion: "Example:\n  tally-bench ruck --filter parse")

    @OptionGroup var options: BenchOptions

    func run() throws {
      try withScratchFolder { folder in
        try Harness.run(
          RuckBenchmarks.cases(scratch: folder, filter: options.filter),
          iterations: options.iterations,
          filter: options.filter)
      }
    }
  }
}

extension TallyBench {
  /// `tally-bench store`.
  struct Store: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "StoreAnalytics: importing 2.5 million lines, queries against direct SQL.",
      discussion: """
        --keep-database copies the chain's SQLite database out of the scratch folder when the \
        run is over: scripts/duckdb-side-by-side reads it.

        Example:
          tally-bench store --filter metrics
          tally-bench store --filter store.import --keep-database /tmp/chain.sqlite
        """)

    @OptionGroup var options: BenchOptions

    @Option(
      help: ArgumentHelp(
        "Where to keep a copy of the chain's database (default: none).", valueName: "path"))
    var keepDatabase: String?

    func run() throws {
      try withScratchFolder { folder in
        try Harness.run(
          StoreBenchmarks.cases(scratch: folder, filter: options.filter),
          iterations: options.iterations, filter: options.filter)
        if let keepDatabase { try StoreBenchmarks.keepDatabase(in: folder, at: keepDatabase) }
      }
    }
  }
}

extension TallyBench {
  /// `tally-bench behavior`.
  struct Behavior: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "BehaviorPatterns: reports, logging and export over 100,000 entries.",
      discussion: "Example:\n  tally-bench behavior --filter weekly")

    @OptionGroup var options: BenchOptions

    func run() throws {
      try withScratchFolder { folder in
        try Harness.run(
          BehaviorBenchmarks.cases(scratch: folder), iterations: options.iterations,
          filter: options.filter)
      }
    }
  }
}

/// Runs `body` with a temporary folder for benchmark databases, removed afterwards.
func withScratchFolder(_ body: (String) throws -> Void) throws {
  let folder = FileManager.default.temporaryDirectory
    .appendingPathComponent("tally-bench-\(ProcessInfo.processInfo.processIdentifier)").path
  try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  defer { try? FileManager.default.removeItem(atPath: folder) }
  try body(folder)
}
