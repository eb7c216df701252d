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

/// Closes a connection whose first request head has not arrived within the timeout: the
/// header-read timeout a slow client sending a byte at a time must not outlast (the idle timeout
/// alone restarts with every request part, and no part is read until the head is whole).
final class HeaderTimeout: ChannelInboundHandler, RemovableChannelHandler {
  typealias InboundIn = HTTPRequestPart
  typealias InboundOut = HTTPRequestPart

  private let timeout: TimeAmount
  private var deadline: Scheduled<Void>?
  private var headRead = false

  init(seconds: Int) {
    timeout = .seconds(Int64(seconds))
  }

  func handlerAdded(context: ChannelHandlerContext) {
    if context.channel.isActive { schedule(context) }
  }

  func channelActive(context: ChannelHandlerContext) {
    schedule(context)
    context.fireChannelActive()
  }

  func channelRead(context: ChannelHandlerContext, data: NIOAny) {
    if !headRead, case .head = unwrapInboundIn(data) {
      headRead = true
      deadline?.cancel()
      deadline = nil
    }
    context.fireChannelRead(data)
  }

  func handlerRemoved(context: ChannelHandlerContext) {
    deadline?.cancel()
    deadline = nil
  }

  private func schedule(_ context: ChannelHandlerContext) {
    guard deadline == nil, !headRead else { return }
    deadline = context.eventLoop.assumeIsolated().scheduleTask(in: timeout) {
      context.close(promise: nil)
    }
  }
}
