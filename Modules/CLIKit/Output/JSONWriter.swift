/// Writes `JSONValue`s as text: pretty (two-space indent) for output, compact for cells.
public enum JSONWriter {
  /// Indented JSON with a trailing newline.
  public static func pretty(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out, indent: 0, pretty: true)
    return out + "\n"
  }

  /// JSON on one line, no spaces.
  public static func compact(_ value: JSONValue) -> String {
    var out = ""
    write(value, into: &out, indent: 0, pretty: false)
    return out
  }

  static func write(_ value: JSONValue, into out: inout String, indent: Int, pretty: Bool) {
    switch value {
    case .null: out += "null"
    case .bool(let flag): out += flag ? "true" : "false"
    case .int(let number): out += String(number)
    case .number(let number, let decimals):
      out += JSONValue.format(number, decimals: decimals) ?? "null"
    case .decimal(let amount): out += amount.description
    case .string(let text): writeString(text, into: &out)
    case .array(let items):
      guard !items.isEmpty else {
        out += "[]"
        return
      }
      out += "["
      for (index, item) in items.enumerated() {
        if index > 0 { out += "," }
        if pretty { out += "\n" + String(repeating: " ", count: indent + 2) }
        write(item, into: &out, indent: indent + 2, pretty: pretty)
      }
      if pretty { out += "\n" + String(repeating: " ", count: indent) }
      out += "]"
    case .object(let object):
      guard !object.fields.isEmpty else {
        out += "{}"
        return
      }
      out += "{"
      for (index, field) in object.fields.enumerated() {
        if index > 0 { out += "," }
        if pretty { out += "\n" + String(repeating: " ", count: indent + 2) }
        writeString(field.key, into: &out)
        out += pretty ? ": " : ":"
        write(field.value, into: &out, indent: indent + 2, pretty: pretty)
      }
      if pretty { out += "\n" + String(repeating: " ", count: indent) }
      out += "}"
    }
  }

  static func writeString(_ text: String, into out: inout String) {
    out += "\""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      case let control where control.value < 0x20:
        let hex = String(control.value, radix: 16)
        out += "\\u" + String(repeating: "0", count: 4 - hex.count) + hex
      default: out.unicodeScalars.append(scalar)
      }
    }
    out += "\""
  }
}
