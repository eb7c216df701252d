import AnalyticsCore
import NIOCore

/// Rows in the text format of PostgreSQL's `COPY … FROM STDIN` (tab between fields, newline
/// after a row, `\N` for NULL, backslash escapes in text), written straight into the bytes sent.
/// Imports make millions of these on the planner's thread, so numbers and instants are written
/// digit by digit rather than through `String`.
struct CopyText: Sendable {
  private(set) var buffer: ByteBuffer
  /// Whether the row has a field already, so the next one needs a tab before it.
  private var inRow = false

  init(capacity: Int) { buffer = ByteBufferAllocator().buffer(capacity: capacity) }

  mutating func endRow() {
    buffer.writeInteger(UInt8(ascii: "\n"))
    inRow = false
  }

  mutating func append(_ value: Int64) {
    separate()
    if value < 0 { buffer.writeInteger(UInt8(ascii: "-")) }
    writeDigits(value.magnitude, width: 1)
  }

  mutating func append(_ value: Int) { append(Int64(value)) }

  mutating func append(_ value: Bool) {
    separate()
    buffer.writeInteger(value ? UInt8(ascii: "t") : UInt8(ascii: "f"))
  }

  mutating func append(_ value: String?) {
    separate()
    guard var text = value else {
      buffer.writeStaticString("\\N")
      return
    }
    text.withUTF8 { bytes in
      // Most text (ids, names) has nothing to escape: written in one copy.
      guard bytes.contains(where: Self.needsEscape) else {
        buffer.writeBytes(bytes)
        return
      }
      for byte in bytes {
        switch byte {
        case UInt8(ascii: "\\"): buffer.writeStaticString("\\\\")
        case UInt8(ascii: "\t"): buffer.writeStaticString("\\t")
        case UInt8(ascii: "\n"): buffer.writeStaticString("\\n")
        case UInt8(ascii: "\r"): buffer.writeStaticString("\\r")
        default: buffer.writeInteger(byte)
        }
      }
    }
  }

  /// `YYYY-MM-DD`, read by PostgreSQL as a `date`.
  mutating func append(_ date: LocalDate) {
    separate()
    buffer.writeString(date.description)
  }

  /// `YYYY-MM-DD HH:MM:SS.mmm+00`: the exact millisecond, in UTC, as a `timestamptz`.
  mutating func append(_ instant: Instant) {
    let milliseconds = instant.millisecondsSinceEpoch
    let (days, ofDay) = Self.floorDivision(milliseconds, Self.millisecondsPerDay)
    append(LocalDate(daysSinceEpoch: Int(days)))
    buffer.writeInteger(UInt8(ascii: " "))
    writeDigits(UInt64(ofDay / 3_600_000), width: 2)
    buffer.writeInteger(UInt8(ascii: ":"))
    writeDigits(UInt64(ofDay / 60_000 % 60), width: 2)
    buffer.writeInteger(UInt8(ascii: ":"))
    writeDigits(UInt64(ofDay / 1000 % 60), width: 2)
    buffer.writeInteger(UInt8(ascii: "."))
    writeDigits(UInt64(ofDay % 1000), width: 3)
    buffer.writeStaticString("+00")
  }

  private static let millisecondsPerDay: Int64 = 86_400_000

  private static func needsEscape(_ byte: UInt8) -> Bool {
    byte == UInt8(ascii: "\\") || byte == UInt8(ascii: "\t") || byte == UInt8(ascii: "\n")
      || byte == UInt8(ascii: "\r")
  }

  /// Quotient rounded down and a remainder that is never negative (instants before 1970).
  private static func floorDivision(_ value: Int64, _ divisor: Int64) -> (Int64, Int64) {
    let remainder = (value % divisor + divisor) % divisor
    return ((value - remainder) / divisor, remainder)
  }

  private mutating func separate() {
    if inRow { buffer.writeInteger(UInt8(ascii: "\t")) }
    inRow = true
  }

  /// The decimal digits of `value`, zero-padded to at least `width`.
  private mutating func writeDigits(_ value: UInt64, width: Int) {
    var count = 1
    var rest = value / 10
    while rest > 0 {
      count += 1
      rest /= 10
    }
    count = max(count, width)
    buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { bytes in
      var rest = value
      for position in stride(from: count - 1, through: 0, by: -1) {
        bytes[position] = UInt8(ascii: "0") + UInt8(rest % 10)
        rest /= 10
      }
      return count
    }
  }
}
