import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import TallyServer

extension StoreRole: ExpressibleByArgument {}

extension TallyServerCommand {
  struct Token: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "token",
      abstract: "Print a session token for a user (for scripts and tests).",
      discussion: """
        Example:
          TOKEN=$(tally-server token --user 1234567890 --secret-file secret.txt)
        """)
    @Option(help: ArgumentHelp("The user id (Google's sub).", valueName: "id")) var user: String
    @Option(help: "How many days the token is valid.") var days = SessionTokens.defaultDays
    @OptionGroup var secret: SecretOption

    func validate() throws {
      guard (1...SessionTokens.maximumDays).contains(days) else {
        throw ValidationError(
          TallyError.invalid(
            "--days", String(days), expected: "1 to \(SessionTokens.maximumDays)"
          ).description)
      }
    }

    func run() throws {
      let sessions = try secret.sessions()
      let (user, days) = (user, days)
      let token = try blockingAsync {
        try await sessions.token(userId: user, now: Instant(Date()), days: days)
      }
      Terminal.writeOutput(token + "\n")
    }
  }

  struct Grant: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "grant",
      abstract: "Let a user read a store's analytics.",
      discussion: """
        Example:
          tally-server grant --user 1234567890 --store 1 --role owner
        """)
    @Option(help: ArgumentHelp("The user id (Google's sub).", valueName: "id")) var user: String
    @Option(help: ArgumentHelp("The store id.", valueName: "id")) var store: String
    @Option(help: "owner or viewer.") var role: StoreRole = .viewer
    @OptionGroup var databases: DatabaseOptions

    func run() throws {
      // The store must exist: a grant for a typo would show the user nothing and hide the typo.
      _ = try databases.openStores().store(store)
      try databases.openServer().grant(userId: user, storeId: store, role: role)
      Terminal.writeOutput("Granted \(role.rawValue) on store \(store) to \(user).\n")
    }
  }

  struct Revoke: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "revoke",
      abstract: "Take a store away from a user.",
      discussion: """
        Example:
          tally-server revoke --user 1234567890 --store 1
        """)
    @Option(help: ArgumentHelp("The user id.", valueName: "id")) var user: String
    @Option(help: ArgumentHelp("The store id.", valueName: "id")) var store: String
    @OptionGroup var databases: DatabaseOptions

    func run() throws {
      try databases.openServer().revoke(userId: user, storeId: store)
      Terminal.writeOutput("Revoked store \(store) from \(user).\n")
    }
  }

  struct POSKeyCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "pos-key",
      abstract: "POS keys: what a store's point of sale sends orders with.",
      discussion: """
        Examples:
          tally-server pos-key create --store 1
          tally-server pos-key list
          tally-server pos-key revoke 3
        """,
      subcommands: [Create.self, List.self, Revoke.self])

    struct Create: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "create",
        abstract: "Make a key for a store's POS and print it once (only its hash is kept).",
        discussion: """
          Example:
            tally-server pos-key create --store 1
          """)
      @Option(help: ArgumentHelp("The store id.", valueName: "id")) var store: String
      @OptionGroup var databases: DatabaseOptions

      func run() throws {
        // The store must exist: a key for a typo would accept orders for no store.
        _ = try databases.openStores().store(store)
        let (key, id) = try databases.openServer().createPOSKey(storeId: store)
        Terminal.writeOutput(key + "\n")
        Terminal.writeNotice("POS key \(id) for store \(store): shown once, revoke it by its id")
      }
    }

    struct List: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List POS keys: id, store, the key's last characters, when it was made.",
        discussion: """
          Example:
            tally-server pos-key list --store 1
          """)
      @Option(help: ArgumentHelp("Only this store's keys.", valueName: "id")) var store: String?
      @Option(help: "table, json or csv.") var format: OutputFormat = .table
      @OptionGroup var databases: DatabaseOptions

      func run() throws {
        let rows: [JSONObject] = try databases.openServer().posKeys(storeId: store).map {
          [
            "id": .int(Int($0.id)), "store_id": .string($0.storeId),
            "key": $0.hint.isEmpty ? .null : .string($0.hint),
            "created_at": .string($0.createdAt.description),
          ]
        }
        Terminal.writeOutput(
          format.render(rows: rows, columns: ["id", "store_id", "key", "created_at"]))
      }
    }

    struct Revoke: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "revoke",
        abstract: "Delete a POS key: a running server refuses it from the next order on.",
        discussion: """
          Example:
            tally-server pos-key revoke 3
          """)
      @Argument(help: ArgumentHelp("The key's id (pos-key list).", valueName: "id")) var id: Int64
      @OptionGroup var databases: DatabaseOptions

      func run() throws {
        try databases.openServer().revokePOSKey(id: id)
        Terminal.writeOutput("Revoked POS key \(id).\n")
      }
    }
  }
}
