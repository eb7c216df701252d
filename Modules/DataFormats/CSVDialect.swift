import AnalyticsCore

/// The byte between a CSV file's columns: a comma, or what a spreadsheet in a comma-decimal
/// locale writes instead (`;`), a tab, a bar.
public struct CSVDelimiter: Sendable, Equatable, CustomStringConvertible {
  /// The byte, ASCII.
  public let byte: UInt8

  public static let comma = CSVDelimiter(byte: 0x2C)
  public static let semicolon = CSVDelimiter(byte: 0x3B)
  public static let tab = CSVDelimiter(byte: 0x09)
  public static let bar = CSVDelimiter(byte: 0x7C)

  private init(byte: UInt8) { self.byte = byte }

  /// What `init(parsing:)` takes.
  public static let expected = "',', ';', '|' or tab"

  /// Reads `,`, `;`, `|`, or `tab` (also `\t` or a tab character).
  ///
  /// - throws: `TallyError` (usage) naming the text.
  public init(parsing text: String) throws {
    switch text {
    case ",": self = .comma
    case ";": self = .semicolon
    case "|": self = .bar
    case "tab", "\\t", "\t": self = .tab
    default: throw TallyError(value: text, expected: Self.expected)
    }
  }

  /// `','`, `';'`, `'|'` or `tab`, as a message names it.
  public var description: String {
    self == .tab ? "tab" : "'" + String(UnicodeScalar(byte)) + "'"
  }
}

/// How a user's CSV file is written beyond what it says itself: the byte between its columns,
/// the order of a slashed date's day and month (`2/8/2026`), and the decimal mark of its amounts.
public struct CSVDialect: Sendable, Equatable {
  public var delimiter: CSVDelimiter
  /// `nil`: slashed dates are read only when one way names a day, or as the file decides.
  public var dateOrder: DateOrder?
  /// Whether amounts are written with a decimal comma and points between thousands (`4,25`,
  /// `1.234,50`), as in a comma-decimal locale.
  public var decimalComma: Bool

  public init(
    delimiter: CSVDelimiter = .comma, dateOrder: DateOrder? = nil, decimalComma: Bool = false
  ) {
    self.delimiter = delimiter
    self.dateOrder = dateOrder
    self.decimalComma = decimalComma
  }

  /// Whether `text` is a number written with a decimal comma (`4,25`, `1234,50`, `1.234,50`;
  /// up to `decimals` decimals: 3 for a weighed quantity such as `0,375`) that a decimal-point
  /// reader refuses: what `decimalComma` would read.
  public static func looksDecimalComma(_ text: String, decimals: Int = 2) -> Bool {
    guard text.contains(",") else { return false }
    let swapped = CSVDialect(decimalComma: true).pointDecimal(text)
    let parts = swapped.split(separator: ".", omittingEmptySubsequences: false)
    guard parts.count == 2, (1...decimals).contains(parts[1].count) else { return false }
    let whole = parts[0].split(separator: ",", omittingEmptySubsequences: false)
    guard whole.dropFirst().allSatisfy({ $0.count == 3 }) else { return false }
    let digits = whole.joined() + parts[1]
    return !digits.isEmpty && digits.allSatisfy { $0.isASCII && $0.isNumber }
      && (whole.joined().first.map { $0.isNumber } ?? false)
  }

  /// An amount's text as a decimal-point reader takes it: with `decimalComma`, commas and points
  /// swap (`1.234,50` is `1,234.50`); else unchanged.
  public func pointDecimal(_ text: String) -> String {
    guard decimalComma else { return text }
    return String(
      text.map { $0 == "," ? "." : $0 == "." ? "," : $0 })
  }
}
