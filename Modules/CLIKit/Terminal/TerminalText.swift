import AnalyticsCore

/// Stored text as a terminal may show it: control characters (C0, DEL, C1) written as `\u{1b}`,
/// so a note holding `ESC[31m` is read, never obeyed (it turned the terminal red in `log`,
/// `entries list` and `today`). Error lines quote values the same way (`TallyError.quote`).
public enum TerminalText {
  /// One value on one line (a table cell): every control character shown, line breaks and tabs
  /// included, as `\n`, `\t`, `\r`, since they would break the table's rows and columns.
  public static func cell(_ text: String) -> String {
    guard text.unicodeScalars.contains(where: TallyError.isControl) else { return text }
    var out = ""
    for scalar in text.unicodeScalars {
      switch scalar {
      case "\n": out += "\\n"
      case "\t": out += "\\t"
      case "\r": out += "\\r"
      default: out += TallyError.shown(scalar)
      }
    }
    return out
  }

  /// Lines for a terminal: control characters shown, except the line feeds and tabs that lay
  /// the text out and the carriage return of a CRLF line end (CSV's).
  public static func lines(_ text: String) -> String {
    guard
      text.unicodeScalars.contains(where: { TallyError.isControl($0) && $0 != "\n" && $0 != "\t" })
    else { return text }
    var out = ""
    var scalars = text.unicodeScalars.makeIterator()
    var next = scalars.next()
    while let scalar = next {
      next = scalars.next()
      if scalar == "\r", next == "\n" {
        out += "\r"
      } else if TallyError.isControl(scalar), scalar != "\n", scalar != "\t" {
        out += TallyError.shown(scalar)
      } else {
        out.unicodeScalars.append(scalar)
      }
    }
    return out
  }
}
