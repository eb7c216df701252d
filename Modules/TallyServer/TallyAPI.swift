import AnalyticsCore
import DataFormats
import Foundation
import Hummingbird
import HummingbirdCore
import Logging
import RVUDomain
import StoreAnalytics

/// The server: both seed contracts over the domain modules, and what they need — the RVU and
/// store databases the CLIs use, the server's own database, session tokens and Google sign-in.
public struct TallyAPI: Sendable {
  let rvu: RVUStore
  let shops: ShopAnalytics
  let server: ServerDatabase
  let sessions: SessionTokens
  let google: GoogleSignIn?
  let apple: AppleSignIn?
  /// When "now" is: the wall clock, or a fixed instant in tests.
  let clock: TallyClock
  /// Store RPC and view answers kept while the store data is unchanged.
  let storeAnswers = AnswerCache()
  /// Favorites and analytics answers kept while the RVU data is unchanged.
  let rvuAnswers = AnswerCache()
  /// Requests per signed-in user.
  let rateLimiter: RateLimiter

  public init(
    rvu: RVUStore, shops: ShopAnalytics, server: ServerDatabase, sessions: SessionTokens,
    google: GoogleSignIn?, apple: AppleSignIn? = nil, rateLimit: RateLimit = .default,
    clock: TallyClock = .system
  ) {
    self.rateLimiter = RateLimiter(rateLimit)
    self.rvu = rvu
    // The stores' today follows this server's clock, so the domain's day rule (`currentDay`)
    // is the only one the routes use.
    self.shops = ShopAnalytics(repository: shops.repository, clock: clock)
    self.server = server
    self.sessions = sessions
    self.google = google
    self.apple = apple
    self.clock = clock
  }

  /// Every route the server answers.
  public var routes: [Route] {
    [
      Route(.get, "/healthz") { _, _ in
        JSONResponse.object(["status": .string("ok")])
      },
      Route(.get, "/readyz") { _, _ in await readiness() },
    ]
      + authRoutes + visitRoutes + favoriteRoutes + templateRoutes + customCodeRoutes
      + settingsRoutes
      + analyticsRoutes + storeRoutes
      + posRoutes
      + reportRoutes
  }

  /// The threads of requests that may block on each database (`RouteDatabase`): a request
  /// waits for a thread of its own database, never for the whole server, and past a pool's
  /// capacity it is refused with a 503 at once. 24 as the one pool had before: with 12, wrk's
  /// 32 connections on cached `GET /api/analytics` answers lost a fifth (10,524 → 8,354 req/s).
  /// Idle threads cost a stack each.
  static let rvuThreads = BlockingExecutor(threads: 24, name: "tally-rvu")
  static let storeThreads = BlockingExecutor(threads: 24, name: "tally-store")
  static let serverThreads = BlockingExecutor(threads: 4, name: "tally-server")

  /// How long `/readyz` waits for a database's read.
  static let readinessTimeout: Duration = .seconds(1)

  /// The databases whose `/readyz` read has not run yet: at most one waits per database, so
  /// probes of a stuck one (unauthenticated, not rate-limited) queue nothing more.
  static let probing = LockedValue<Set<RouteDatabase>>([])

  /// `/readyz`: whether each database answers a read within `readinessTimeout`, on its own
  /// threads (so a pool taken by requests waiting on a lock says `busy`); the three at once; 200
  /// when all do, else 503, each named.
  func readiness() async -> Response {
    async let rvuState = probe(.rvu) { [rvu] in _ = try rvu.revision() }
    async let storeState = probe(.store) { [shops] in _ = try shops.revision() }
    async let serverState = probe(.server) { [server] in try server.answers() }
    let states = await [("rvu", rvuState), ("store", storeState), ("server", serverState)]
    let ready = states.allSatisfy { $0.1 == "ok" }
    var databases: JSONObject = [:]
    for (name, state) in states { databases[name] = .string(state) }
    return JSONResponse.object(
      ["status": .string(ready ? "ready" : "unavailable"), "databases": .object(databases)],
      status: ready ? .ok : .serviceUnavailable)
  }

  /// `ok`, `error`, or `busy` when `check` has not answered within `readinessTimeout` (or an
  /// earlier probe's read still waits for a thread).
  private func probe(_ database: RouteDatabase, _ check: @escaping @Sendable () throws -> Void)
    async -> String
  {
    guard Self.probing.withLock({ $0.insert(database).inserted }) else { return "busy" }
    // The first of the read and the timeout answers; the read, when its threads are all taken,
    // runs later and is ignored (a task group would wait for it).
    return await withCheckedContinuation { (continuation: CheckedContinuation<String, Never>) in
      let pending = LockedValue<CheckedContinuation<String, Never>?>(continuation)
      let answer: @Sendable (String) -> Void = { state in
        pending.withLock { waiting in
          waiting?.resume(returning: state)
          waiting = nil
        }
      }
      Task(executorPreference: database.threads) {
        defer { _ = Self.probing.withLock { $0.remove(database) } }
        do {
          try check()
          answer("ok")
        } catch { answer("error") }
      }
      Task {
        try? await Task.sleep(for: Self.readinessTimeout)
        answer("busy")
      }
    }
  }

