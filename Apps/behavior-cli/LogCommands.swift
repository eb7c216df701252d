import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

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
      commandName: "log",
      abstract: "Log a pattern.",
      discussion: """
        Intensity and duration are optional, and allowed only on types that take them (see \
        'behavior-cli patterns'); --ignore-extra drops one the type does not take instead of \
        refusing the entry. A custom pattern needs --name and --category.

        Example:
          behavior-cli log sensory-overload --intensity 4 --duration 45m \\
              --note "loud cafe" --tag noise
          behavior-cli log energy --intensity 2 --at "2026-02-08 14:30"
          behavior-cli log custom-pattern --name "Echolalia" \\
              --category social-communication
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(
      help: "The pattern type: id, name or unambiguous prefix.", completion: patternCompletion)
    var type: String
    @OptionGroup var fields: EntryFields
    @Flag(
      name: .customLong("ignore-extra"),
      help: "Drop an intensity or duration the type does not take instead of refusing.")
    var ignoreExtra = false

    func execute() throws {
      var input = EntryInput(
        type: try PatternCatalog.resolve(type), timestamp: try global.instant(at: fields.at),
        intensity: fields.intensity, durationMinutes: fields.duration,
        contextNotes: fields.note, specificDetails: fields.details, customName: fields.name,
        customCategory: fields.category, tags: fields.tags)
      let extras = input.extraMeasurements
      if ignoreExtra, !extras.isEmpty {
        input = input.droppingExtras()
        Terminal.writeError(
          "Ignored the \(extras.joined(separator: " and ")): \(input.type.id) takes none.\n")
      }
      let entry: PatternEntry
      let store = try global.openBehaviorStore()
      do { entry = try store.log(input, zone: global.zone) } catch let error as TallyError
        where !extras.isEmpty
      {
        throw error.hinted(
          "leave it out, or add --ignore-extra to drop it; 'behavior-cli patterns' lists what each type takes"
        )
      }
      render(entry, global: global, verb: "Logged")
    }
  }

  /// `behavior-cli quick TYPE`.
  struct Quick: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "quick",
      abstract: "Log a pattern now with no details (a number picks that favorite).",
      discussion: """
        Example:
          behavior-cli quick sensory-overload
          behavior-cli quick 1        # the first of 'behavior-cli favorites list'
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(
      help: "The pattern type, or the position of a favorite.", completion: patternCompletion)
    var type: String

    func execute() throws {
      let entry = try global.openBehaviorStore().quickLog(
        type, at: try global.instant(at: nil), zone: global.zone)
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
    global.print(object: BehaviorJSON.entry(entry, zone: global.zone, flat: global.format != .json))
  }
}
