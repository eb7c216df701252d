import AnalyticsCore
import DataFormats
import Hummingbird

/// Answers (their JSON bytes) computed at a data revision, served again while the revision is
/// unchanged.
///
/// Apps ask the same question over and over: the seed's store app polls `get_store_metrics`,
/// the RVU app reloads favorites and the analytics screen on every visit to them. Between two
/// writes the answer cannot change. The revision is read from the database with every request
/// (the store's revision row, the RVU file's data version), so a write by this server, another
/// server or a CLI on the same database is seen by the next request: nothing stale is served.
/// The revision is read before the answer is computed, so an answer computed while a write
/// lands may be newer than the revision it is filed under, never older. Keys name everything
/// the answer depends on (route, user or store, the query, the store's today); access is
/// checked before the cache is asked, so a user only gets answers they may read.
final class AnswerCache: Sendable {
  /// Answers kept at most; past this the cache starts over (a server has few stores and ranges).
  static let limit = 4_096
  /// Bytes of answers kept at most (a year of daily analytics is some 30 KB).
  static let byteLimit = 64 << 20

  private let state = LockedValue<(revision: Int64, answers: [String: [UInt8]], bytes: Int)>(
    (-1, [:], 0))

  /// The JSON answer named by `key` (everything it depends on, route first) at `revision`,
  /// computed by `compute` unless it is known; with no revision (a backend that keeps none),
  /// always computed.
  func response(
    _ key: [String], revision: Int64?, compute: () throws -> JSONValue
  ) rethrows -> Response {
    JSONResponse.bytes(
      try answer(key.joined(separator: "\u{1F}"), revision: revision) {
        JSONWriter.compactBytes(try compute())
      }, status: .ok)
  }

  private func answer(
    _ key: String, revision: Int64?, compute: () throws -> [UInt8]
  ) rethrows -> [UInt8] {
    guard let revision else { return try compute() }
    let known = state.withLock { state -> [UInt8]? in
      if state.revision != revision {
        state = (revision, [:], 0)
        return nil
      }
      return state.answers[key]
    }
    if let known { return known }
    let answer = try compute()
    state.withLock { state in
      guard state.revision == revision else { return }
      if state.answers.count >= Self.limit || state.bytes + answer.count > Self.byteLimit {
        state.answers.removeAll(keepingCapacity: true)
        state.bytes = 0
      }
      if let replaced = state.answers.updateValue(answer, forKey: key) {
        state.bytes -= replaced.count
      }
      state.bytes += answer.count
    }
    return answer
  }
}
