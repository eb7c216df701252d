import AnalyticsCore

/// Store answers (their JSON bytes) computed at a data revision, served again while the revision is unchanged.
///
/// A dashboard asks the same store the same question over and over (the seed's app polls
/// `get_store_metrics`); between two writes the answer cannot change. The revision is read from
/// the store database with every request (one row), so a write by this server, another server
/// or a CLI import on the same file is seen by the next request: nothing stale is served. An
/// answer computed while a write lands may be newer than the revision it is filed under, never
/// older. Keys name everything the answer depends on (route, store, range, the store's today);
/// the grant is checked before the cache is asked, so a user only gets answers for stores they
/// may read.
final class AnswerCache: Sendable {
  /// Answers kept at most; past this the cache starts over (a server has few stores and ranges).
  static let limit = 4_096

  private let state = LockedValue<(revision: Int64, answers: [String: [UInt8]])>((-1, [:]))

  /// The answer for `key` at `revision`, computed by `compute` unless it is known; with no
  /// revision (a backend that keeps none), always computed.
  func answer(
    _ key: String, revision: Int64?, compute: () throws -> [UInt8]
  ) rethrows -> [UInt8] {
    guard let revision else { return try compute() }
    let known = state.withLock { state -> [UInt8]? in
      if state.revision != revision {
        state = (revision, [:])
        return nil
      }
      return state.answers[key]
    }
    if let known { return known }
    let answer = try compute()
    state.withLock { state in
      guard state.revision == revision else { return }
      if state.answers.count >= Self.limit { state.answers.removeAll(keepingCapacity: true) }
      state.answers[key] = answer
    }
    return answer
  }
}
