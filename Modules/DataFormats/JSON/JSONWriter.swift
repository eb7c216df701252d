/// The one JSON writer of Tally: `JSONValue`s as UTF-8 bytes, pretty (two-space indent) for
/// output and files, compact for table cells and HTTP bodies.
///
/// It writes bytes, not `String` pieces, because the behavior export writes 100,000 entries
/// through it and string appends were measured as most of that time.
public enum JSONWriter {
  /// Indented JSON with a trailing newline.
  public static func pretty(_ value: JSONValue) -> String {
    String(decoding: prettyBytes(value), as: UTF8.self)
  }

  /// Indented JSON with a trailing newline, as UTF-8 bytes.
  public static func prettyBytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    write(value, into: &out, indent: 0, pretty: true)
    out.append(0x0A)
    return out
  }

  /// JSON on one line, no spaces.
  public static func compact(_ value: JSONValue) -> String {
    String(decoding: compactBytes(value), as: UTF8.self)
  }

  /// JSON on one line, no spaces, as UTF-8 bytes.
  public static func compactBytes(_ value: JSONValue) -> [UInt8] {
    var out: [UInt8] = []
    write(value, into: &out, indent: 0, pretty: false)
    return out
  }

  /// Appends `value` to `out`; nested lines are indented by `indent` spaces when `pretty`.
  public static func write(_ value: JSONValue, into out: inout [UInt8], indent: Int, pretty: Bool) {
    switch value {
    case .null: out.append(contentsOf: "null".utf8)
    case .bool(let flag): out.append(contentsOf: (flag ? "true" : "false").utf8)
    case .int(let number): appendInteger(Int64(number), into: &out)
    case .number(let number, let decimals):
      out.append(contentsOf: (JSONValue.format(number, decimals: decimals) ?? "null").utf8)
    case .decimal(let amount): out.append(contentsOf: amount.description.utf8)
    case .string(let text): writeString(text, into: &out)
    case .array(let items):
      guard !items.isEmpty else {
        out.append(contentsOf: "[]".utf8)
        return
      }
      out.append(0x5B)
      for (index, item) in items.enumerated() {
        if index > 0 { out.append(0x2C) }
        if pretty { newline(indent + 2, into: &out) }
        write(item, into: &out, indent: indent + 2, pretty: pretty)
      }
      if pretty { newline(indent, into: &out) }
      out.append(0x5D)
    case .object(let object):
      guard !object.fields.isEmpty else {
        out.append(contentsOf: "{}".utf8)
        return
      }
      out.append(0x7B)
      for (index, field) in object.fields.enumerated() {
        if index > 0 { out.append(0x2C) }
        if pretty { newline(indent + 2, into: &out) }
        writeString(field.key, into: &out)
        out.append(0x3A)
        if pretty { out.append(0x20) }
        write(field.value, into: &out, indent: indent + 2, pretty: pretty)
      }
      if pretty { newline(indent, into: &out) }
      out.append(0x7D)
    }
  }

  private static func newline(_ indent: Int, into out: inout [UInt8]) {
    out.append(0x0A)
    out.append(contentsOf: repeatElement(0x20, count: indent))
  }

  private static func appendInteger(_ value: Int64, into out: inout [UInt8]) {
    if value >= 0, value < 10 {
      out.append(0x30 + UInt8(value))
      return
    }
    out.append(contentsOf: String(value).utf8)
  }

  /// Appends `text` as a JSON string: quotes, backslashes and control characters escaped.
  public static func writeString(_ text: String, into out: inout [UInt8]) {
    out.append(0x22)
    var text = text
    text.withUTF8 { bytes in
      var runStart = 0
      for index in 0..<bytes.count {
        let byte = bytes[index]
        guard byte < 0x20 || byte == 0x22 || byte == 0x5C else { continue }
        out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<index]))
        switch byte {
        case 0x22: out.append(contentsOf: [0x5C, 0x22])
        case 0x5C: out.append(contentsOf: [0x5C, 0x5C])
        case 0x0A: out.append(contentsOf: [0x5C, 0x6E])
        case 0x0D: out.append(contentsOf: [0x5C, 0x72])
        case 0x09: out.append(contentsOf: [0x5C, 0x74])
        default:
          let hex = Array("0123456789abcdef".utf8)
          out.append(contentsOf: [
            0x5C, 0x75, 0x30, 0x30, hex[Int(byte >> 4)], hex[Int(byte & 0xF)],
          ])
        }
        runStart = index + 1
      }
      out.append(contentsOf: UnsafeBufferPointer(rebasing: bytes[runStart..<bytes.count]))
    }
    out.append(0x22)
  }
}
