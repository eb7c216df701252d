import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import RVUDomain

/// `--user ID`: whose visits and favorites.
struct UserOptions: ParsableArguments {
  @Option(
    name: .customLong("user"),
    help: ArgumentHelp(
      "The user whose data this is (default: $RVU_USER, else local).", valueName: "id"))
  var userOption: String?

  /// `--user`, else `$RVU_USER` when set and not empty, else the domain's local user.
  var id: String {
    if let userOption { return userOption }
    let fromEnvironment = ProcessInfo.processInfo.environment["RVU_USER"] ?? ""
    return fromEnvironment.isEmpty ? RVUStore.localUser : fromEnvironment
  }

  func validate() throws {
    if let userOption, userOption.trimmingCharacters(in: .whitespaces).isEmpty {
      throw ValidationError("--user must not be empty")
    }
  }
}

/// `--catalog-year YYYY`: which catalog version to read.
struct CatalogOptions: ParsableArguments {
  @Option(
    name: .customLong("catalog-year"),
    help: ArgumentHelp(
      "Use this year's newest release (default: for visits the one in force on their date, "
        + "for codes the newest).",
      valueName: "year"))
  var year: Int?
}

extension GlobalOptions {
  /// Opens the RVU database named by these options; the as-of day is the last day a visit may
  /// be logged on.
  func openRVUStore() throws -> RVUStore {
    try RVUStore.open(databaseLocation(app: RVUDomainModule.appName), clock: clock, zone: zone)
  }

  /// The RVU database for a command that only reads: none yet is said, not made (the starter
  /// catalog answers from memory).
  func openRVUStoreToRead() throws -> RVUStore {
    try RVUStore.open(
      databaseLocationToRead(
        app: RVUDomainModule.appName,
        madeBy: "the first visits add, codes import, favorites add or settings set"),
      clock: clock, zone: zone)
  }
}

/// Runs `body`, adding to the domain's refusals the rvu-cli flag or command that helps: the
/// domain says what is wrong, only the app knows its own options.
///
/// - Parameter workRVU: whether the command takes `--work-rvu` (an unknown code can be saved
///   with an explicit value).
func withRVUHints<T>(workRVU: Bool = false, _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch let error as TallyError {
    switch error.cause {
    case .notFound(kind: "catalog", _, _) where RVUStore.isNoCatalogInForce(error):
      throw error.hinted("give --catalog-year YYYY to use a later year's")
    case .notFound(kind: "catalog", _, _):
      throw error.hinted("see 'rvu-cli codes versions'")
    case TallyError.emptyCatalog.cause:
      throw error.hinted("import one with 'rvu-cli codes import FILE'")
    case .notFound(kind: "code", _, _) where workRVU:
      throw error.hinted("give its work RVU with --work-rvu CODE=VALUE")
    case .missing(field: "work_rvu", _) where workRVU:
      throw error.hinted("give it with --work-rvu CODE=VALUE")
    case .missing(field: "year", _):
      throw error.hinted("give it with --year YYYY")
    case .invalid(field: "limit", _, _):
      throw error.hinted("give --limit within that range")
    default:
      throw error
    }
  }
}

/// HCPCS codes complete from the catalog of the database the command would use (the codes that
/// start with what was typed, as `codes search` finds them).
let codeCompletion = DatabaseCompletion.kind(app: RVUDomainModule.appName) { location, prefix in
  guard !prefix.isEmpty else { return [] }
  return try RVUStore.open(location).searchCodes(
    prefix, limit: DatabaseCompletion.limit, userId: RVUStore.localUser
  ).map(\.hcpcs)
}
