import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import RVUDomain
import Storage
import StoreAnalytics
import StorePostgres
import StoreSQLite
import TallyServer

/// Where the three databases are: the RVU and store ones default to the CLIs' own locations, so
/// `rvu-cli` and the server share data.
struct DatabaseOptions: ParsableArguments {
  @Option(
    name: .customLong("rvu-db"),
    help: ArgumentHelp(
      "The RVU database (default: rvu-cli's: $TALLY_RVU_DB, else ~/.local/share/tally/rvu.sqlite).",
      valueName: "path"))
  var rvuPath: String?

  @Option(
    name: .customLong("store-db"),
    help: ArgumentHelp(
      "The store database: a file, or postgres://user@host:port/dbname for PostgreSQL "
        + "(default: store-metrics': $TALLY_STORE_DB, else …/store.sqlite).",
      valueName: "path|url"))
  var storePath: String?

  @Option(
    name: .customLong("server-db"),
    help: ArgumentHelp(
      "Users, grants and POS keys (default: $TALLY_SERVER_DB, else …/tally/server.sqlite).",
      valueName: "path"))
  var serverPath: String?

  func location(app: String, _ path: String?) -> DatabaseLocation {
    DatabaseLocation.resolve(
      app: app, explicitPath: path, environment: ProcessInfo.processInfo.environment)
  }

  func openServer() throws -> ServerDatabase {
    try ServerDatabase.open(location(app: ServerDatabase.appName, serverPath))
  }

  func openRVU() throws -> RVUStore {
    try RVUStore.open(location(app: RVUDomainModule.appName, rvuPath))
  }

  func openStores() throws -> ShopAnalytics {
    try StoreBackends.sqlite.withPostgreSQL().open(
      StoreLocation(location(app: StoreAnalyticsModule.appName, storePath)),
      environment: ProcessInfo.processInfo.environment)
  }
}

/// `--secret-file F`: the key of session tokens. There is no default: a server that made one up
/// would sign tokens nobody else could check, and one built in would be public.
struct SecretOption: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "A file holding the session-token secret (at least 32 bytes; a final newline is dropped).",
      valueName: "file"))
  var secretFile: String

  /// The session tokens signed with the file's secret.
  func sessions() throws -> SessionTokens {
    let data: Data
    do { data = try Data(contentsOf: URL(fileURLWithPath: secretFile)) } catch {
      throw TallyError(
        .missingInput,
        .notFound(kind: "secret file", name: secretFile, expected: "a readable file"))
    }
    var bytes = [UInt8](data)
    while let last = bytes.last, last == UInt8(ascii: "\n") || last == UInt8(ascii: "\r") {
      bytes.removeLast()
    }
    guard bytes.count >= SessionTokens.minimumSecretBytes else {
      throw TallyError.invalid(
        "--secret-file", secretFile,
        expected:
          "a file of at least \(SessionTokens.minimumSecretBytes) bytes of secret (it holds "
          + "\(bytes.count); e.g. head -c 48 /dev/urandom | base64 > FILE)",
        category: .usage)
    }
    let secret = bytes
    return try blockingAsync { try await SessionTokens(secret: secret) }
  }
}

/// Runs async work from a synchronous command (ArgumentParser's runner here is synchronous, so
/// every app keeps the one error contract of `CommandRunner`).
func blockingAsync<T: Sendable>(_ body: @escaping @Sendable () async throws -> T) throws -> T {
  let result = LockedValue<Result<T, any Error>?>(nil)
  let done = DispatchSemaphore(value: 0)
  Task {
    do { result.current = .success(try await body()) } catch { result.current = .failure(error) }
    done.signal()
  }
  done.wait()
  return try result.current!.get()
}
