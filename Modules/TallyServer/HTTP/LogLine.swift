import AnalyticsCore
import Foundation
import Logging

/// swift-log's handler for the server: one line per event on standard error, `<UTC instant>
/// <level> <label>: <message> key=value…` with the keys sorted.
///
/// swift-log's `StreamLogHandler` writes the same line but formats its timestamp with
/// `strftime` and Foundation's `String(format:)` on every line: with the request log, a tenth of
/// the server's CPU answering `GET /api/favorites` (perf). The instant here is Tally's own.
public struct LogLine: LogHandler {
  public var metadata: Logger.Metadata = [:]
  public var logLevel: Logger.Level = .info
  private let label: String

  public init(label: String) {
    self.label = label
  }

  public subscript(metadataKey key: String) -> Logger.Metadata.Value? {
    get { metadata[key] }
    set { metadata[key] = newValue }
  }

  public func log(
    level: Logger.Level, message: Logger.Message, metadata explicit: Logger.Metadata?,
    source: String, file: String, function: String, line: UInt
  ) {
    var all = metadata
    if let explicit { all.merge(explicit) { $1 } }
    var text = "\(Instant(Date())) \(level) \(label): \(message)"
    for key in all.keys.sorted() {
      text += " \(key)=\(all[key]!)"
    }
    text += "\n"
    Self.write(text)
  }

  /// One `write` per line, so lines of concurrent requests never interleave.
  private static func write(_ text: String) {
    var text = text
    text.withUTF8 { bytes in
      var offset = 0
      while offset < bytes.count {
        let written = Foundation.write(2, bytes.baseAddress! + offset, bytes.count - offset)
        if written > 0 {
          offset += written
        } else if written < 0 && errno == EINTR {
          continue
        } else {
          return  // standard error is gone: nothing sensible to do
        }
      }
    }
  }
}
