import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

extension BehaviorCommand {
  /// `behavior-cli patterns`.
  struct Patterns: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "List the 37 pattern types by category, with what each takes.",
      discussion: """
        TYPE arguments elsewhere accept a type id, its display name, or an unambiguous prefix
        (sensory-o, meltdown).

        Example:
          behavior-cli patterns
          behavior-cli patterns --format json
        """)

    @OptionGroup var global: GlobalOptions

    func execute() throws {
      switch global.format {
      case .json:
        let categories = PatternCategory.allCases.map { category -> JSONValue in
          .object([
            "id": .string(category.id), "name": .string(category.name),
            "types": .array(
              PatternCatalog.types(in: category).map { .object(BehaviorJSON.patternType($0)) }),
          ])
        }
        let custom = PatternCatalog.type(id: PatternType.customID)!
        Terminal.writeOutput(
          JSONWriter.pretty(
            .object([
              "categories": .array(categories),
              "custom": .object([
                "id": .string(custom.id), "name": .string(custom.name),
                "takes_intensity": .bool(true), "takes_duration": .bool(true),
                "requires": .array([.string("name"), .string("category")]),
              ]),
            ])))
      case .csv:
        global.print(
          rows: PatternCatalog.all.map { type in
            var row = BehaviorJSON.patternType(type)
            if type.isCustom { row["category"] = .string("(chosen per entry)") }
            return row
          })
      case .table:
        var text = ""
        for category in PatternCategory.allCases {
          text += "\(category.name) (\(category.id))\n"
          for type in PatternCatalog.types(in: category) {
            let takes = [
              type.takesIntensity ? "intensity" : nil, type.takesDuration ? "duration" : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ")
            text +=
              "  " + type.id.padding(toLength: 28, withPad: " ", startingAt: 0)
              + type.name.padding(toLength: 28, withPad: " ", startingAt: 0)
              + (takes.isEmpty ? "-" : takes) + "\n"
          }
          text += "\n"
        }
        text +=
          "Custom Pattern (custom-pattern): --name and --category required; intensity, duration\n"
        Terminal.writeOutput(text)
      }
    }
  }
}

/// The fields of an entry, shared by `log` and `quick`.
struct EntryFields: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "How strong, 1 (mild) to 5 (severe; for energy and sleep, 5 = best).",
      valueName: "1-5"), transform: parseIntensity)
  var intensity: Int?

  @Option(
    help: ArgumentHelp("How long: 45m, 1h30m, or minutes (90).", valueName: "duration"),
    transform: parseDuration)
  var duration: Int?

  @Option(help: ArgumentHelp("Notes about the context.", valueName: "text")) var note: String?
  @Option(help: ArgumentHelp("Specific details.", valueName: "text")) var details: String?
  @Option(
    name: .customLong("tag"), help: ArgumentHelp("A tag (repeat for several).", valueName: "tag"))
  var tags: [String] = []
  @Option(
    help: ArgumentHelp(
      "When: YYYY-MM-DD HH:MM in --time-zone, or HH:MM today (default: now).", valueName: "time"))
  var at: String?
  @Option(help: ArgumentHelp("The name of a custom pattern.", valueName: "name")) var name: String?
  @Option(
    help: ArgumentHelp("The category of a custom pattern.", valueName: "category"),
    transform: PatternCategory.resolve)
  var category: PatternCategory?
}

extension BehaviorCommand {
  /// `behavior-cli log TYPE`.
  struct Log: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Log a pattern.",
      discussion: """
        Intensity and duration are optional, and allowed only on types that take them (see
        'behavior-cli patterns'). A custom pattern needs --name and --category.

        Example:
          behavior-cli log sensory-overload --intensity 4 --duration 45m --note "loud cafe" --tag noise
          behavior-cli log energy --intensity 2 --at "2026-02-08 14:30"
          behavior-cli log custom-pattern --name "Echolalia" --category social-communication
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The pattern type: id, name or unambiguous prefix.") var type: String
    @OptionGroup var fields: EntryFields

    func execute() throws {
      let input = EntryInput(
        type: try PatternCatalog.resolve(type), timestamp: try global.instant(at: fields.at),
        intensity: fields.intensity, durationMinutes: fields.duration,
        contextNotes: fields.note, specificDetails: fields.details, customName: fields.name,
        customCategory: fields.category, tags: fields.tags)
      let entry = try global.openBehaviorStore().log(input)
      render(entry, global: global, verb: "Logged")
    }
  }

  /// `behavior-cli quick TYPE`.
  struct Quick: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Log a pattern now with no details (a number picks that favorite).",
      discussion: """
        Example:
          behavior-cli quick sensory-overload
          behavior-cli quick 1        # the first of 'behavior-cli favorites list'
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The pattern type, or the position of a favorite.") var type: String

    func execute() throws {
      let entry = try global.openBehaviorStore().quickLog(type, at: try global.instant(at: nil))
      render(entry, global: global, verb: "Logged")
    }
  }
}

