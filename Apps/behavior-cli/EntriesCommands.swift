import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

extension BehaviorCommand {
  /// `behavior-cli entries …`.
  struct Entries: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "entries",
      abstract: "List, show, edit and delete entries.",
      discussion: "Example:\n  behavior-cli entries list --from mon --category sensory",
      subcommands: [List.self, Show.self, Edit.self, Delete.self])
  }
}

extension BehaviorCommand.Entries {
  /// `behavior-cli entries list`.
  struct List: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List entries, newest first.",
      discussion: """
        Example:
          behavior-cli entries list --from 2026-02-01 --to 2026-02-07 \\
              --category sensory
          behavior-cli entries list --tag noise --search cafe --format csv
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var days: DayOptions
    @Option(help: "Only this category.", transform: PatternCategory.resolve)
    var category: PatternCategory?
    @Option(help: "Only this pattern type.", transform: PatternCatalog.resolve)
    var type: PatternType?
    @Option(help: "Only entries with this tag.") var tag: String?
    @Option(help: "Only entries whose notes, details or custom name contain this text.")
    var search: String?
    @Option(help: "At most this many.") var limit: Int?

    func validate() throws {
      if let limit, limit < 1 { throw ValidationError("--limit \(limit): expected at least 1") }
    }

    func execute() throws {
      let span = try days.resolved(asOf: global.asOf)
      let entries = try global.openBehaviorStoreToRead().entries(
        EntryFilter(
          from: span.from, to: span.to, category: category, type: type, tag: tag, search: search,
          limit: limit), zone: global.zone)
      let rows = entries.map {
        BehaviorJSON.entry($0, zone: global.zone, flat: global.format != .json)
      }
      global.print(
        rows: global.format == .table ? rows.map(Self.tableRow) : rows,
        columns: BehaviorJSON.entryColumns)
    }

    /// The columns a person reads in a terminal: the ids, category and UTC timestamp repeat
    /// what the type and local time say, and squeezed the notes out of 100 columns.
    static let tableColumns = [
      "id", "date", "time", "type", "intensity", "duration_minutes", "context_notes", "tags",
    ]

    static func tableRow(_ row: JSONObject) -> JSONObject {
      JSONObject(tableColumns.map { ($0, row[$0] ?? .null) })
    }
  }

  /// `behavior-cli entries show ID`.
  struct Show: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one entry.", discussion: "Example:\n  behavior-cli entries show 12")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry id.") var id: Int64

    func execute() throws {
      let entry = try global.openBehaviorStoreToRead().entry(id: id)
      global.print(
        object: BehaviorJSON.entry(entry, zone: global.zone, flat: global.format != .json))
    }
  }

  /// `behavior-cli entries edit ID`.
  struct Edit: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Change an entry: the options given replace those fields.",
      discussion: """
        --tag replaces all tags (--clear tags removes them); --clear removes intensity, duration, \
        note or details.

        Example:
          behavior-cli entries edit 12 --intensity 3 --tag noise --tag work
          behavior-cli entries edit 12 --type anxiety-spike --clear duration
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry id.") var id: Int64
    @Option(
      help: "A new pattern type.", completion: patternCompletion, transform: PatternCatalog.resolve)
    var type: PatternType?
    @OptionGroup var fields: EntryFields
    @Option(
      help: ArgumentHelp(
        "Remove a field: intensity, duration, note, details or tags (repeatable).",
        valueName: "field"))
    var clear: [String] = []

    func validate() throws {
      let known = ["intensity", "duration", "note", "details", "tags"]
      for field in clear where !known.contains(field) {
        throw ValidationError(
          "--clear \(field) is not a field: expected one of \(known.joined(separator: ", "))")
      }
    }

    func execute() throws {
      var change = EntryChange()
      change.type = type
      if fields.at != nil { change.timestamp = try global.instant(at: fields.at) }
      change.intensity = Self.change(fields.intensity, clear: clear.contains("intensity"))
      change.durationMinutes = Self.change(fields.duration, clear: clear.contains("duration"))
      change.contextNotes = Self.change(fields.note, clear: clear.contains("note"))
      change.specificDetails = Self.change(fields.details, clear: clear.contains("details"))
      change.customName = fields.name
      change.customCategory = fields.category
      if !fields.tags.isEmpty || clear.contains("tags") { change.tags = fields.tags }
      let entry = try global.openBehaviorStore().editEntry(id: id, change, zone: global.zone)
      render(entry, global: global, verb: "Updated")
    }

    static func change<Value>(_ value: Value?, clear: Bool) -> FieldChange<Value> {
      if let value { return .set(value) }
      return clear ? .clear : .keep
    }
  }

  /// `behavior-cli entries delete ID`.
  struct Delete: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete an entry (journal entries linking to it stay).",
      discussion: "Example:\n  behavior-cli entries delete 12")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry id.") var id: Int64

    func execute() throws {
      try global.openBehaviorStore().deleteEntry(id: id)
      global.printDeleted("entry", id: id)
    }
  }
}
