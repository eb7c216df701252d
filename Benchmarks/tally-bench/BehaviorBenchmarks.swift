import AnalyticsCore
import BehaviorPatterns
import Foundation
import Storage

/// BehaviorPatterns cases: five years of heavy logging (100,000 entries, 5 medications, 10,000
/// medication logs), then reports, one log, and the JSON export.
enum BehaviorBenchmarks {
  static let asOf = LocalDate(year: 2026, month: 11, day: 20)!
  static let days = 1_826
  /// The benchmark's clock: noon UTC on the as-of day, after every generated entry and log.
  static let clock = TallyClock.fixed(
    Instant(secondsSinceEpoch: Int64(asOf.daysSinceEpoch) * 86_400 + 43_200))

  /// A deterministic export document of that size, imported the way a user would.
  static func document(entries: Int, logs: Int, seed: UInt64) -> BehaviorExport {
    var generator = SeededGenerator(seed: seed)
    let first = asOf.adding(days: -(days - 1))
    let startSeconds = Int64(first.daysSinceEpoch) * 86_400
    let types = PatternCatalog.all
    let tags = ["noise", "work", "crowds", "light", "family", "travel", "school", "heat"]
    let words = ["office", "shop", "bus", "meeting", "phone", "kitchen", "queue", "lights"]
    func instant(_ seconds: Int64) -> String {
      let local = LocalDateTime(secondsSinceEpoch: Int(seconds))
      return "\(local.date)T\(local.time.descriptionWithSeconds)Z"
    }
    var entryRows: [BehaviorExport.Entry] = []
    entryRows.reserveCapacity(entries)
    for index in 0..<entries {
      let seconds =
        startSeconds + Int64(index) * Int64(days) * 86_400 / Int64(entries)
        + Int64.random(in: 0..<600, using: &generator)
      let type = types[Int.random(in: 0..<types.count, using: &generator)]
      let custom = type.isCustom
      let tagCount = Int.random(in: 0...3, using: &generator) == 0 ? 1 : 0
      entryRows.append(
        BehaviorExport.Entry(
          id: Int64(index + 1), timestamp: instant(seconds),
          category: custom
            ? PatternCategory.allCases.randomElement(using: &generator)!.id : type.category.id,
          patternType: type.id, customName: custom ? "Custom \(index % 7)" : nil,
          intensity: type.takesIntensity ? Int.random(in: 1...5, using: &generator) : nil,
          durationMinutes: type.takesDuration && index % 2 == 0
            ? Int.random(in: 5...180, using: &generator) : nil,
          contextNotes: index % 3 == 0
            ? "at the \(words.randomElement(using: &generator)!) again" : nil,
          specificDetails: nil,
          tags: tagCount == 1 ? [tags.randomElement(using: &generator)!] : [],
          createdAt: instant(seconds), updatedAt: instant(seconds)))
    }
    let frequencies = ["daily", "twice-daily", "weekly", "as-needed", "daily"]
    let medications = (0..<5).map { index in
      BehaviorExport.Medication(
        id: Int64(index + 1), name: "Medication \(index + 1)", dosage: "\(10 * (index + 1)) mg",
        frequency: frequencies[index], since: first.description, stoppedOn: nil, notes: nil,
        createdAt: instant(startSeconds))
    }
    let logRows = (0..<logs).map { index in
      let seconds = startSeconds + Int64(index) * Int64(days) * 86_400 / Int64(logs)
      let taken = Int.random(in: 0..<10, using: &generator) > 0
      return BehaviorExport.MedicationLog(
        id: Int64(index + 1), medicationID: Int64(index % 5 + 1), timestamp: instant(seconds),
        taken: taken, skippedReason: taken ? nil : "forgot",
        effectiveness: Int.random(in: 1...5, using: &generator),
        mood: Int.random(in: 1...5, using: &generator),
        energyLevel: Int.random(in: 1...5, using: &generator), sideEffects: nil, notes: nil,
        createdAt: instant(seconds), dosage: "50 mg")
    }
    return BehaviorExport(
      format: BehaviorExport.formatName, version: 1, favorites: ["energy-level"],
      entries: entryRows, medications: medications, medicationLogs: logRows, journal: [])
  }

  static func cases(scratch: String) throws -> [BenchmarkCase] {
    let encoder = JSONEncoder()
    let file = try encoder.encode(document(entries: 100_000, logs: 10_000, seed: 7))
    let path = scratch + "/behavior.sqlite"
    let store = try BehaviorStore.open(.file(path, createsFolder: false), clock: clock)
    let zone = try Zone(identifier: "America/Chicago")
    try store.importJSON(file, name: "generated.json", zone: zone)
    var importRun = 0
    var logged = 0
    let size = "100000 entries, 5 meds, 10000 logs"
    return [
      BenchmarkCase(
        name: "behavior.import-json", size: size, target: "(bulk, one transaction)", runs: 3
      ) {
        importRun += 1
        let fresh = try BehaviorStore.open(
          .file(scratch + "/import-\(importRun).sqlite", createsFolder: false), clock: clock)
        try fresh.importJSON(file, name: "generated.json", zone: zone)
      },
      // The same file again: every record is recognised as present by its key and skipped.
      BenchmarkCase(
        name: "behavior.reimport-json", size: size, target: "(all already present)", runs: 3
      ) {
        blackHole(try store.importJSON(file, name: "generated.json", zone: zone))
      },
      BenchmarkCase(name: "behavior.weekly", size: size, target: "≤ 20 ms") {
        blackHole(try store.weeklyReport(asOf: asOf, zone: zone))
      },
      BenchmarkCase(name: "behavior.monthly", size: size, target: "≤ 60 ms") {
        blackHole(try store.monthlyReport(asOf: asOf, zone: zone))
      },
      BenchmarkCase(name: "behavior.today", size: size, target: "(no target)") {
        blackHole(try store.today(asOf: asOf, zone: zone))
      },
      BenchmarkCase(name: "behavior.log", size: size, target: "≤ 5 ms") {
        logged += 1
        blackHole(
          try store.log(
            EntryInput(
              type: PatternCatalog.type(id: "sensory-overload")!,
              timestamp: Instant(secondsSinceEpoch: 1_790_000_000 + Int64(logged)),
              intensity: 3, contextNotes: "bench", tags: ["noise", "bench"]), zone: zone))
      },
      BenchmarkCase(name: "behavior.export-json", size: size, target: "≤ 2000 ms", runs: 5) {
        blackHole(try store.exportJSON(zone: zone))
      },
    ]
      + (WholeProcess.sibling("behavior-cli").map { cli in
        [
          // The page as a user gets it: process start, the report and its overview (with the
          // streak over all 100,000 entries), the page rendered and written.
          BenchmarkCase(
            name: "behavior.monthly-page-process", size: size, target: "≤ 100 ms", runs: 5
          ) {
            try WholeProcess.run(
              cli,
              [
                "report", "monthly", "--format", "html", "--as-of", asOf.description,
                "--time-zone", zone.identifier, "--db", path, "--output", scratch + "/monthly.html",
              ])
          }
        ]
      } ?? [])
  }
}
