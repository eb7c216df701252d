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

  /// The user id.
  var id: String {
    userOption ?? RVUStore.defaultUser(environment: ProcessInfo.processInfo.environment)
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
    help: ArgumentHelp("The catalog version to use (default: the newest).", valueName: "year"))
  var year: Int?
}

extension GlobalOptions {
  /// Opens the RVU database named by these options.
  func openRVUStore() throws -> RVUStore {
    try RVUStore.open(databaseLocation(app: RVUDomainModule.appName))
  }
}

extension RVUPeriod: ExpressibleByArgument {}
