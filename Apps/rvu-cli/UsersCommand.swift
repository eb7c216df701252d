import AnalyticsCore
import ArgumentParser
import CLIKit
import RVUDomain

extension RVUCommand {
  /// `rvu-cli users …`.
  struct Users: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "users",
      abstract: "Delete a user's data from this database.",
      discussion: "Example:\n  rvu-cli users delete 113294753812 --yes",
      subcommands: [Delete.self])
  }
}

extension RVUCommand.Users {
  /// `rvu-cli users delete ID --yes`: what `DELETE /api/user` does to the RVU database.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract:
        "Delete a user's visits, favorites, custom codes, templates and settings in one "
        + "transaction (needs --yes).",
      discussion: """
        Example:
          rvu-cli users delete 113294753812 --yes

        The server's sign-in record of the user stays with tally-server; the app's own \
        account deletion (DELETE /api/user) removes both.
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The user id (local for the CLI's own data).") var id: String
    @Flag(help: "Confirm: the user's data is deleted for good.") var yes = false

    func run() throws {
      guard yes else {
        throw ValidationError(
          "deleting user \(id) deletes all their visits, favorites, custom codes, templates, time off and settings: expected --yes to confirm"
        )
      }
      let deleted = try global.openRVUStore().deleteUser(id)
      if global.format == .table {
        Terminal.writeOutput(
          "Deleted user \(id): \(counted(deleted.visits, "visit")), "
            + "\(counted(deleted.procedures, "procedure")), "
            + "\(counted(deleted.favorites, "favorite")), "
            + "\(counted(deleted.customCodes, "custom code")), "
            + "\(counted(deleted.templates, "template")), "
            + "\(counted(deleted.timeOff, "time-off entry", "time-off entries")), "
            + "\(counted(deleted.settings, "settings row")).\n")
      } else {
        global.print(object: [
          "user_id": .string(id), "visits": .int(deleted.visits),
          "procedures": .int(deleted.procedures), "favorites": .int(deleted.favorites),
          "settings": .int(deleted.settings), "custom_codes": .int(deleted.customCodes),
          "templates": .int(deleted.templates), "time_off": .int(deleted.timeOff),
        ])
      }
    }
  }
}
