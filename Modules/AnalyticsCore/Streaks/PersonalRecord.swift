/// Whether a record is the largest or the smallest value of a metric.
public enum RecordKind: Sendable {
  /// The largest value wins (longest distance, heaviest load).
  case maximum
  /// The smallest positive value wins (fastest pace); values of 0 or below are skipped.
  case minimum
}

/// The best value of a metric and where it came from.
public struct PersonalRecord<ID: Sendable & Hashable>: Sendable, Hashable {
  /// The record value.
  public let value: Double
  /// The id of the item (session, entry) that set it.
  public let id: ID
  /// The day it was set.
  public let date: LocalDate

  /// Creates a record candidate.
  public init(value: Double, id: ID, date: LocalDate) {
    self.value = value
    self.id = id
    self.date = date
  }

  /// The best of `candidates`: ties go to the earliest date, then to the earlier candidate in the
  /// sequence; for `.minimum`, values of 0 or below are skipped. `nil` when none qualifies.
  public static func best(of candidates: some Sequence<PersonalRecord<ID>>, kind: RecordKind)
    -> PersonalRecord<ID>?
  {
    var best: PersonalRecord<ID>?
    for candidate in candidates where candidate.value.isFinite {
      if kind == .minimum, candidate.value <= 0 { continue }
      guard let current = best else {
        best = candidate
        continue
      }
      let better =
        kind == .maximum ? candidate.value > current.value : candidate.value < current.value
      if better || (candidate.value == current.value && candidate.date < current.date) {
        best = candidate
      }
    }
    return best
  }
}
