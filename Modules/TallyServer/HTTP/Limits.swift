import AnalyticsCore
import Foundation
import Hummingbird
import NIOCore
import NIOHTTPTypes

/// How long a connection may take and how many may be open: without them 1,500 idle connections
/// were held and a request trickled over 60 s was served (issue 32).
public struct ConnectionLimits: Sendable {
  /// Seconds a new connection has to send its first request head.
  public var headerSeconds: Int
  /// Seconds a connection may stay open with nothing read (between keep-alive requests, or in a
  /// body that stopped coming) before it is closed.
  public var idleSeconds: Int
  /// Connections open at once; the next is accepted when one closes.
  public var maximumConnections: Int

  public init(headerSeconds: Int = 10, idleSeconds: Int = 60, maximumConnections: Int = 1_000) {
    self.headerSeconds = headerSeconds
    self.idleSeconds = idleSeconds
    self.maximumConnections = maximumConnections
  }
}

/// Closes a connection whose first request head has not arrived within `headSeconds`, or whose
/// request body has not arrived whole within `bodySeconds` of its head: a slow client sending a
/// byte at a time must not outlast them (the idle timeout restarts with every part read, and no
/// part is read until a head is whole). On the event loop, with NIO's timers: a request read in
/// one go (nearly all of them) schedules none for its body.
final class RequestTimeouts: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart

  private let headTimeout: TimeAmount
  private let bodyTimeout: TimeAmount
  private var headDeadline: Scheduled<Void>?
  private var bodyDeadline: Scheduled<Void>?
  private var headRead = false
  /// Between a request's head and its end.
  private var inRequest = false

  init(headSeconds: Int, bodySeconds: Int) {
    headTimeout = .seconds(Int64(headSeconds))
    bodyTimeout = .seconds(Int64(bodySeconds))
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { scheduleHead(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    scheduleHead(context)
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    switch unwrapInboundIn(data) {
    case .head:
      if !headRead {
        headRead = true
        headDeadline?.cancel()
        headDeadline = nil
      }
      inRequest = true
    case .body: break
    case .end:
      inRequest = false
      bodyDeadline?.cancel()
      bodyDeadline = nil
    }
    context.fireChannelRead(data)
  }

  /// A request still coming after what was read at once: its body gets a deadline.
  func channelReadComplete(context: ChannelHandlerContext) {
    if inRequest, bodyDeadline == nil {
      bodyDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: bodyTimeout) {
        context.close(promise: nil)
      }
    }
    context.fireChannelReadComplete()
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    headDeadline?.cancel()
    bodyDeadline?.cancel()
    headDeadline = nil
    bodyDeadline = nil
  }

  private func scheduleHead(_ context: ChannelHandlerContext) {
    guard headDeadline == nil, !headRead else { return }
    headDeadline = context.eventLoop.assumeIsolated().scheduleTask(in: headTimeout) {
      context.close(promise: nil)
    }
  }
}

/// Limits every route shares.
public enum ServerLimits {
  public static let maximumBodyBytes = 1 << 20
  /// Seconds a request body may take to arrive whole after its head: a megabyte over the slowest
  /// phone link takes a few; a connection trickling one is closed (`RequestTimeouts`).
  public static let bodySeconds = 30
}

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
