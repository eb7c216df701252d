/// A wall-clock time within a day (`HH:MM` or `HH:MM:SS`), with no date and no zone.
public struct TimeOfDay: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// Seconds since midnight, 0..<86_400.
  public let secondsSinceMidnight: Int

  /// Creates a time from its parts, or `nil` when they are out of range (`25:00`, `12:60`).
  public init?(hour: Int, minute: Int, second: Int = 0) {
    guard (0..<24).contains(hour), (0..<60).contains(minute), (0..<60).contains(second) else {
      return nil
    }
    secondsSinceMidnight = hour * 3600 + minute * 60 + second
  }

  /// Parses strict `HH:MM` or `HH:MM:SS` (24-hour clock, two digits each).
  ///
  /// - throws: `TallyError` naming the text, for `25:00`, `9:30`, `12:5` or `""`.
  public init(parsing text: String) throws {
    let parts = text.split(separator: ":", omittingEmptySubsequences: false)
    let numbers = parts.map { part -> Int? in
      guard part.utf8.count == 2, part.utf8.allSatisfy({ $0 >= 0x30 && $0 <= 0x39 }) else {
        return nil
      }
      return Int(part)
    }
    guard (2...3).contains(numbers.count), numbers.allSatisfy({ $0 != nil }),
      let time = TimeOfDay(
        hour: numbers[0]!, minute: numbers[1]!, second: numbers.count == 3 ? numbers[2]! : 0)
    else { throw TallyError(value: text, expected: "a time of day as HH:MM (00:00 to 23:59)") }
    self = time
  }

  /// The hour, 0–23.
  public var hour: Int { secondsSinceMidnight / 3600 }
  /// The minute, 0–59.
  public var minute: Int { secondsSinceMidnight / 60 % 60 }
  /// The second, 0–59.
  public var second: Int { secondsSinceMidnight % 60 }

  /// `HH:MM`, or `HH:MM:SS` when the seconds are not zero.
  public var description: String {
    let base = LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2)
    return second == 0 ? base : base + ":" + LocalDate.pad(second, 2)
  }

  /// `HH:MM:SS`, always with seconds (`14:30:00`).
  public var descriptionWithSeconds: String {
    LocalDate.pad(hour, 2) + ":" + LocalDate.pad(minute, 2) + ":" + LocalDate.pad(second, 2)
  }

  /// Orders times from midnight on.
  public static func < (lhs: TimeOfDay, rhs: TimeOfDay) -> Bool {
    lhs.secondsSinceMidnight < rhs.secondsSinceMidnight
  }
}
