import AnalyticsCore

/// Parses the instants GPX and TCX files hold: `YYYY-MM-DDTHH:MM:SS`, optional fraction, then `Z`,
/// `±HH:MM` or nothing (UTC, as both formats specify). Returns seconds since 1970.
enum ISOInstant {
  static func parse(_ text: String) -> Double? {
    var text = text
    return text.withUTF8 { parse($0) }
  }

  static func parse(_ bytes: UnsafeBufferPointer<UInt8>) -> Double? {
    guard bytes.count >= 19, bytes[4] == 0x2D, bytes[7] == 0x2D,
      bytes[10] == 0x54 || bytes[10] == 0x20,
      bytes[13] == 0x3A, bytes[16] == 0x3A
    else { return nil }
    func number(_ range: Range<Int>) -> Int? {
      var value = 0
      for index in range {
        let byte = bytes[index]
        guard byte >= 0x30, byte <= 0x39 else { return nil }
        value = value * 10 + Int(byte - 0x30)
      }
      return value
    }
    guard let year = number(0..<4), let month = number(5..<7), let day = number(8..<10),
      let hour = number(11..<13), let minute = number(14..<16), let second = number(17..<19),
      hour < 24, minute < 60, second < 61,
      let date = LocalDate(year: year, month: month, day: day)
    else { return nil }
    var seconds = Double(date.daysSinceEpoch * 86_400 + hour * 3600 + minute * 60 + second)
    var index = 19
    if index < bytes.count, bytes[index] == 0x2E {
      var scale = 0.1
      index += 1
      while index < bytes.count, bytes[index] >= 0x30, bytes[index] <= 0x39 {
        seconds += Double(bytes[index] - 0x30) * scale
        scale /= 10
        index += 1
      }
    }
    if index == bytes.count { return seconds }
    if bytes[index] == 0x5A, index + 1 == bytes.count { return seconds }
    guard bytes[index] == 0x2B || bytes[index] == 0x2D, bytes.count == index + 6,
      let offsetHours = number((index + 1)..<(index + 3)), bytes[index + 3] == 0x3A,
      let offsetMinutes = number((index + 4)..<(index + 6))
    else { return nil }
    let offset = Double(offsetHours * 3600 + offsetMinutes * 60)
    return bytes[index] == 0x2B ? seconds - offset : seconds + offset
  }
}
