import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import RVUDomain

extension RVUCommand {
  /// `rvu-cli visits …`.
  struct Visits: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Add, list, show, update, delete and import visits.",
      subcommands: [Add.self, List.self, Show.self, Update.self, Delete.self, Import.self])
  }
}

/// The fields of a visit, shared by `add` and `update`.
struct VisitFields: ParsableArguments {
  @Option(
    help: ArgumentHelp("The day of the visit.", valueName: "yyyy-mm-dd"),
    transform: LocalDate.init(parsing:))
  var date: LocalDate

  @Option(
    help: ArgumentHelp("The time of day (24-hour).", valueName: "hh:mm"),
    transform: TimeOfDay.init(parsing:))
  var time: TimeOfDay?

  @Option(help: "Free-text notes.") var notes: String?

  @Flag(name: .customLong("no-show"), help: "The patient did not show up.") var noShow = false

  @Option(
    name: .customLong("procedure"),
    help: ArgumentHelp(
      "A procedure as CODE[xQTY][:MOD] (repeat for several).", valueName: "code"),
    transform: ProcedureInput.init(parsing:))
  var procedures: [ProcedureInput] = []

  @Option(
    name: .customLong("work-rvu"),
    help: ArgumentHelp(
      "The work RVU of a code that is not in the catalog: CODE=VALUE, or VALUE when the visit has one procedure.",
      valueName: "code=value"))
  var workRVUs: [String] = []

  /// The visit to save, with explicit work RVUs applied.
  func input() throws -> VisitInput {
    var procedures = procedures
    for entry in workRVUs {
      let parts = entry.split(separator: "=", maxSplits: 1).map(String.init)
      let (code, valueText) = parts.count == 2 ? (parts[0].uppercased(), parts[1]) : (nil, entry)
      guard let value = try? FixedDecimal(parsing: valueText), value >= .zero else {
        throw ValidationError(
          "--work-rvu \(entry) is not valid: expected CODE=VALUE with a number of at most 2 decimals"
        )
      }
      let targets = procedures.indices.filter { code == nil || procedures[$0].hcpcs == code }
      guard !targets.isEmpty, code != nil || procedures.count == 1 else {
        throw ValidationError(
          "--work-rvu \(entry) names no procedure of this visit: expected CODE=VALUE for one of "
            + procedures.map(\.hcpcs).joined(separator: ", "))
      }
      for index in targets { procedures[index].workRVU = value }
    }
    return VisitInput(
      date: date, time: time, notes: notes, isNoShow: noShow, procedures: procedures)
  }
}

extension RVUCommand.Visits {
  /// `rvu-cli visits add`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Log a visit; each procedure copies its description and work RVU from the catalog.",
      discussion: """
        Example:
          rvu-cli visits add --date 2026-02-08 --time 14:30 --procedure 99214 --procedure G2211
          rvu-cli visits add --date 2026-02-08 --procedure 20610x2:RT
          rvu-cli visits add --date 2026-02-08 --no-show
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var fields: VisitFields

    func run() throws {
      let input = try fields.input()
      let saved = try global.openRVUStore().addVisit(
        input, userId: user.id, catalogYear: catalog.year)
      global.print(object: RVUJSON.visit(saved, nested: global.format == .json))
    }
  }

  /// `rvu-cli visits list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List your visits by day and time.",
      discussion: "Example:\n  rvu-cli visits list --start 2026-02-01 --end 2026-02-28 --format csv"
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Option(
      help: ArgumentHelp("The first day.", valueName: "yyyy-mm-dd"),
      transform: LocalDate.init(parsing:))
    var start: LocalDate?
    @Option(
      help: ArgumentHelp("The last day.", valueName: "yyyy-mm-dd"),
      transform: LocalDate.init(parsing:))
    var end: LocalDate?

    func run() throws {
      let visits = try global.openRVUStore().visits(userId: user.id, from: start, through: end)
      global.print(rows: visits.map { RVUJSON.visit($0, nested: global.format == .json) })
    }
  }

  /// `rvu-cli visits show ID`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one visit with its procedures.",
      discussion: "Example:\n  rvu-cli visits show 12")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The visit id.") var id: Int64

    func run() throws {
      let detail = try global.openRVUStore().visit(id: id, userId: user.id)
      if global.format == .json {
        global.print(object: RVUJSON.visit(detail, nested: true))
      } else {
        global.print(object: RVUJSON.visit(detail, nested: false))
        if global.format == .table, !detail.procedures.isEmpty {
          Terminal.writeOutput(
            "\n" + global.format.render(rows: detail.procedures.map(RVUJSON.procedure)))
        }
      }
    }
  }

  /// `rvu-cli visits update ID`.
  struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Replace a visit's fields and procedures.",
      discussion: "Example:\n  rvu-cli visits update 12 --date 2026-02-08 --procedure 99215")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The visit id.") var id: Int64
    @OptionGroup var fields: VisitFields

    func run() throws {
      let input = try fields.input()
      let saved = try global.openRVUStore().updateVisit(
        id: id, with: input, userId: user.id, catalogYear: catalog.year)
      global.print(object: RVUJSON.visit(saved, nested: global.format == .json))
    }
  }

  /// `rvu-cli visits delete ID`.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a visit and its procedures.",
      discussion: "Example:\n  rvu-cli visits delete 12")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The visit id.") var id: Int64

    func run() throws {
      try global.openRVUStore().deleteVisit(id: id, userId: user.id)
      global.printDeleted("visit", id: id)
    }
  }

  /// `rvu-cli visits import FILE`.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Import visits from JSON (the API's visit bodies) or CSV (one row per procedure).",
      discussion: """
        JSON: an array of {date, time, notes, is_no_show, procedures: [{hcpcs, modifier,
        description, status_code, work_rvu, quantity}]}; values left out come from the catalog.
        CSV (.csv): columns visit, date, time, notes, no_show, hcpcs, modifier, quantity,
        work_rvu, description, status_code; rows with the same visit value are one visit.
        All or nothing: the first bad record is named and nothing is saved.

        Example:
          rvu-cli visits import visits.json
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: ArgumentHelp("A .json or .csv file.", valueName: "file")) var file: String

    func run() throws {
      let name = URL(fileURLWithPath: file).lastPathComponent
      let records = try VisitImportFile.parse(try readFile(file), fileName: name)
      let progress = Progress(label: "importing \(name)", total: records.count)
      let count = try global.openRVUStore().importVisits(
        records, userId: user.id, catalogYear: catalog.year, progress: progress.update)
      progress.finish()
      if global.format == .table {
        Terminal.writeOutput("Imported \(count) visits.\n")
      } else {
        global.print(object: ["imported": .int(count)])
      }
    }
  }
}
