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
      commandName: "journal",
      abstract: "Write, search and read journal entries.",
      discussion: "Example:\n  behavior-cli journal search \"loud office\"",
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

  /// The text given; else, when `allowStandardInput`, standard input, or — when standard input
  /// is a terminal, where nobody would think to type a journal entry — the user's editor (as
  /// `git commit` does). `nil` when no text was asked for; `fromEditor` says where it came from.
  func read(
    allowStandardInput: Bool, standardInputIsTerminal: Bool = isatty(STDIN_FILENO) != 0,
    environment: [String: String] = ProcessInfo.processInfo.environment
  ) throws -> (text: String?, fromEditor: Bool) {
    if let content { return (content, false) }
    if let file {
      guard let text = String(data: try readFile(file, limit: journalTextLimit), encoding: .utf8)
      else {
        throw TallyError.refused("\(file) is not UTF-8 text: expected a text file")
      }
      return (text, false)
    }
    guard allowStandardInput else { return (nil, false) }
    if standardInputIsTerminal { return (try Editor.edit(environment: environment), true) }
    let data = try readStandardInput(limit: journalTextLimit)
    guard let text = String(data: data, encoding: .utf8) else {
      throw TallyError.refused("standard input is not UTF-8 text: expected text")
    }
    return (text, false)
  }
}

/// The user's text editor on a temporary file, as `git commit` opens it.
enum Editor {
  /// `$VISUAL`, else `$EDITOR`, else `vi` (git's order).
  static func command(_ environment: [String: String]) -> String {
    for name in ["VISUAL", "EDITOR"] {
      if let command = environment[name], !command.trimmingCharacters(in: .whitespaces).isEmpty {
        return command
      }
    }
    return "vi"
  }

  /// The text the user saved; the file is removed afterwards.
  ///
  /// - throws: `TallyError` (I/O) when the editor cannot be run or exits with a failure.
  static func edit(environment: [String: String]) throws -> String {
    let command = command(environment)
    let path = FileManager.default.temporaryDirectory
      .appendingPathComponent("behavior-journal-\(UUID().uuidString).txt").path
    // The owner's alone, as the journal is (`posixPermissions`, not the umask's default).
    guard
      FileManager.default.createFile(
        atPath: path, contents: Data(), attributes: [.posixPermissions: 0o600])
    else {
      throw TallyError(.io, .failed("cannot create a temporary file for the editor"))
    }
    defer { try? FileManager.default.removeItem(atPath: path) }
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/bin/sh")
    // Through the shell, as git does, so an editor given with arguments (`code --wait`) works;
    // the path goes in as "$1", never spliced into the command.
    process.arguments = ["-c", command + " \"$1\"", "sh", path]
    do { try process.run() } catch {
      throw TallyError(.io, .failed("cannot run the editor '\(command)'"))
    }
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw TallyError(
        .io,
        .failed(
          "the editor '\(command)' exited with status \(process.terminationStatus): nothing saved"))
    }
    guard
      let text = String(data: try readFile(path, limit: journalTextLimit), encoding: .utf8)
    else {
      throw TallyError.refused("the edited text is not UTF-8: expected text")
    }
    return text
  }
}

extension BehaviorCommand.Journal {
  /// `behavior-cli journal add`.
  struct Add: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract:
        "Write a journal entry (text from --content, --file, standard input or your editor).",
      discussion: """
        With neither --content nor --file, the text is read from standard input, or, when that \
        is a terminal, written in $VISUAL or $EDITOR (else vi) as for 'git commit'; an empty \
        text saves nothing.

        Example:
          behavior-cli journal add --title "Hard Monday" \\
              --content "The office was loud." --link 12
          echo "Slept badly." | behavior-cli journal add --title "Night" --tag sleep
          behavior-cli journal add --title "Evening"      # opens your editor
        """)

    @OptionGroup var global: GlobalOptions
    @Option(help: "The title.") var title: String
    @OptionGroup var text: JournalText
    @Option(name: .customLong("tag"), help: "A tag (repeat for several).") var tags: [String] = []
    @Option(name: .customLong("link"), help: "The id of an entry it is about (repeatable).")
    var links: [Int64] = []
    @Option(help: ArgumentHelp("When (default: now).", valueName: "time")) var at: String?

    func execute() throws {
      let content = try text.read(allowStandardInput: true).text ?? ""
      // An empty text saves nothing, however it came, said before a database is opened.
      if BehaviorStore.isEmptyJournalText(content) {
        Terminal.writeError("The text is empty: nothing saved.\n")
        return
      }
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
      commandName: "list",
      abstract: "List journal entries, newest first.",
      discussion: "Example:\n  behavior-cli journal list --from 2026-02-01 --tag sleep")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var days: DayOptions
    @Option(help: "Only entries with this tag.") var tag: String?

    func execute() throws {
      let span = try days.resolved(asOf: global.asOf)
      let entries = try global.openBehaviorStoreToRead().journalEntries(
        from: span.from, to: span.to, tag: tag, zone: global.zone)
      let content = global.format != .table
      global.print(
        rows: entries.map {
          BehaviorJSON.journal(
            $0, zone: global.zone, flat: global.format != .json, content: content)
        }, columns: BehaviorJSON.journalColumns(content: content))
    }
  }

  /// `behavior-cli journal search TEXT`.
  struct Search: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Search titles and texts (every word, as a prefix), best match first.",
      discussion: "Example:\n  behavior-cli journal search \"loud office\"")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The words to find.") var text: String
    @Option(help: "At most this many.") var limit = 20

    func execute() throws {
      let hits = try global.openBehaviorStoreToRead().searchJournal(text, limit: max(1, limit))
      global.print(
        rows: hits.map {
          BehaviorJSON.journalHit($0, zone: global.zone, flat: global.format != .json)
        }, columns: BehaviorJSON.journalHitColumns)
    }
  }

  /// `behavior-cli journal show ID`.
  struct Show: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one journal entry.", discussion: "Example:\n  behavior-cli journal show 3")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The journal entry id.") var id: Int64

    func execute() throws {
      let journal = try global.openBehaviorStoreToRead().journal(id: id)
      global.print(
        object: BehaviorJSON.journal(
          journal, zone: global.zone, flat: global.format != .json, content: true))
    }
  }

  /// `behavior-cli journal read ID`.
  struct Read: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "read",
      abstract: "Print a journal entry as plain text for a screen reader or speech tool.",
      discussion: """
        Title, date in words, the text, tags, and each linked entry as a sentence.

        Example:
          behavior-cli journal read 3 | espeak
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The journal entry id.") var id: Int64

    func execute() throws {
      let (journal, linked) = try global.openBehaviorStoreToRead().journalWithLinks(id: id)
      Terminal.writeOutput(JournalReading.text(journal, linked: linked, zone: global.zone))
    }
  }

  /// `behavior-cli journal edit ID`.
  struct Edit: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
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
      change.content = try text.read(allowStandardInput: false).text
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
      commandName: "delete",
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

/// The longest journal text read from standard input, a file or the editor: the domain's.
let journalTextLimit = BehaviorStore.maximumJournalBytes