  /// The router with every route and the request log.
  public func router() -> Router<ServerContext> {
    // HEAD of every GET path is generated; another method on a known path is a 405 (see
    // `MethodNotAllowed`), not a 404 that would say the path does not exist.
    let router = Router(context: ServerContext.self, options: .autoGenerateHeadEndpoints)
    router.add(middleware: RequestLog())
    router.add(middleware: MethodNotAllowed(routes: routes))
    for route in routes {
      router.on(RouterPath(route.path), method: route.method) { request, context in
        guard let threads = route.database?.threads else {
          return try await route.handler(request, context)
        }
        // The body is read whole first, within `ServerLimits.bodySeconds`: a client trickling
        // it must not hold one of the database's slots while it does.
        let request = try await JSONBody.readBody(of: request)
        guard threads.admit() else {
          throw RequestLog.shaped(
            APIError(
              .serviceUnavailable,
              body: ["error": .string("The server is busy with this database; retry in a second")],
              retryAfter: 1), path: request.uri.path)
        }
        defer { threads.leave() }
        return try await withTaskExecutorPreference(threads) {
          try await route.handler(request, context)
        }
      }
    }
    return router
  }

  /// The application on `host:port`; it stops on SIGTERM or SIGINT after the requests in flight
  /// (swift-service-lifecycle's graceful shutdown).
  public func application(
    host: String, port: Int, limits: ConnectionLimits = ConnectionLimits(), logger: Logger,
    onServerRunning: @escaping @Sendable (Int) async -> Void = { _ in }
  ) -> some ApplicationProtocol {
    let headerSeconds = limits.headerSeconds
    return Application(
      router: router(),
      server: .http1(
        configuration: .init(
          additionalChannelHandlers: [
            RequestTimeouts(headSeconds: headerSeconds, bodySeconds: ServerLimits.bodySeconds)
          ],
          idleTimeout: .seconds(Int64(limits.idleSeconds)))),
      configuration: .init(
        address: .hostname(host, port: port), serverName: "tally-server",
        availableConnectionsDelegate: MaximumAvailableConnections(limits.maximumConnections)),
      onServerRunning: { channel in await onServerRunning(channel.localAddress?.port ?? port) },
      logger: logger)
  }

  // MARK: Authentication

  /// The signed-in user of a request (`Authorization: Bearer <sessionToken>`), noted for the log.
  func user(_ request: Request, context: ServerContext) async throws -> String {
    guard let token = Self.bearer(request) else {
      throw APIError.unauthorized(.missingToken)
    }
    let user: String
    do {
      let (signedIn, issuedAt) = try await sessions.session(of: token)
      // A session of a deleted account ends with it (`DELETE /api/user`).
      if let deleted = try server.deletedAt(userId: signedIn),
        Instant(issuedAt).millisecondsSinceEpoch <= deleted.millisecondsSinceEpoch
      {
        throw AuthFailure.invalidSession
      }
      context.actingFor.current = signedIn
      user = signedIn
    } catch let failure as AuthFailure {
      throw APIError.unauthorized(failure)
    }
    if let seconds = rateLimiter.take(user) {
      throw APIError(
        .tooManyRequests,
        body: [
          "error": .string(
            "Too many requests: at most \(rateLimiter.limit.perMinute) a minute; retry in "
              + "\(seconds) s")
        ], retryAfter: seconds)
    }
    return user
  }

  /// The token of an `Authorization: Bearer …` header.
  static func bearer(_ request: Request) -> String? {
    bearer(header: request.headers[.authorization])
  }

  /// The token of an `Authorization` header's value, if it is `Bearer <token>` (any case).
  static func bearer(header: String?) -> String? {
    guard let header else { return nil }
    // Compared and trimmed on bytes: every request passes here, and lowercasing and Foundation's
    // trimming of the whole header were a twentieth of a small request (perf).
    let scheme = "bearer ".utf8
    let bytes = header.utf8
    // ASCII letters compare without case by their 0x20 bit; the space is 0x20 itself.
    guard bytes.count > scheme.count,
      zip(bytes.prefix(scheme.count), scheme).allSatisfy({ $0 | 0x20 == $1 })
    else { return nil }
    let token = bytes.dropFirst(scheme.count).drop(while: { $0 == 0x20 || $0 == 0x09 })
    let end = token.lastIndex(where: { $0 != 0x20 && $0 != 0x09 })
    guard let end else { return nil }
    return String(Substring(token[...end]))
  }
}
