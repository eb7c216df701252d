import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import Logging
import Storage
import TallyServer

extension TallyServerCommand {
  struct Serve: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "serve",
      abstract: "Answer both contracts on HOST:PORT until SIGTERM or SIGINT.",
      discussion: """
        Logs one line per request on standard error (method, route, status, duration, user).
        On SIGTERM it stops accepting connections, finishes the requests in flight and closes
        the databases. --port 0 picks a free port and prints it ("listening on …").

        Example:
          tally-server serve --port 8080 --secret-file /etc/tally/secret \\
            --google-client-id 123-web.apps.googleusercontent.com \\
            --google-jwks google-certs.json \\
            --apple-client-id com.example.trackmyrvu --apple-jwks apple-keys.json
        """)

    @Option(help: "The address to listen on.") var host = "127.0.0.1"
    @Option(help: "The port (0: any free port).") var port = 8080
    @OptionGroup var databases: DatabaseOptions
    @OptionGroup var secret: SecretOption
    @Option(
      name: .customLong("google-client-id"),
      help: ArgumentHelp(
        "An OAuth client id whose Google ID tokens sign in (repeat for web and iOS).",
        valueName: "id"))
    var googleClientIds: [String] = []
    @Option(
      name: .customLong("google-jwks"),
      help: ArgumentHelp(
        "Google's signing keys as its certs endpoint publishes them (a JWKS file).",
        valueName: "file"))
    var googleJWKS: String?
    @Option(
      name: .customLong("apple-client-id"),
      help: ArgumentHelp(
        "An app id whose Sign in with Apple tokens sign in: the iOS bundle id or the web's "
          + "Services ID (repeat for both).",
        valueName: "id"))
    var appleClientIds: [String] = []
    @Option(
      name: .customLong("apple-jwks"),
      help: ArgumentHelp(
        "Apple's signing keys as https://appleid.apple.com/auth/keys publishes them (a JWKS file).",
        valueName: "file"))
    var appleJWKS: String?
    @Option(help: "Seconds a new connection has to send its request's headers (1 to 600).")
    var headerTimeout = ConnectionLimits().headerSeconds
    @Option(help: "Seconds a connection may sit with nothing read before it is closed (1 to 3600).")
    var idleTimeout = ConnectionLimits().idleSeconds
    @Option(help: "Connections open at once; more wait to be accepted (1 to 100000).")
    var maxConnections = ConnectionLimits().maximumConnections
    @Option(
      help: ArgumentHelp(
        "Requests a minute per signed-in user, in bursts of a sixth of it; more are 429 "
          + "(0: no limit)."))
    var rateLimit = RateLimit.default.perMinute

    func validate() throws {
      for (flag, value, range) in [
        ("--header-timeout", headerTimeout, 1...600), ("--idle-timeout", idleTimeout, 1...3_600),
        ("--max-connections", maxConnections, 1...100_000),
        ("--rate-limit", rateLimit, 0...1_000_000),
      ] where !range.contains(value) {
        throw ValidationError(
          "\(flag) \(value) is out of range: give \(range.lowerBound) to \(range.upperBound)")
      }
      // NIO would take any Int and bind a port of its own choosing, and the server would run.
      guard (0...65_535).contains(port) else {
        throw ValidationError(
          TallyError.invalid("--port", String(port), expected: "a port from 0 to 65535")
            .description)
      }
      if googleClientIds.isEmpty != (googleJWKS == nil) {
        throw ValidationError(
          "--google-client-id and --google-jwks go together: sign-in needs both")
      }
      if appleClientIds.isEmpty != (appleJWKS == nil) {
        throw ValidationError(
          "--apple-client-id and --apple-jwks go together: sign-in needs both")
      }
    }

    func run() throws {
      let sessions = try secret.sessions()
      func jwks(_ path: String) throws -> String {
        do { return try String(contentsOfFile: path, encoding: .utf8) } catch {
          throw TallyError(
            .missingInput,
            .notFound(kind: "JWKS file", name: path, expected: "a readable JSON file"))
        }
      }
      var google: GoogleSignIn?
      if let googleJWKS {
        let (text, ids) = (try jwks(googleJWKS), googleClientIds)
        google = try blockingAsync { try await GoogleSignIn(jwks: text, clientIds: ids) }
      }
      var apple: AppleSignIn?
      if let appleJWKS {
        let (text, ids) = (try jwks(appleJWKS), appleClientIds)
        apple = try blockingAsync { try await AppleSignIn(jwks: text, clientIds: ids) }
      }
      // Requests are answered at once: a pool of readers per database, not one connection.
      DatabaseOpener.concurrentReads = true
      let api = TallyAPI(
        rvu: try databases.openRVU(), shops: try databases.openStores(),
        server: try databases.openServer(), sessions: sessions, google: google, apple: apple,
        rateLimit: RateLimit(perMinute: rateLimit))
      LoggingSystem.bootstrap(LogLine.init)
      var logger = Logger(label: "tally-server")
      logger.logLevel = .info
      let host = host
      let limits = ConnectionLimits(
        headerSeconds: headerTimeout, idleSeconds: idleTimeout,
        maximumConnections: maxConnections)
      let app = api.application(host: host, port: port, limits: limits, logger: logger) { port in
        Terminal.writeNotice("listening on \(host):\(port)")
      }
      try blockingAsync { try await app.runService() }
      // The stores are released here, closing their connections (WAL checkpointed).
    }
  }
}
