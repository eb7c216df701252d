import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import Foundation

#if canImport(Glibc)
  import Glibc
#endif

extension BehaviorCommand {
  /// `behavior-cli journal …`.
  struct Journal: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write, search and read journal entries.",
      subcommands: [
        Add.self, List.self, Search.self, Show.self, Read.self, Edit.self, Delete.self,
      ])
  }
}

/// `--content`, `--file`, or standard input: where a journal text comes from.
struct JournalText: ParsableArguments {
  @Option(help: ArgumentHelp("The text.", valueName: "text")) var content: String?
  @Option(help: ArgumentHelp("Read the text from this file.", valueName: "path")) var file: String?

  func validate() throws {
    if content != nil, file != nil {
      throw ValidationError("--content and --file both give the text: expected one of them")
    }
  }

  /// The text given, else standard input when it is not a terminal; `nil` when neither.
  func read(allowStandardInput: Bool) throws -> String? {
    if let content { return content }
    if let file {
      guard let text = String(data: try readFile(file), encoding: .utf8) else {
        throw TallyError.refused("\(file) is not UTF-8 text: expected a text file")
      }
      return text
    }
    guard allowStandardInput, isatty(STDIN_FILENO) == 0 else { return nil }
    let data = FileHandle.standardInput.readDataToEndOfFile()
    guard let text = String(data: data, encoding: .utf8) else {
      throw TallyError.refused("standard input is not UTF-8 text: expected text")
    }
    return text
  }
}

extension BehaviorCommand.Journal {
  /// `behavior-cli journal add`.
  struct Add: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Write a journal entry (text from --content, --file or standard input).",
      discussion: """
        Example:
          behavior-cli journal add --title "Hard Monday" --content "The office was loud." --link 12
          echo "Slept badly." | behavior-cli journal add --title "Night" --tag sleep
        """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "The title.") var title: String
    @OptionGroup var text: JournalText
    @Option(name: .customLong("tag"), help: "A tag (repeat for several).") var tags: [String] = []
    @Option(name: .customLong("link"), help: "The id of an entry it is about (repeatable).")
    var links: [Int64] = []
    @Option(help: ArgumentHelp("When (default: now).", valueName: "time")) var at: String?

    func execute() throws {
      let content = try text.read(allowStandardInput: true) ?? ""
      let journal = try global.openBehaviorStore().addJournal(
        JournalInput(
          title: title, content: content, timestamp: try global.instant(at: at), tags: tags,
          links: links))
      if global.format == .table {
        Terminal.writeOutput("Saved journal entry \(journal.id): \(journal.title)\n")
      } else {
        global.print(
          object: BehaviorJSON.journal(
            journal, zone: global.zone, flat: global.format != .json, content: true))
      }
    }
  }

  /// `behavior-cli journal list`.
  struct List: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "List journal entries, newest first.",
      discussion: "Example:\n  behavior-cli journal list --from 2026-02-01 --tag sleep")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var days: DayOptions
    @Option(help: "Only entries with this tag.") var tag: String?

    func execute() throws {
      let span = try days.resolved(asOf: global.asOf)
      let entries = try global.openBehaviorStore().journalEntries(
        from: span.from, to: span.to, tag: tag, zone: global.zone)
      global.print(
        rows: entries.map {
          BehaviorJSON.journal(
            $0, zone: global.zone, flat: global.format != .json, content: global.format != .table)
        })
    }
  }

  /// `behavior-cli journal search TEXT`.
  struct Search: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Search titles and texts (every word, as a prefix), best match first.",
      discussion: "Example:\n  behavior-cli journal search \"loud office\"")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The words to find.") var text: String
    @Option(help: "At most this many.") var limit = 20

    func execute() throws {
      let hits = try global.openBehaviorStore().searchJournal(text, limit: max(1, limit))
      global.print(
        rows: hits.map { hit in
          var row = BehaviorJSON.journal(
            hit.entry, zone: global.zone, flat: global.format != .json, content: false)
          row["snippet"] = .string(hit.snippet.replacingOccurrences(of: "\n", with: " "))
          return row
        })
    }
  }

  /// `behavior-cli journal show ID`.
  struct Show: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one journal entry.", discussion: "Example:\n  behavior-cli journal show 3")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The journal entry id.") var id: Int64

    func execute() throws {
      let journal = try global.openBehaviorStore().journal(id: id)
      global.print(
        object: BehaviorJSON.journal(
          journal, zone: global.zone, flat: global.format != .json, content: true))
    }
  }

  /// `behavior-cli journal read ID`.
  struct Read: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Print a journal entry as plain text for a screen reader or speech tool.",
      discussion: """
        Title, date in words, the text, tags, and each linked entry as a sentence.

        Example:
          behavior-cli journal read 3 | espeak
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The journal entry id.") var id: Int64

    func execute() throws {
      let (journal, linked) = try global.openBehaviorStore().journalWithLinks(id: id)
      Terminal.writeOutput(JournalReading.text(journal, linked: linked, zone: global.zone))
    }
  }

  /// `behavior-cli journal edit ID`.
  struct Edit: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a journal entry: the options given replace those fields.",
      discussion: """
        --tag replaces all tags and --link all links; --clear-tags and --clear-links remove them.

        Example:
          behavior-cli journal edit 3 --title "Better Monday" --tag work
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The journal entry id.") var id: Int64
    @Option(help: "A new title.") var title: String?
    @OptionGroup var text: JournalText
    @Option(name: .customLong("tag"), help: "A tag (replaces all tags).") var tags: [String] = []
    @Option(name: .customLong("link"), help: "An entry id (replaces all links).")
    var links: [Int64] = []
    @Flag(name: .customLong("clear-tags"), help: "Remove all tags.") var clearTags = false
    @Flag(name: .customLong("clear-links"), help: "Remove all links.") var clearLinks = false
    @Option(help: ArgumentHelp("A new time.", valueName: "time")) var at: String?

    func execute() throws {
      var change = JournalChange()
      change.title = title
      change.content = try text.read(allowStandardInput: false)
      if at != nil { change.timestamp = try global.instant(at: at) }
      if !tags.isEmpty || clearTags { change.tags = tags }
      if !links.isEmpty || clearLinks { change.links = links }
      let journal = try global.openBehaviorStore().editJournal(id: id, change)
      if global.format == .table {
        Terminal.writeOutput("Updated journal entry \(journal.id): \(journal.title)\n")
      } else {
        global.print(
          object: BehaviorJSON.journal(
            journal, zone: global.zone, flat: global.format != .json, content: true))
      }
    }
  }

  /// `behavior-cli journal delete ID`.
  struct Delete: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a journal entry (the entries it links to stay).",
      discussion: "Example:\n  behavior-cli journal delete 3")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The journal entry id.") var id: Int64

    func execute() throws {
      try global.openBehaviorStore().deleteJournal(id: id)
      global.printDeleted("journal entry", id: id)
    }
  }
}
