import AnalyticsCore
import Foundation

/// One benchmark case: a name, the size of its data, and the work timed on each run.
struct BenchmarkCase {
  /// What is measured (`core.parse-dates`).
  let name: String
  /// The data size in words (`100000 dates`).
  let size: String
  /// The target, if the issue states one (`p95 ≤ 2 ms`), printed beside the result.
  var target: String = ""
  /// Timed runs for this case, overriding `--iterations` (many for sub-millisecond queries,
  /// few for whole imports).
  var runs: Int? = nil
  /// The timed work; runs once per iteration.
  let body: () throws -> Void
}

/// The result of timing a case.
struct Measurement {
  let name: String
  let size: String
  let target: String
  let runs: Int
  let median: Double
  let p95: Double
}

/// Times cases and prints their medians and 95th percentiles as a table and as JSON lines.
enum Harness {
  /// Runs each case once to warm up, then `iterations` times, and prints the results.
  static func run(_ cases: [BenchmarkCase], iterations: Int, filter: String?) throws {
    var results: [Measurement] = []
    for benchmark in cases where filter.map({ benchmark.name.contains($0) }) ?? true {
      try benchmark.body()
      var times: [Double] = []
      let count = benchmark.runs.map { max(1, $0 * iterations / 30) } ?? iterations
      for _ in 0..<count {
        let start = DispatchTime.now().uptimeNanoseconds
        try benchmark.body()
        times.append(Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000)
      }
      let sorted = times.sorted()
      results.append(
        Measurement(
          name: benchmark.name, size: benchmark.size, target: benchmark.target, runs: count,
          median: Summary.percentile(sortedValues: sorted, 50) ?? 0,
          p95: Summary.percentile(sortedValues: sorted, 95) ?? 0))
    }
    print(table(results), terminator: "")
    for result in results { print(jsonLine(result)) }
  }

  static func table(_ results: [Measurement]) -> String {
    let header = ["case", "size", "runs", "median ms", "p95 ms", "target"]
    let rows = results.map {
      [$0.name, $0.size, String($0.runs), format($0.median), format($0.p95), $0.target]
    }
    var widths = header.map(\.count)
    for row in rows {
      for (index, cell) in row.enumerated() { widths[index] = max(widths[index], cell.count) }
    }
    func line(_ cells: [String]) -> String {
      cells.enumerated().map { index, cell in
        let pad = String(repeating: " ", count: widths[index] - cell.count)
        return (2...4).contains(index) ? pad + cell : cell + pad
      }.joined(separator: "  ").replacingOccurrences(
        of: " +$", with: "", options: .regularExpression)
        + "\n"
    }
    return line(header) + line(widths.map { String(repeating: "-", count: $0) })
      + rows.map(line).joined()
  }

  static func jsonLine(_ result: Measurement) -> String {
    func quoted(_ text: String) -> String {
      "\""
        + text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(
          of: "\"", with: "\\\"") + "\""
    }
    return
      "{\"case\":\(quoted(result.name)),\"size\":\(quoted(result.size)),\"runs\":\(result.runs),"
      + "\"median_ms\":\(format(result.median)),\"p95_ms\":\(format(result.p95)),"
      + "\"target\":\(quoted(result.target))}"
  }

  static func format(_ milliseconds: Double) -> String { String(format: "%.3f", milliseconds) }
}

/// Keeps a computed value alive so that the optimizer cannot remove the work that made it.
/// `@_optimize(none)` makes the call opaque, as swift-benchmark's `blackHole` does.
@inline(never) @_optimize(none)
func blackHole<T>(_ value: T) {}
