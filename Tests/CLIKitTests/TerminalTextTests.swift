import AnalyticsCore
import CLIKit
import DataFormats
import Testing

/// Issue 30: a note holding `ESC[31m` turned the terminal red in `log`, `entries list` and
/// `today`. Stored text in tables and on terminal lines shows its control characters.
@Suite("Control characters in stored text are shown, never obeyed")
struct TerminalTextTests {
  @Test func tablesShowEveryControlCharacter() {
    let table = TableWriter.write(
      [["id": .int(1), "notes": .string("\u{1B}[31mred\u{1B}[0m\nline\ttab\u{7}\u{9B}")]],
      width: nil)
    #expect(!table.contains("\u{1B}") && !table.contains("\u{7}") && !table.contains("\u{9B}"))
    #expect(table.contains(#"\u{1b}[31mred\u{1b}[0m\nline\ttab\u{7}\u{9b}"#))
    // One row: the line break in the note did not break the table.
    #expect(table.split(separator: "\n").count == 3)
    let keyValue = TableWriter.write(keyValue: ["notes": .string("a\u{1B}b")])
    #expect(keyValue == #"notes  a\u{1b}b"# + "\n")
  }

  @Test func terminalLinesKeepTheirLayout() {
    #expect(TerminalText.lines("a\tb\nc\r\nd") == "a\tb\nc\r\nd")
    #expect(TerminalText.lines("x\u{1B}]0;title\u{7}y\rz") == #"x\u{1b}]0;title\u{7}y\u{d}z"#)
    #expect(TerminalText.lines("Café 🍕") == "Café 🍕")
  }
}
