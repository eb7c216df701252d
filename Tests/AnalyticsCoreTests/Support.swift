import AnalyticsCore
import Foundation

/// A day from a literal known to be valid.
func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

/// An instant from an ISO 8601 UTC literal such as `2026-11-01T05:30:00Z`.
///
/// Foundation's formatter, not `Instant(parsing:)`: the tests check Tally's parsing against it.
func instant(_ text: String) -> Instant {
  let formatter = ISO8601DateFormatter()
  return Instant(formatter.date(from: text)!)
}

/// Whether two doubles agree to within `tolerance`.
func close(_ a: Double?, _ b: Double?, _ tolerance: Double = 1e-9) -> Bool {
  guard let a, let b else { return a == nil && b == nil }
  return abs(a - b) <= tolerance
}
