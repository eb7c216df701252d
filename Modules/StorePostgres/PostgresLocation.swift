import AnalyticsCore
import Foundation
import Storage
import StoreAnalytics

/// A PostgreSQL database named by a `postgres://user[:password]@host[:port]/dbname[?schema=s]`
/// URL, with libpq's `sslmode` and `sslrootcert` settings. The password comes from the URL, else
/// `PGPASSWORD`, else `~/.pgpass` (the app hands in the environment); `description` never shows
/// it.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
  /// libpq's `sslmode`, with its default (`prefer`) and meanings: `prefer` and `allow` encrypt
  /// when the server offers it; `require` insists on encryption without checking the server's
  /// certificate; `verify-ca` checks the certificate's chain; `verify-full` checks the host name
  /// too.
  public enum TLSMode: String, Sendable, CaseIterable {
    case disable, allow, prefer, require
    case verifyCA = "verify-ca"
    case verifyFull = "verify-full"
  }

  public var host: String
  public var port: Int
  public var user: String
  public var password: String?
  public var database: String
  /// Where Tally's tables live, so one database can hold other schemas beside them.
  public var schema: String
  public var tlsMode: TLSMode
  /// A file of trusted CA certificates (PEM) for `verify-ca` and `verify-full`; the system's
  /// when `nil`.
  public var rootCertificate: String?

  public static let defaultSchema = "tally_store"
  static let defaultPort = 5432

  /// Reads `url`, taking a missing password from `environment` (`PGPASSWORD`, then the
  /// `~/.pgpass` of `HOME`).
  ///
  /// - throws: `TallyError` (usage) naming the URL, without its password, and what was expected.
  public init(url: String, environment: [String: String] = [:]) throws {
    let expected = "postgres://user[:password]@host[:port]/dbname[?schema=name]"
    func bad(_ field: String, _ value: String, _ expected: String) -> TallyError {
      TallyError.invalid(field, value, expected: expected, category: .usage)
    }
    guard StoreLocation.isPostgresURL(url), let parts = URLComponents(string: url),
      var host = parts.host, !host.isEmpty, let user = parts.user, !user.isEmpty
    else {
      throw bad("database URL", Self.redacted(url), expected)
    }
    // An IPv6 address is written in brackets, which are not part of it.
    if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
    let database = String(parts.path.drop { $0 == "/" })
    guard !database.isEmpty, !database.contains("/") else {
      throw bad("database URL", Self.redacted(url), expected)
    }
    var settings: [String: String] = [:]
    for item in parts.queryItems ?? [] {
      guard Self.settings.contains(item.name) else {
        throw bad(
          "database URL setting", item.name,
          "one of " + Self.settings.joined(separator: ", "))
      }
      guard settings[item.name] == nil else {
        throw bad("database URL setting", item.name, "each setting once")
      }
      settings[item.name] = item.value ?? ""
    }
    let schema = settings["schema"] ?? Self.defaultSchema
    guard Self.isIdentifier(schema) else {
      throw bad(
        "schema", schema,
        "at most 63 lowercase letters, digits and _, starting with a letter")
    }
    guard !schema.hasPrefix("pg_"), schema != "information_schema" else {
      throw bad("schema", schema, "a schema of your own, not one of PostgreSQL's")
    }
    guard let tlsMode = TLSMode(rawValue: settings["sslmode"] ?? TLSMode.prefer.rawValue) else {
      throw bad(
        "sslmode", settings["sslmode"] ?? "",
        "one of " + TLSMode.allCases.map(\.rawValue).joined(separator: ", "))
    }
    if let root = settings["sslrootcert"], root.isEmpty {
      throw bad("sslrootcert", root, "the path of a file of CA certificates")
    }
    let port = parts.port ?? Self.defaultPort
    // Checked here: NIO would take 99587 as 34051, another server's port.
    guard (1...65_535).contains(port) else {
      throw bad("port", String(port), "a port from 1 to 65535")
    }
    let userName = user
    self.host = host
    self.port = port
    self.user = userName
    self.database = database
    self.schema = schema
    self.tlsMode = tlsMode
    self.rootCertificate = settings["sslrootcert"]
    self.password =
      parts.password
      ?? environment["PGPASSWORD"]
      ?? environment["HOME"].flatMap {
        Self.passwordFile(
          atPath: $0 + "/.pgpass", host: host, port: port, database: database, user: userName)
      }
  }

  /// The settings a URL may carry after `?`.
  static let settings = ["schema", "sslmode", "sslrootcert"]

  /// The URL without its password.
  public var description: String {
    var settings: [String] = []
    if schema != Self.defaultSchema { settings.append("schema=\(schema)") }
    if tlsMode != .prefer { settings.append("sslmode=\(tlsMode.rawValue)") }
    if let rootCertificate { settings.append("sslrootcert=\(rootCertificate)") }
    let hostPart = host.contains(":") ? "[\(host)]" : host
    return "postgres://\(user)@\(hostPart):\(port)/\(database)"
      + (settings.isEmpty ? "" : "?" + settings.joined(separator: "&"))
  }

  /// A schema name safe to splice into SQL (identifiers cannot be bound).
  static func isIdentifier(_ name: String) -> Bool {
    guard let first = name.unicodeScalars.first, ("a"..."z").contains(first) else { return false }
    return name.count <= 63
      && name.unicodeScalars.allSatisfy {
        ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "_"
      }
  }

  /// `url` with any password replaced by `***`, for error messages.
  static func redacted(_ url: String) -> String {
    guard let at = url.firstIndex(of: "@"), let scheme = url.range(of: "://"),
      scheme.upperBound < at
    else { return url }
    let credentials = url[scheme.upperBound..<at]
    guard let colon = credentials.firstIndex(of: ":") else { return url }
    return String(url[..<colon]) + ":***" + String(url[at...])
  }

  /// The password of the first matching `host:port:database:user:password` line of a pgpass
  /// file (`*` matches anything), as libpq reads it.
  static func passwordFile(
    atPath path: String, host: String, port: Int, database: String, user: String
  ) -> String? {
    guard let text = try? String(contentsOfFile: path, encoding: .utf8) else { return nil }
    for line in text.split(whereSeparator: \.isNewline) where !line.hasPrefix("#") {
      let fields = line.split(separator: ":", maxSplits: 4, omittingEmptySubsequences: false)
      guard fields.count == 5 else { continue }
      let wanted = [host, String(port), database, user]
      if zip(fields.prefix(4), wanted).allSatisfy({ $0 == "*" || $0 == $1 }) {
        return String(fields[4])
      }
    }
    return nil
  }
}
