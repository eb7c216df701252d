/// The one escaping function for every text that reaches a report: journal titles, notes, item
/// names, labels, captions, legend entries and attribute values.
///
/// One function serves both contexts because escaping all five characters (`& < > " '`) is safe in
/// element text and in single- or double-quoted attribute values alike; a second, lighter
/// function would be one more thing to call wrongly.
public enum HTMLEscaping {
  /// Returns `text` with `&`, `<`, `>`, `"` and `'` replaced by character references.
  ///
  /// For example, `Tom & Jerry's "<b>"` becomes `Tom &amp; Jerry&#39;s &quot;&lt;b&gt;&quot;`.
  public static func escape(_ text: String) -> String {
    var out = ""
    append(text, to: &out)
    return out
  }

  /// Appends `text`, escaped, to `out` without an intermediate string: the common case (nothing to
  /// escape) is one copy, which matters for pages with thousands of labels.
  static func append(_ text: String, to out: inout String) {
    let utf8 = text.utf8
    guard utf8.contains(where: needsEscaping) else {
      out += text
      return
    }
    var pending = utf8.startIndex
    var index = utf8.startIndex
    while index != utf8.endIndex {
      let reference: String?
      switch utf8[index] {
      case UInt8(ascii: "&"): reference = "&amp;"
      case UInt8(ascii: "<"): reference = "&lt;"
      case UInt8(ascii: ">"): reference = "&gt;"
      case UInt8(ascii: "\""): reference = "&quot;"
      case UInt8(ascii: "'"): reference = "&#39;"
      default: reference = nil
      }
      if let reference {
        out += text[pending..<index]
        out += reference
        pending = utf8.index(after: index)
      }
      index = utf8.index(after: index)
    }
    out += text[pending..<utf8.endIndex]
  }

  private static func needsEscaping(_ byte: UInt8) -> Bool {
    switch byte {
    case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
      UInt8(ascii: "'"):
      return true
    default:
      return false
    }
  }
}
