import AnalyticsCore
import Foundation
import Hummingbird
import Logging

/// One log line per request: method, route (the registered pattern, so ids and query text stay
/// out), status, duration and the user or store acted for. Never a header, token, key or body.
struct RequestLog: RouterMiddleware {
  typealias Context = ServerContext

  func handle(
    _ request: Request, context: ServerContext,
    next: (Request, ServerContext) async throws -> Response
  ) async throws -> Response {
    let start = ContinuousClock.now
    do {
      let response = try await next(request, context)
      log(request, context: context, status: response.status.code, start: start, reason: nil)
      return response
    } catch {
      let status = (error as? any HTTPResponseError)?.status.code ?? 500
      log(
        request, context: context, status: status, start: start,
        reason: (error as? APIError)?.reason ?? (status == 500 ? "\(error)" : nil))
      throw Self.withBody(error, path: request.uri.path)
    }
  }

  /// Every error answer with a JSON body in the shape of its contract: Hummingbird's own (an
  /// unknown route's 404, a 500 from an error no route mapped) answered an empty body, which a
  /// client decoding `{error}` cannot read.
  static func withBody(_ error: any Error, path: String) -> any Error {
    if let error = error as? APIError { return error }
    let status = (error as? any HTTPResponseError)?.status ?? .internalServerError
    let message =
      status == .notFound
      ? "Not found: no route \(path.prefix(200))"
      : status == .internalServerError ? "Internal server error" : status.reasonPhrase
    return shaped(APIError.message(status, message), path: path)
  }

  /// An `{error}` answer in PostgREST's shape on its paths (`/rest/v1/…`), as is elsewhere.
  static func shaped(_ error: APIError, path: String) -> APIError {
    guard path.hasPrefix("/rest/v1/"), error.body["code"] == nil else { return error }
    let message = error.body["error"]?.plainText ?? error.status.reasonPhrase
    let code =
      error.status == .notFound
      ? "PGRST205"
      : error.status == .tooManyRequests
        ? "PGRST301"
        : "PGRST000"
    return APIError(
      error.status,
      body: APIError.postgREST(error.status, code: code, message: message).body,
      reason: error.reason, retryAfter: error.retryAfter)
  }

  private func log(
    _ request: Request, context: ServerContext, status: Int, start: ContinuousClock.Instant,
    reason: String?
  ) {
    let elapsed = ContinuousClock.now - start
    // Hundredths of a millisecond, written by hand: `String(format:)` on every request showed in
    // the server's profile.
    let hundredths =
      elapsed.components.seconds * 100_000 + elapsed.components.attoseconds / 10_000_000_000_000
    let fraction = hundredths % 100
    let ms = "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    var metadata: Logger.Metadata = [
      "method": "\(request.method.rawValue)", "route": "\(context.endpointPath ?? "-")",
      "status": "\(status)", "ms": "\(ms)",
      "user": "\(context.actingFor.current ?? "-")",
    ]
    if let reason { metadata["reason"] = "\(reason)" }
    context.logger.info("request", metadata: metadata)
  }
}

/// The per-request context: Hummingbird's core storage, plus who the request acted for so that
/// the request log can name them after the handler has run.
public struct ServerContext: RequestContext {
  public var coreContext: CoreRequestContextStorage
  /// Set by authentication; a reference shared by every copy of the context, because the
  /// logging middleware holds its own copy from before the handler ran.
  let actingFor: LockedValue<String?>

  public init(source: ApplicationRequestContextSource) {
    coreContext = .init(source: source)
    actingFor = LockedValue(nil)
  }

  /// The request body limit: 1 MiB is far above any visit, favorites list or POS batch the
  /// seeds send, and small enough that a flood of bodies cannot exhaust memory.
  public var maxUploadSize: Int { ServerLimits.maximumBodyBytes }
}

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
