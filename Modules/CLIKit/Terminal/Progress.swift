/// Progress of long work (imports) on standard error, redrawn in place — only when standard error
/// is a terminal, so that logs and pipes stay clean.
public final class Progress {
  private let label: String
  private let total: Int?
  private let enabled: Bool
  private var lastShown = -1
  private let write: (String) -> Void

  /// Starts a progress line.
  ///
  /// - Parameters:
  ///   - label: what is being done (`importing visits.csv`).
  ///   - total: the number of units when known (enables a percentage).
  ///   - enabled: whether to draw; by default, whether standard error is a terminal.
  ///   - write: where the text goes (standard error by default; tests capture it).
  public init(
    label: String, total: Int? = nil, enabled: Bool = Terminal.standardErrorIsTerminal,
    write: @escaping (String) -> Void = Terminal.writeControlledError
  ) {
    // The label may name a file: its own control characters are shown, never obeyed.
    self.label = TerminalText.cell(label)
    self.total = total
    self.enabled = enabled
    self.write = write
  }

  /// Reports that `done` units are finished; redraws at most once per percent (or per 1,000
  /// units when the total is unknown).
  public func update(_ done: Int) {
    guard enabled else { return }
    let step: Int
    if let total, total > 0 { step = done * 100 / total } else { step = done / 1000 }
    guard step != lastShown else { return }
    lastShown = step
    if let total, total > 0 {
      write("\r\(label): \(step)% (\(done)/\(total))")
    } else {
      write("\r\(label): \(done)")
    }
  }

  /// Ends the progress line.
  public func finish() {
    guard enabled, lastShown >= 0 else { return }
    write("\r\u{1B}[K")
  }
}