/// Prints a saved entry: a sentence in table format, the entry in JSON or CSV.
func render(_ entry: PatternEntry, global: GlobalOptions, verb: String) {
  if global.format == .table {
    Terminal.writeOutput(
      "\(verb) entry \(entry.id): " + JournalReading.sentence(entry, zone: global.zone) + "\n")
  } else {
    global.print(object: BehaviorJSON.entry(entry, zone: global.zone, format: global.format))
  }
}

extension BehaviorCommand {
  /// `behavior-cli entries …`.
  struct Entries: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List, show, edit and delete entries.",
      subcommands: [List.self, Show.self, Edit.self, Delete.self])
  }
}

extension BehaviorCommand.Entries {
  /// `behavior-cli entries list`.
  struct List: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "List entries, newest first.",
      discussion: """
        Example:
          behavior-cli entries list --from 2026-02-01 --to 2026-02-07 --category sensory
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
      let entries = try global.openBehaviorStore().entries(
        EntryFilter(
          from: days.from, to: days.to, category: category, type: type, tag: tag, search: search,
          limit: limit), zone: global.zone)
      global.print(
        rows: entries.map { BehaviorJSON.entry($0, zone: global.zone, format: global.format) })
    }
  }

  /// `behavior-cli entries show ID`.
  struct Show: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one entry.", discussion: "Example:\n  behavior-cli entries show 12")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry id.") var id: Int64

    func execute() throws {
      let entry = try global.openBehaviorStore().entry(id: id)
      global.print(object: BehaviorJSON.entry(entry, zone: global.zone, format: global.format))
    }
  }

  /// `behavior-cli entries edit ID`.
  struct Edit: HintedCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change an entry: the options given replace those fields.",
      discussion: """
        --tag replaces all tags (--clear tags removes them); --clear removes intensity, duration,
        note or details.

        Example:
          behavior-cli entries edit 12 --intensity 3 --tag noise --tag work
          behavior-cli entries edit 12 --type anxiety-spike --clear duration
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The entry id.") var id: Int64
    @Option(help: "A new pattern type.", transform: PatternCatalog.resolve) var type: PatternType?
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
      let entry = try global.openBehaviorStore().editEntry(id: id, change)
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

extension BehaviorCommand {
  /// `behavior-cli favorites …`.
  struct Favorites: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Keep favorite pattern types for quick logging.",
      subcommands: [List.self, Add.self, Remove.self])

    /// `behavior-cli favorites list`.
    struct List: HintedCommand {
      static let configuration = CommandConfiguration(
        abstract: "List favorites in order (their numbers work with 'quick').",
        discussion: "Example:\n  behavior-cli favorites list")
      @OptionGroup var global: GlobalOptions

      func execute() throws {
        let favorites = try global.openBehaviorStore().favorites()
        global.print(
          rows: favorites.enumerated().map { index, type in
            var row: JSONObject = ["position": .int(index + 1)]
            for field in BehaviorJSON.patternType(type).fields { row[field.key] = field.value }
            return row
          })
      }
    }

    /// `behavior-cli favorites add TYPE`.
    struct Add: HintedCommand {
      static let configuration = CommandConfiguration(
        abstract: "Add a pattern type at the end of the favorites.",
        discussion: "Example:\n  behavior-cli favorites add sensory-overload")
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The pattern type.", transform: PatternCatalog.resolve) var type: PatternType

      func execute() throws {
        let added = try global.openBehaviorStore().addFavorite(type)
        Terminal.writeOutput(
          added ? "Added \(type.id) to the favorites.\n" : "\(type.id) already is a favorite.\n")
      }
    }

    /// `behavior-cli favorites remove TYPE`.
    struct Remove: HintedCommand {
      static let configuration = CommandConfiguration(
        abstract: "Remove a pattern type from the favorites.",
        discussion: "Example:\n  behavior-cli favorites remove sensory-overload")
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The pattern type.", transform: PatternCatalog.resolve) var type: PatternType

      func execute() throws {
        try global.openBehaviorStore().removeFavorite(type)
        Terminal.writeOutput("Removed \(type.id) from the favorites.\n")
      }
    }
  }

  /// `behavior-cli tags …`.
  struct Tags: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List and rename tags.", subcommands: [List.self, Rename.self])

    /// `behavior-cli tags list`.
    struct List: HintedCommand {
      static let configuration = CommandConfiguration(
        abstract: "List tags with how many entries and journal entries carry each.",
        discussion: "Example:\n  behavior-cli tags list")
      @OptionGroup var global: GlobalOptions

      func execute() throws {
        global.print(
          rows: try global.openBehaviorStore().tags().map {
            [
              "tag": .string($0.name), "entries": .int($0.entries),
              "journal_entries": .int($0.journalEntries),
            ]
          })
      }
    }

    /// `behavior-cli tags rename OLD NEW`.
    struct Rename: HintedCommand {
      static let configuration = CommandConfiguration(
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
