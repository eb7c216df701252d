/// A length of time entered by a person: `1h45m`, `45m`, `90s`, `1h`, `1:45` (h:mm), `1:45:30`
/// (h:mm:ss), or a bare number of minutes (`90`).
public struct TimeSpan: Sendable, Hashable, Comparable, CustomStringConvertible {
  /// The length in whole seconds.
  public let seconds: Int

  /// The longest span a person enters: 1,000 hours (about six weeks). Checked before any
  /// multiplication, so no input can overflow; domains narrow it further (a ruck, an entry).
  public static let maximum = TimeSpan(seconds: 1000 * 3600)

  /// Creates a span of `seconds`.
  public init(seconds: Int) { self.seconds = seconds }

  /// Parses the forms above; the result must be more than zero.
  ///
  /// - throws: `TallyError` naming the text (`1x`, `-5m`, `0`, `h`, `1:75`).
  public init(parsing text: String) throws {
    let error = TallyError(
      value: text,
      expected: "a duration such as 45m, 1h30m, 90 (minutes) or 1:30:00, at most 1000h")
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    var total = 0
    if trimmed.contains(":") {
      let parts = trimmed.split(separator: ":", omittingEmptySubsequences: false)
      guard (2...3).contains(parts.count),
        let numbers = Optional(parts.compactMap { Int($0) }), numbers.count == parts.count,
        numbers.allSatisfy({ $0 >= 0 }), numbers.dropFirst().allSatisfy({ $0 < 60 }),
        parts.dropFirst().allSatisfy({ $0.count == 2 })
      else { throw error }
      guard numbers[0] <= TimeSpan.maximum.seconds / 3600 else { throw error }
      total = numbers[0] * 3600 + numbers[1] * 60 + (numbers.count == 3 ? numbers[2] : 0)
    } else if let minutes = Int(trimmed) {
      guard minutes <= TimeSpan.maximum.seconds / 60 else { throw error }
      total = minutes * 60
    } else {
      var number = ""
      var seenUnits: Set<Character> = []
      for character in trimmed {
        if character.isASCII, character.isNumber {
          number.append(character)
          continue
        }
        let unit: Int
        switch character {
        case "h": unit = 3600
        case "m": unit = 60
        case "s": unit = 1
        default: throw error
        }
        guard let value = Int(number), seenUnits.insert(character).inserted,
          value <= TimeSpan.maximum.seconds / unit
        else { throw error }
        total += value * unit
        number = ""
      }
      guard number.isEmpty, !seenUnits.isEmpty else { throw error }
    }
    guard total > 0, total <= TimeSpan.maximum.seconds else { throw error }
    seconds = total
  }

  /// `1h45m`, `45m`, `1h`, `30s`, `1h0m5s`.
  public var description: String {
    let hours = seconds / 3600
    let minutes = seconds / 60 % 60
    let rest = seconds % 60
    var text = ""
    if hours > 0 { text += "\(hours)h" }
    if minutes > 0 || (hours > 0 && rest > 0) { text += "\(minutes)m" }
    if rest > 0 || text.isEmpty { text += "\(rest)s" }
    return text
  }

  /// Orders by length.
  public static func < (lhs: TimeSpan, rhs: TimeSpan) -> Bool { lhs.seconds < rhs.seconds }
}

extension TimeSpan {
  /// `seconds` rounded to a whole number when it converts without trapping (finite and within
  /// a million years, far beyond any session); else `nil`, and the caller writes hours instead.
  public static func wholeSeconds(_ seconds: Double) -> Int? {
    let limit = 3.2e13  // ~1,000,000 years of seconds: Int-safe, and no stored value nears it
    guard seconds.isFinite, abs(seconds) < limit else { return nil }
    return Int(seconds.rounded())
  }

  /// Seconds as `m:ss` (`713` → `"11:53"`, `-65` → `"-1:05"`), rounded to the second: a pace
  /// in the tables and on the report pages alike. `nil` where `wholeSeconds` is (a pace from a
  /// distance of a micrometre).
  public static func minutesAndSeconds(_ seconds: Double) -> String? {
    guard let whole = wholeSeconds(seconds) else { return nil }
    let size = abs(whole)
    let second = size % 60
    return (whole < 0 ? "-" : "") + "\(size / 60):" + (second < 10 ? "0" : "") + "\(second)"
  }
}
