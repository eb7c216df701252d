import Foundation

/// An IANA time zone (`America/New_York`) that turns instants into local days and hours and back,
/// correctly across daylight-saving changes.
///
/// All bucketing by day or hour in Tally goes through a `Zone`, named explicitly: never the
/// machine's zone and never the database session's.
public struct Zone: Sendable, Hashable, CustomStringConvertible {
  /// The Foundation time zone.
  public let timeZone: TimeZone

  /// The identifier as given: Foundation on Linux reports `UTC` as `GMT`, and a store created in
  /// `UTC` should say `UTC`.
  public let identifier: String

  /// The zone named by an IANA identifier.
  ///
  /// - throws: `TallyError` naming the identifier when it is not a known IANA zone.
  public init(identifier: String) throws {
    guard !identifier.isEmpty, identifier.trimmingCharacters(in: .whitespaces) == identifier,
      let (zone, name) = TimeZone(identifier: identifier).map({ ($0, identifier) })
        ?? Self.caseInsensitive(identifier)
    else {
      throw TallyError(
        value: identifier, expected: "an IANA time zone such as America/New_York or UTC")
    }
    timeZone = zone
    self.identifier = name
  }

  /// The zone whose IANA name is `text` but for case (`utc`, `america/chicago`), under its own
  /// name: `EST` was taken where `utc` was refused. Looked up only when the exact name fails.
  private static func caseInsensitive(_ text: String) -> (TimeZone, String)? {
    let names = ["UTC", "GMT"] + TimeZone.knownTimeZoneIdentifiers
    guard let name = names.first(where: { $0.caseInsensitiveCompare(text) == .orderedSame }),
      let zone = TimeZone(identifier: name)
    else { return nil }
    return (zone, name)
  }

  /// Coordinated Universal Time.
  public static let utc = try! Zone(identifier: "UTC")

  /// The IANA identifier.
  public var description: String { identifier }

  /// The instant a wall clock in this zone shows `local`.
  ///
  /// A time skipped when clocks go forward is moved forward by the length of the gap (02:30 on a
  /// spring-forward day becomes 03:30); a time that occurs twice when clocks go back resolves to
  /// the earlier instant.
  func wallClockDate(of local: LocalDateTime) -> Date {
    func offset(at instant: Date) -> Int { timeZone.secondsFromGMT(for: instant) }
    let wall = local.secondsSinceEpoch
    // Try the offsets in force just before and just after this wall time.
    let guess = Date(timeIntervalSince1970: Double(wall))
    let candidates = [
      offset(at: guess.addingTimeInterval(-86_400)), offset(at: guess),
      offset(at: guess.addingTimeInterval(86_400)),
    ]
    var matches: [Int] = []
    for candidate in candidates {
      let instant = wall - candidate
      if offset(at: Date(timeIntervalSince1970: Double(instant))) == candidate {
        matches.append(instant)
      }
    }
    if let earliest = matches.min() { return Date(timeIntervalSince1970: Double(earliest)) }
    // In a gap: use the offset in force before it, which lands after the gap.
    let before = offset(at: Date(timeIntervalSince1970: Double(wall - 86_400)))
    return Date(timeIntervalSince1970: Double(wall - before))
  }

  /// How many hours a local day lasts: 24, or 23 and 25 on daylight-saving change days.
  public func hoursInDay(_ date: LocalDate) -> Int {
    let seconds = start(of: date.adding(days: 1)).seconds(since: start(of: date))
    return Int((seconds / 3600).rounded())
  }

  /// Compares by identifier.
  public static func == (lhs: Zone, rhs: Zone) -> Bool { lhs.identifier == rhs.identifier }

  /// Hashes the identifier.
  public func hash(into hasher: inout Hasher) { hasher.combine(identifier) }
}
