import ArgumentParser
import CLIKit
import RVUDomain

extension RVUCommand {
  /// `rvu-cli favorites …`.
  struct Favorites: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "favorites",
      abstract: "Keep an ordered list of favorite codes.",
      discussion: "Example:\n  rvu-cli favorites add 99214",
      subcommands: [List.self, Add.self, Remove.self, Reorder.self])
  }
}

extension RVUCommand.Favorites {
  /// `rvu-cli favorites list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List your favorites in order.", discussion: "Example:\n  rvu-cli favorites list")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions

    func run() throws {
      global.print(
        rows: try global.openRVUStoreToRead().favorites(userId: user.id).map(\.jsonObject),
        columns: Favorite.columns)
    }
  }

  /// `rvu-cli favorites add CODE`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a code at the end of your favorites (a code already there stays put).",
      discussion: "Example:\n  rvu-cli favorites add 99214")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The code.", completion: codeCompletion) var code: String

    func run() throws {
      let (favorite, added) = try withRVUHints {
        try global.openRVUStore().addFavorite(code, userId: user.id)
      }
      if !added {
        Terminal.writeError(
          "\(favorite.hcpcs) is already a favorite (position \(favorite.sortOrder + 1)); nothing changed.\n"
        )
      }
      if global.format == .table {
        if added {
          Terminal.writeOutput("Added \(favorite.hcpcs) at position \(favorite.sortOrder + 1).\n")
        }
      } else {
        global.print(object: favorite.jsonObject)
      }
    }
  }

  /// `rvu-cli favorites remove CODE`.
  struct Remove: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "remove",
      abstract: "Remove a code from your favorites.",
      discussion: "Example:\n  rvu-cli favorites remove 99214")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The code.") var code: String

    func run() throws {
      try global.openRVUStore().removeFavorite(code, userId: user.id)
      if global.format == .table {
        Terminal.writeOutput("Removed \(code.uppercased()) from your favorites.\n")
      } else {
        global.print(object: ["message": .string("Favorite removed successfully")])
      }
    }
  }

  /// `rvu-cli favorites reorder CODE...`.
  struct Reorder: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reorder",
      abstract: "Put your favorites in a new order: list every favorite once.",
      discussion: "Example:\n  rvu-cli favorites reorder 99214 99213 G2211")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "Every favorite code, in the new order.") var codes: [String] = []

    func run() throws {
      let favorites = try global.openRVUStore().reorderFavorites(codes, userId: user.id)
      global.print(rows: favorites.map(\.jsonObject))
    }
  }
}
