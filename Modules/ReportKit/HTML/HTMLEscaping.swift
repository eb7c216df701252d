import AnalyticsCore

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
  /// escape) is one copy, which matters for pages with thousands of labels. Control characters
  /// other than tab and line breaks (which HTML forbids, and which a terminal would obey when a
  /// page is viewed as text) are written as visible `\u{1b}`, as the terminal shows them.
  static func append(_ text: String, to out: inout String) {
    guard needsEscaping(text.utf8) else {
      out += text
      return
    }
    for scalar in text.unicodeScalars {
      switch scalar {
      case "&": out += "&amp;"
      case "<": out += "&lt;"
      case ">": out += "&gt;"
      case "\"": out += "&quot;"
      case "'": out += "&#39;"
      case "\t", "\n", "\r": out.unicodeScalars.append(scalar)
      default:
        if TallyError.isControl(scalar) {
          out += TallyError.shown(scalar)
        } else {
          out.unicodeScalars.append(scalar)
        }
      }
    }
  }

  /// Whether a text needs escaping: one of the five characters, a C0 control or DEL, or a C1
  /// control (0xC2 then 0x80–0x9F in UTF-8; `°` and `£`, 0xC2 then 0xB0 and 0xA3, do not).
  private static func needsEscaping(_ utf8: String.UTF8View) -> Bool {
    var afterC2 = false
    for byte in utf8 {
      if afterC2, (0x80...0x9F).contains(byte) { return true }
      afterC2 = byte == 0xC2
      switch byte {
      case UInt8(ascii: "&"), UInt8(ascii: "<"), UInt8(ascii: ">"), UInt8(ascii: "\""),
        UInt8(ascii: "'"), 0x00..<0x09, 0x0B, 0x0C, 0x0E..<0x20, 0x7F:
        return true
      default:
        continue
      }
    }
    return false
  }
}
