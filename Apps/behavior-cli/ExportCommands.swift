import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation
import Storage

extension BehaviorCommand {
  /// `behavior-cli export`.
  struct Export: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Export everything as JSON (for import) or the entries as CSV.",
      discussion: """
        JSON (the default; a table is not an export) holds entries with tags, medications, \
        logs, the journal and favorites, and round-trips through 'import'. CSV is one row per \
        entry (tags joined by |, RFC 4180). \
        --from/--to limit entries, logs and journal entries to those local days.

        Example:
          behavior-cli export --format json --output backup.json
          behavior-cli export --format csv --from 2026-02-01 --to 2026-02-28 \\
              --output feb.csv
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var days: DayOptions
    @Option(help: ArgumentHelp("Write to this file (default: standard output).", valueName: "path"))
    var output: String?

    func validate() throws {
      if (days.from == nil) != (days.to == nil) {
        throw ValidationError("--from and --to go together: expected both or neither")
      }
    }

    func execute() throws {
      let store = try global.openBehaviorStoreToRead()
      let span = try days.resolved(asOf: global.asOf)
      let range = try span.from.map { try DayRange(start: $0, end: span.to!) }
      let data: Data
      if global.format != .csv {
        data = try store.exportJSON(range: range, zone: global.zone)
      } else {
        let entries = try store.entries(
          EntryFilter(from: range?.start, to: range?.end), zone: global.zone
        ).reversed()
        data = Data(
          CSVWriter.write(
            entries.map { BehaviorJSON.entry($0, zone: global.zone, flat: true) },
            columns: BehaviorJSON.entryColumns
          ).utf8)
      }
      try OutputFile.write([UInt8](data), to: output)
      if let output {
        Terminal.writeError("Wrote \(output) (\(counted(data.count, "byte"))).\n")
      }
    }
  }

  /// `behavior-cli import FILE`.
  struct Import: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Import a JSON export, all or nothing.",
      discussion: """
        Into a database without data the file's ids are kept (export → import → export gives \
        the same file); otherwise records get new ids and medications are matched by name. \
        Records already present (an entry at the same time with the same type, the same dose, \
        a journal entry with the same time and title) are skipped, so importing a file twice \
        adds nothing; --allow-duplicates adds them anyway. The first bad record is named and \
        nothing is written.

        Example:
          behavior-cli import backup.json
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The JSON file.") var file: String
    @Flag(
      name: .customLong("allow-duplicates"),
      help: "Add records even when the database already has them.")
    var allowDuplicates = false

    func execute() throws {
      let data = try readFile(file, limit: importFileLimit)
      let name = PathText.name(of: file)
      let summary = try global.openBehaviorStore().importJSON(
        data, name: name, zone: global.zone, allowDuplicates: allowDuplicates)
      let object: JSONObject = [
        "entries": .int(summary.entries), "medications": .int(summary.medications),
        "medication_logs": .int(summary.medicationLogs),
        "journal_entries": .int(summary.journalEntries), "favorites": .int(summary.favorites),
        "dosage_changes": .int(summary.dosageChanges),
        "ratings": .int(summary.ratings), "check_ins": .int(summary.checkIns),
        "ratings_present": .int(summary.ratingsPresent),
        "check_ins_present": .int(summary.checkInsPresent),
        "doses_without_dosage": .int(summary.dosesWithoutDosage),
        "kept_ids": .bool(summary.keptIDs), "new": .int(summary.totalAdded),
        "already_present": .int(summary.alreadyPresent.total),
      ]
      if global.format == .table {
        Terminal.writeOutput(
          "Imported \(counted(summary.entries, "entry", "entries")), "
            + "\(counted(summary.medications, "medication")), "
            + "\(counted(summary.medicationLogs, "medication log")), "
            + "\(counted(summary.journalEntries, "journal entry", "journal entries")) and "
            + "\(counted(summary.favorites, "favorite")) from \(name) "
            + "(\(summary.totalAdded) new, \(summary.alreadyPresent.total) already present).\n"
            + (summary.dosageChanges > 0
              ? "Dosage changes: \(summary.dosageChanges) added.\n" : "")
            + (summary.checkIns + summary.checkInsPresent + summary.ratings
              + summary.ratingsPresent > 0
              ? "Check-ins: \(summary.checkIns) added, \(summary.checkInsPresent) already present; "
                + "ratings: \(summary.ratings) added, \(summary.ratingsPresent) already present.\n"
              : "")
            + (summary.dosesWithoutDosage > 0
              ? "\(counted(summary.dosesWithoutDosage, "dose")) of an older backup, which kept "
                + "no dose's dosage, imported without one.\n" : "")
        )
      } else {
        global.print(object: object)
      }
    }
  }
}

/// The largest file `import` reads: the export of 100,000 entries is about 40 MB, and decoding
/// needs several times the file in memory, so a bound keeps a wrong file from exhausting it.
let importFileLimit = 256 << 20
