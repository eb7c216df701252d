import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation
import Storage

extension BehaviorCommand {
  /// `behavior-cli import-daylio FILE`.
  struct ImportDaylio: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "import-daylio",
      abstract: "Import a Daylio CSV export: moods as check-ins, activities as entries.",
      discussion: """
        Daylio's export (More → Export Entries → CSV: full_date, date, weekday, time, mood, \
        activities, note_title, note). Each day becomes a check-in: the latest entry's mood \
        (rad 5, good 4, meh 3, bad 2, awful 1; --mood for renamed or added moods) and every \
        note of the day. Each activity must be mapped: to a pattern type (an entry at its \
        row's time, tagged with the activity) or to none (left out, and counted); the first \
        run names every activity without a mapping. All or nothing; a day already checked in \
        and an entry already stored are kept and counted, so a second run adds nothing.

        Examples:
          behavior-cli import-daylio daylio_export.csv \\
              --map "headache=physical-discomfort" --map "work=none"
          behavior-cli import-daylio export.csv --mood "amazing=5" --map "work=none"
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Daylio's CSV export.", valueName: "file")) var file: String
    @Option(
      help: ArgumentHelp(
        "An activity and what it becomes: a pattern type, or none (repeatable).",
        valueName: "activity=type"))
    var map: [String] = []
    @Option(
      help: ArgumentHelp("A mood label and its value 1-5 (repeatable).", valueName: "label=1-5"))
    var mood: [String] = []

    func execute() throws {
      var mapping = DaylioMapping()
      for text in map {
        let (name, target) = try Self.pair(text, option: "map", expected: "ACTIVITY=TYPE or =none")
        mapping.activities[name.lowercased()] =
          target.lowercased() == "none"
          ? .leftOut : .pattern(try PatternCatalog.resolve(target))
      }
      for text in mood {
        let (label, value) = try Self.pair(text, option: "mood", expected: "LABEL=1-5")
        guard let number = Int(value), (1...5).contains(number) else {
          throw ValidationError("--mood \(TallyError.quote(text)) is not valid: expected LABEL=1-5")
        }
        mapping.moods[label.lowercased()] = number
      }
      let data = try readFile(file, limit: importFileLimit)
      let summary = try global.openBehaviorStore().importDaylio(
        data, fileName: PathText.name(of: file), mapping: mapping, zone: global.zone)
      if global.format == .table {
        let checkIns: String =
          "Imported \(counted(summary.checkIns, "check-in")) (\(summary.checkInsPresent) days "
          + "already checked in, \(summary.daysMerged) days of several entries merged)"
        let entries: String =
          " and \(counted(summary.entries, "entry", "entries")) (\(summary.entriesPresent) "
          + "already present, \(summary.entriesMerged) joined with another of their type and time, "
          + "\(summary.activitiesLeftOut) activities left out as mapped).\n"
        Terminal.writeOutput(checkIns + entries)
      } else {
        global.print(
          object: [
            "check_ins": .int(summary.checkIns), "check_ins_present": .int(summary.checkInsPresent),
            "days_merged": .int(summary.daysMerged), "entries": .int(summary.entries),
            "entries_present": .int(summary.entriesPresent),
            "entries_merged": .int(summary.entriesMerged),
            "activities_left_out": .int(summary.activitiesLeftOut),
          ])
      }
    }

    static func pair(_ text: String, option: String, expected: String) throws -> (String, String) {
      let parts = text.split(separator: "=", maxSplits: 1).map {
        $0.trimmingCharacters(in: .whitespaces)
      }
      guard parts.count == 2, !parts[0].isEmpty, !parts[1].isEmpty else {
        throw ValidationError(
          "--\(option) \(TallyError.quote(text)) is not valid: expected \(expected)")
      }
      return (parts[0], parts[1])
    }
  }
}

extension BehaviorCommand {
  /// `behavior-cli import-bearable FILE`.
  struct ImportBearable: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "import-bearable",
      abstract:
        "Import a Bearable CSV export: mood, energy and sleep as check-ins, the rest as entries.",
      discussion: """
        Bearable's export (date, time of day, category, rating/amount, detail, notes). Mood and \
        Energy (1-5) and Sleep (H:MM slept) make each day's check-in, the notes its note; \
        Sleep quality (1-5) becomes a Sleep Quality entry; each Symptom (Headache, rated 0-4; \
        0 is absent and counted) and each item of the other categories (Caffeine - A lot) \
        becomes an entry of the pattern type its name is mapped to, or is left out when mapped \
        to none; a whole category can be left out the same way. Times: am 09:00, mid 13:00, pm \
        18:00, all day 12:00. Every name without a mapping is named on the first run; all or \
        nothing; a second run adds nothing.

        Examples:
          behavior-cli import-bearable bearable.csv \\
              --map "headache=physical-discomfort" --map "health measurements=none"
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("Bearable's CSV export.", valueName: "file")) var file: String
    @Option(
      help: ArgumentHelp(
        "A symptom, factor or category and what it becomes: a pattern type, or none.",
        valueName: "name=type"))
    var map: [String] = []

    func execute() throws {
      var mapping: [String: PatternType?] = [:]
      for text in map {
        let (name, target) = try ImportDaylio.pair(
          text, option: "map", expected: "NAME=TYPE or =none")
        mapping[name.lowercased()] =
          target.lowercased() == "none" ? .some(nil) : try PatternCatalog.resolve(target)
      }
      let data = try readFile(file, limit: importFileLimit)
      let summary = try global.openBehaviorStore().importBearable(
        data, fileName: PathText.name(of: file), mapping: mapping, zone: global.zone)
      if global.format == .table {
        let checkIns: String =
          "Imported \(counted(summary.checkIns, "check-in")) (\(summary.checkInsPresent) days "
          + "already checked in)"
        let entries: String =
          " and \(counted(summary.entries, "entry", "entries")) (\(summary.entriesPresent) "
          + "already present; \(summary.leftOut) left out as mapped, \(summary.symptomsAbsent) "
          + "symptoms rated 0, \(summary.entriesMerged) joined with another of their type and "
          + "time, \(summary.valuesReplaced) values given twice a day, the later kept).\n"
        Terminal.writeOutput(checkIns + entries)
      } else {
        global.print(
          object: [
            "check_ins": .int(summary.checkIns), "check_ins_present": .int(summary.checkInsPresent),
            "entries": .int(summary.entries), "entries_present": .int(summary.entriesPresent),
            "left_out": .int(summary.leftOut), "symptoms_absent": .int(summary.symptomsAbsent),
            "entries_merged": .int(summary.entriesMerged),
            "values_replaced": .int(summary.valuesReplaced),
          ])
      }
    }
  }
}
