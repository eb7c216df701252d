import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

extension BehaviorCommand {
  /// `behavior-cli favorites …`.
  struct Favorites: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "favorites",
      abstract: "Keep favorite pattern types for quick logging.",
      discussion: "Example:\n  behavior-cli favorites add sensory-overload",
      subcommands: [List.self, Add.self, Remove.self])

    /// `behavior-cli favorites list`.
    struct List: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List favorites in order (their numbers work with 'quick').",
        discussion: "Example:\n  behavior-cli favorites list")
      @OptionGroup var global: GlobalOptions

      func execute() throws {
        let favorites = try global.openBehaviorStoreToRead().favorites()
        global.print(
          rows: favorites.enumerated().map { BehaviorJSON.favorite(position: $0 + 1, $1) },
          columns: BehaviorJSON.favoriteColumns)
      }
    }

    /// `behavior-cli favorites add TYPE`.
    struct Add: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a pattern type at the end of the favorites.",
        discussion: "Example:\n  behavior-cli favorites add sensory-overload")
      @OptionGroup var global: GlobalOptions
      @Argument(
        help: "The pattern type.", completion: patternCompletion, transform: PatternCatalog.resolve)
      var type: PatternType

      func execute() throws {
        let added = try global.openBehaviorStore().addFavorite(type)
        Terminal.writeOutput(
          added ? "Added \(type.id) to the favorites.\n" : "\(type.id) already is a favorite.\n")
      }
    }

    /// `behavior-cli favorites remove TYPE`.
    struct Remove: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "remove",
        abstract: "Remove a pattern type from the favorites.",
        discussion: "Example:\n  behavior-cli favorites remove sensory-overload")
      @OptionGroup var global: GlobalOptions
      @Argument(
        help: "The pattern type.", completion: patternCompletion, transform: PatternCatalog.resolve)
      var type: PatternType

      func execute() throws {
        try global.openBehaviorStore().removeFavorite(type)
        Terminal.writeOutput("Removed \(type.id) from the favorites.\n")
      }
    }
  }

}
