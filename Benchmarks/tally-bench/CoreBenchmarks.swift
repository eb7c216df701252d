import AnalyticsCore
import Foundation

/// AnalyticsCore cases over deterministic generated data.
enum CoreBenchmarks {
  static func cases() throws -> [BenchmarkCase] {
    var generator = SeededGenerator(seed: 2026)
    let days = (0..<100_000).map { _ in
      LocalDate(daysSinceEpoch: Int.random(in: 16_000...21_000, using: &generator))
    }
    let dateTexts = days.map(\.description)
    let instants = (0..<100_000).map { _ in
      Instant(secondsSinceEpoch: Double.random(in: 1.6e9...1.8e9, using: &generator))
    }
    let zone = try Zone(identifier: "America/New_York")
    let values = (0..<1_000_000).map { _ in Double.random(in: 0...1000, using: &generator) }
    let x = Array(values.prefix(100_000))
    let y = x.map { $0 * 0.5 + Double.random(in: 0...200, using: &generator) }
    let amounts = (0..<1_000_000).map { _ in
      FixedDecimal(hundredths: Int64.random(in: 1...50_000, using: &generator))
    }
    let asOf = try LocalDate(parsing: "2026-02-08")
    // Ten years of logging with about one day in seven missed.
    let logDays = (0..<3650).compactMap { offset -> LocalDate? in
      Int.random(in: 0..<7, using: &generator) == 0 ? nil : asOf.adding(days: -offset)
    }
    let rucks = (0..<10_000).map { _ in
      asOf.adding(days: -Int.random(in: 0..<3650, using: &generator))
    }
    let tenYears = try DayRange(start: asOf.adding(years: -10), end: asOf)

    return [
      BenchmarkCase(name: "core.parse-dates", size: "100000 dates") {
        for text in dateTexts { blackHole(try LocalDate(parsing: text)) }
      },
      BenchmarkCase(name: "core.week-start", size: "100000 days") {
        var sum = 0
        for day in days { sum &+= Period.week.start(of: day).daysSinceEpoch }
        blackHole(sum)
      },
      BenchmarkCase(name: "core.iso-week", size: "100000 days") {
        var sum = 0
        for day in days { sum &+= day.isoWeek.week }
        blackHole(sum)
      },
      BenchmarkCase(name: "core.local-day-hour", size: "100000 instants") {
        var sum = 0
        for instant in instants { sum &+= zone.localDateTime(of: instant).time.hour }
        blackHole(sum)
      },
      BenchmarkCase(name: "core.summary", size: "1000000 values") { blackHole(Summary(values)) },
      BenchmarkCase(name: "core.percentile-p95", size: "1000000 values") {
        blackHole(Summary.percentile(values, 95))
      },
      BenchmarkCase(name: "core.pearson", size: "100000 pairs") {
        blackHole(Correlation.pearson(x, y))
      },
      BenchmarkCase(name: "core.spearman", size: "100000 pairs") {
        blackHole(Correlation.spearman(x, y))
      },
      BenchmarkCase(name: "core.daily-streak", size: "\(logDays.count) days over 10 years") {
        blackHole(DailyStreak.compute(eventDays: logDays, asOf: asOf))
      },
      BenchmarkCase(name: "core.weekly-streak", size: "10000 events") {
        blackHole(PeriodicStreak.compute(eventDays: rucks, minimum: 2, asOf: asOf))
      },
      BenchmarkCase(name: "core.exact-sum", size: "1000000 amounts") { blackHole(amounts.sum()) },
      BenchmarkCase(name: "core.day-buckets", size: "10 years by day") {
        blackHole(tenYears.buckets(by: .day))
      },
    ]
  }
}
