import AnalyticsCore
import Foundation

/// Requests per signed-in user: a token bucket per user that fills at `perMinute` / 60 a second
/// up to `burst`, so an app's screen load (a dozen calls at once) passes and a script hammering
/// the server gets 429 with `Retry-After` (issue 32). `perMinute` 0 is no limit.
public struct RateLimit: Sendable {
  public let perMinute: Int
  /// Requests taken at once after a quiet spell: ten seconds' worth, at least 10.
  public var burst: Int { max(perMinute / 6, 10) }

  public init(perMinute: Int) {
    self.perMinute = perMinute
  }

  /// 600 a minute (10 a second) per user: far above what the seed apps send.
  public static let `default` = RateLimit(perMinute: 600)
  public static let off = RateLimit(perMinute: 0)
}

/// The buckets of `RateLimit`, by user.
final class RateLimiter: Sendable {
  let limit: RateLimit
  private let buckets = LockedValue<[String: (tokens: Double, at: Double)]>([:])
  /// Users tracked at most; past it the buckets start over (full), which only ever lets more in.
  static let trackedLimit = 100_000

  init(_ limit: RateLimit) {
    self.limit = limit
  }

  /// Takes one request of `userId`'s; the seconds until the next one is allowed when none is
  /// left (`nil`: allowed).
  func take(_ userId: String, now: Double = ProcessInfo.processInfo.systemUptime) -> Int? {
    guard limit.perMinute > 0 else { return nil }
    let rate = Double(limit.perMinute) / 60
    let capacity = Double(limit.burst)
    return buckets.withLock { buckets in
      if buckets.count >= Self.trackedLimit, buckets[userId] == nil {
        buckets.removeAll(keepingCapacity: true)
      }
      var bucket = buckets[userId] ?? (capacity, now)
      bucket.tokens = min(capacity, bucket.tokens + (now - bucket.at) * rate)
      bucket.at = now
      defer { buckets[userId] = bucket }
      guard bucket.tokens >= 1 else {
        return max(1, Int(((1 - bucket.tokens) / rate).rounded(.up)))
      }
      bucket.tokens -= 1
      return nil
    }
  }
}
