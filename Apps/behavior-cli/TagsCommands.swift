import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

extension BehaviorCommand {
  /// `behavior-cli tags …`.
  struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "tags",
      abstract: "List and rename tags.",
      discussion: "Example:\n  behavior-cli tags list",
      subcommands: [List.self, Rename.self])

    /// `behavior-cli tags list`.
    struct List: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List tags with how many entries and journal entries carry each.",
        discussion: "Example:\n  behavior-cli tags list")
      @OptionGroup var global: GlobalOptions

      func execute() throws {
        global.print(
          rows: try global.openBehaviorStoreToRead().tags().map(BehaviorJSON.tag),
          columns: BehaviorJSON.tagColumns)
      }
    }

    /// `behavior-cli tags rename OLD NEW`.
    struct Rename: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "rename",
        abstract: "Rename a tag; when NEW exists, the two are merged.",
        discussion: "Example:\n  behavior-cli tags rename Noise loud-noise")
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The tag to rename.") var old: String
      @Argument(help: "Its new name.") var new: String

      func execute() throws {
        let merged = try global.openBehaviorStore().renameTag(old, to: new)
        Terminal.writeOutput(
          merged ? "Merged '\(old)' into '\(new)'.\n" : "Renamed '\(old)' to '\(new)'.\n")
      }
    }
  }
}
