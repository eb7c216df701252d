import AnalyticsCore
import Foundation
import Storage

/// A PostgreSQL database named by a `postgres://user[:password]@host[:port]/dbname[?schema=s]`
/// URL. The password comes from the URL, else `PGPASSWORD`, else `~/.pgpass` (the app hands in
/// the environment); `description` never shows it.
public struct PostgresLocation: Sendable, Equatable, CustomStringConvertible {
  public var host: String
  public var port: Int
  public var user: String
  public var password: String?
  public var database: String
  /// Where Tally's tables live, so one database can hold other schemas beside them.
  public var schema: String

  public static let defaultSchema = "tally_store"
  static let defaultPort = 5432

  /// Reads `url`, taking a missing password from `environment` (`PGPASSWORD`, then the
  /// `~/.pgpass` of `HOME`).
  ///
  /// - throws: `TallyError` (usage) naming the URL, without its password, and what was expected.
  public init(url: String, environment: [String: String] = [:]) throws {
    let expected = "postgres://user[:password]@host[:port]/dbname[?schema=name]"
    guard DatabaseLocation.isPostgresURL(url), let parts = URLComponents(string: url),
      let host = parts.host, !host.isEmpty, let user = parts.user, !user.isEmpty
    else {
      throw TallyError.invalid("database URL", Self.redacted(url), expected: expected)
    }
    let database = String(parts.path.drop { $0 == "/" })
    guard !database.isEmpty, !database.contains("/") else {
      throw TallyError.invalid("database URL", Self.redacted(url), expected: expected)
    }
    let schema = parts.queryItems?.first { $0.name == "schema" }?.value ?? Self.defaultSchema
    guard Self.isIdentifier(schema) else {
      throw TallyError.invalid(
        "schema", schema, expected: "lowercase letters, digits and _, starting with a letter")
    }
    let port = parts.port ?? Self.defaultPort
    let userName = user
    self.host = host
    self.port = port
    self.user = userName
    self.database = database
    self.schema = schema
    self.password =
      parts.password
      ?? environment["PGPASSWORD"]
      ?? environment["HOME"].flatMap {
        Self.passwordFile(
          atPath: $0 + "/.pgpass", host: host, port: port, database: database, user: userName)
      }
  }

  /// The URL without its password.
  public var description: String {
    let schemaPart = schema == Self.defaultSchema ? "" : "?schema=\(schema)"
    return "postgres://\(user)@\(host):\(port)/\(database)\(schemaPart)"
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
