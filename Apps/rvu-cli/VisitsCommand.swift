import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import RVUDomain
import Storage

extension RVUCommand {
  /// `rvu-cli visits …`.
  struct Visits: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "visits",
      abstract: "Add, list, show, update, delete and import visits.",
      discussion: "Example:\n  rvu-cli visits add --procedure 99213",
      subcommands: [
        Add.self, List.self, Show.self, Update.self, Delete.self, Import.self, Export.self,
      ])
  }
}

/// The fields of a visit, shared by `add` and `update`.
struct VisitFields: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The day of the visit: YYYY-MM-DD, today, yesterday or a weekday (default: today).",
      valueName: "day"),
    transform: DayReference.init(parsing:))
  var date: DayReference?

  @Option(
    help: ArgumentHelp("The time of day (24-hour).", valueName: "hh:mm"),
    transform: TimeOfDay.init(parsing:))
  var time: TimeOfDay?

  @Option(help: "Free-text notes.") var notes: String?

  @Flag(name: .customLong("no-show"), help: "The patient did not show up.") var noShow = false

  @OptionGroup var procedures: ProcedureOptions

  @OptionGroup var place: PlaceOfServiceOption

  /// The visit to save; the day is resolved against `asOf` (`today` when none is given).
  func input(asOf: LocalDate) throws -> VisitInput {
    VisitInput(
      date: (date ?? .today).resolve(asOf: asOf), time: time, notes: notes, isNoShow: noShow,
      procedures: try procedures.inputs(), setting: place.setting?.setting)
  }
}

/// `--setting`, shared by `add` and `update`.
struct PlaceOfServiceOption: ParsableArguments {
  /// A place of service, or `default`: the user's setting.
  struct Choice {
    /// `nil` for `default`.
    let setting: PracticeSetting?

    init(parsing text: String) throws {
      guard text.lowercased() != "default" else {
        setting = nil
        return
      }
      do { setting = try PracticeSetting(parsing: text) } catch {
        throw TallyError(value: text, expected: "facility, non-facility or default")
      }
    }
  }

  @Option(
    help: ArgumentHelp(
      "Where the visit took place, for its payment estimate: facility (hospital, ASC), "
        + "non-facility (office), or default: 'rvu-cli settings set --setting' (the default).",
      valueName: "facility|non-facility|default"),
    transform: Choice.init(parsing:))
  var setting: Choice?
}

/// `--start` and `--end`, either or both: the days of `list` and `export`.
struct VisitDaysOptions: ParsableArguments {
  @Option(
    help: ArgumentHelp(
      "The first day: YYYY-MM-DD, today, yesterday or a weekday.", valueName: "day"),
    transform: DayReference.init(parsing:))
  var start: DayReference?
  @Option(
    help: ArgumentHelp(
      "The last day: YYYY-MM-DD, today, yesterday or a weekday.", valueName: "day"),
    transform: DayReference.init(parsing:))
  var end: DayReference?
}

/// `--procedure` and `--work-rvu`, shared by `add` and `update`.
struct ProcedureOptions: ParsableArguments {
  @Option(
    name: .customLong("procedure"),
    help: ArgumentHelp(
      "A procedure as CODE[xQTY][:MOD] (repeat for several; in update, replaces them all).",
      valueName: "code"),
    transform: ProcedureInput.init(parsing:))
  var procedures: [ProcedureInput] = []

  @Option(
    name: .customLong("work-rvu"),
    help: ArgumentHelp(
      "The work RVU of a code that is not in the catalog: CODE=VALUE, or VALUE when the visit has one procedure.",
      valueName: "code=value"),
    transform: WorkRVUOverride.init(parsing:))
  var workRVUs: [WorkRVUOverride] = []

  /// Whether neither option was given.
  var isEmpty: Bool { procedures.isEmpty && workRVUs.isEmpty }

  /// The procedures with explicit work RVUs applied by the domain.
  func inputs() throws -> [ProcedureInput] {
    try WorkRVUOverride.apply(workRVUs, to: procedures)
  }
}

extension RVUCommand.Visits {
  /// `rvu-cli visits add`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Log a visit; each procedure copies its description and work RVU from the catalog.",
      discussion: """
        Example:
          rvu-cli visits add --date 2026-02-08 --time 14:30 --procedure 99214 \\
              --procedure G2211
          rvu-cli visits add --date 2026-02-08 --procedure 20610x2:RT
          rvu-cli visits add --date 2026-02-09 --procedure 27447:80 --setting facility
          rvu-cli visits add --date 2026-02-08 --no-show
          rvu-cli visits add --date yesterday --procedure 99213
          rvu-cli visits add --procedure 99214   (today)
          rvu-cli visits add --template "Knee injection"
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var fields: VisitFields
    @Option(
      help: ArgumentHelp(
        "Log the procedures of this template (templates list); --procedure adds more.",
        valueName: "name"))
    var template: String?

    func run() throws {
      let saved = try withRVUHints(workRVU: true) {
        let store = try global.openRVUStore()
        var input = try fields.input(asOf: global.asOf)
        if let template {
          input.procedures =
            try store.template(named: template, userId: user.id).items.map {
              try ProcedureInput(hcpcs: $0.hcpcs, quantity: $0.quantity)
            } + input.procedures
        }
        let saved = try store.addVisit(input, userId: user.id, catalogYear: catalog.year)
        return (
          saved,
          try store.paymentEstimate(
            visitId: saved.visit.id!, userId: user.id, catalogYear: catalog.year)
        )
      }
      global.print(object: saved.0.jsonObject(nested: global.format == .json, estimate: saved.1))
    }
  }

  /// `rvu-cli visits list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List your visits by day and time.",
      discussion: "Example:\n  rvu-cli visits list --start 2026-02-01 --end 2026-02-28 --format csv"
    )

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var days: VisitDaysOptions

    func run() throws {
      let store = try global.openRVUStoreToRead()
      let visits = try store.visits(
        userId: user.id, from: days.start?.resolve(asOf: global.asOf),
        through: days.end?.resolve(asOf: global.asOf))
      let estimates = try withRVUHints { try store.paymentEstimates(of: visits, userId: user.id) }
      global.print(
        rows: visits.map {
          $0.jsonObject(nested: global.format == .json, estimate: estimates[$0.visit.id!]!)
        },
        columns: VisitDetail.columnsWithPayment)
    }
  }

  /// `rvu-cli visits export`.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write your visits as a file 'rvu-cli visits import' reads back.",
      discussion: """
        CSV (the default; --format csv): one row per procedure with the columns visits import \
        reads, work_rvu the credit and work_rvu_unadjusted the value CMS's rules start from, \
        so an import applies them once. --format json: the array of visits (as visits list \
        writes it), which imports back too. A file given with --output is created readable by \
        you alone (0600): it holds your patients' visits.

        Example:
          rvu-cli visits export --output visits.csv
          rvu-cli visits export --start 2026-01-01 --end 2026-03-31 --format json
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var days: VisitDaysOptions
    @Option(
      help: ArgumentHelp("Write to this file (- or none: standard output).", valueName: "file"))
    var output: String?

    func run() throws {
      let store = try global.openRVUStoreToRead()
      let visits = try store.visits(
        userId: user.id, from: days.start?.resolve(asOf: global.asOf),
        through: days.end?.resolve(asOf: global.asOf))
      let text: String
      if global.format == .json {
        let estimates = try withRVUHints {
          try store.paymentEstimates(of: visits, userId: user.id)
        }
        text = OutputFormat.json.render(
          rows: visits.map { $0.jsonObject(nested: true, estimate: estimates[$0.visit.id!]!) })
      } else {
        text = OutputFormat.csv.render(
          rows: visits.flatMap(\.csvRows), columns: VisitImportFile.csvColumns)
      }
      try OutputFile.write(text, to: output)
    }
  }

  /// `rvu-cli visits show ID`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show one visit with its procedures and its Medicare payment estimate.",
      discussion: """
        estimated_payment (also medicare_payment_estimate, its earlier name) = per procedure \
        (work RVU × work GPCI + PE RVU × PE GPCI + MP RVU × MP GPCI) × the catalog's conversion \
        factor, after CMS's modifier and multiple-procedure rules, × quantity; PE facility or \
        non-facility by the visit's --setting, else 'rvu-cli settings set --setting'; GPCIs by \
        'rvu-cli settings set --gpci' (national amount without); 0 for a no-show.

        Example:
          rvu-cli visits show 12
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The visit id.") var id: Int64

    func run() throws {
      let (detail, estimate) = try withRVUHints {
        try global.openRVUStoreToRead().visitWithEstimate(
          id: id, userId: user.id, catalogYear: catalog.year)
      }
      if global.format == .json {
        var object = detail.jsonObject(nested: true, estimate: estimate)
        object[PaymentEstimate.column] = .decimal(estimate.amount)
        global.print(object: object)
      } else {
        var object = detail.jsonObject(nested: false, estimate: estimate)
        object[PaymentEstimate.column] = .decimal(estimate.amount)
        global.print(object: object)
        if global.format == .table, !detail.procedures.isEmpty {
          Terminal.writeOutput(
            "\n" + global.format.render(rows: detail.procedures.map(\.jsonObject)))
        }
      }
    }
  }

  /// `rvu-cli visits update ID`.
  struct Update: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "update",
      abstract: "Change what is given and keep the rest; --procedure replaces all procedures.",
      discussion: """
        Only the options given change: --notes alone keeps the day, time and procedures. \
        --procedure (repeatable) replaces every procedure and copies the catalog's values again. \
        --notes "" removes the notes.

        Example:
          rvu-cli visits update 12 --notes "follow-up in 2 weeks"
          rvu-cli visits update 12 --date 2026-02-09 --procedure 99215
          rvu-cli visits update 12 --no-show
          rvu-cli visits update 12 --setting facility
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: "The visit id.") var id: Int64
    @Option(
      help: ArgumentHelp(
        "The new day: YYYY-MM-DD, today, yesterday or a weekday.", valueName: "day"),
      transform: DayReference.init(parsing:))
    var date: DayReference?
    @Option(
      help: ArgumentHelp("The new time of day (24-hour).", valueName: "hh:mm"),
      transform: TimeOfDay.init(parsing:))
    var time: TimeOfDay?
    @Option(help: "New notes (\"\" removes them).") var notes: String?
    @Flag(
      inversion: .prefixedNo,
      help: "--no-show: the patient did not show up; --show: the patient came.")
    var show: Bool?
    @OptionGroup var procedures: ProcedureOptions
    @OptionGroup var place: PlaceOfServiceOption

    func validate() throws {
      if date == nil, time == nil, notes == nil, show == nil, procedures.isEmpty,
        place.setting == nil
      {
        throw ValidationError(
          "nothing to change: expected --date, --time, --notes, --show/--no-show, --procedure "
            + "or --setting")
      }
    }

    func run() throws {
      let changes = VisitChanges(
        date: date?.resolve(asOf: global.asOf), time: time.map { .some($0) },
        notes: notes.map { $0.isEmpty ? nil : $0 },
        isNoShow: show.map { !$0 },
        procedures: procedures.isEmpty ? nil : try procedures.inputs(),
        setting: place.setting.map(\.setting))
      let saved = try withRVUHints(workRVU: true) {
        let store = try global.openRVUStore()
        let saved = try store.updateVisit(
          id: id, changes: changes, userId: user.id, catalogYear: catalog.year)
        return (
          saved,
          try store.paymentEstimate(
            visitId: id, userId: user.id, catalogYear: catalog.year)
        )
      }
      global.print(object: saved.0.jsonObject(nested: global.format == .json, estimate: saved.1))
    }
  }

  /// `rvu-cli visits delete ID`.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
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
      commandName: "import",
      abstract: "Import visits from JSON (the API's visit bodies) or CSV (one row per procedure).",
      discussion: """
        JSON: an array of {date, time, notes, is_no_show, procedures: [{hcpcs, modifier, \
        description, status_code, work_rvu, quantity}]}; values left out come from the catalog.

        CSV (.csv): columns visit, date, time, notes, no_show, setting, hcpcs, modifier, \
        quantity, work_rvu, work_rvu_unadjusted, description, status_code (as 'rvu-cli visits \
        export' writes them); rows with the same visit value are one visit. Dates \
        and times as a spreadsheet writes them are read too (2/8/2026, 1:30 PM); slashed dates \
        the way the file's first unambiguous one says (13/2/2026: day first), else as \
        --month-first or --day-first says. A spreadsheet with its own header is read with \
        --map column='Its column' for each column named otherwise (--map hcpcs=CPT).

        All or nothing: every bad record is named (up to 20) and nothing is saved. A visit you already \
        have (same day, time, no-show flag and procedures) is skipped, so importing a file again \
        adds nothing; --allow-duplicates saves it anyway.

        Examples:
          rvu-cli visits import visits.json
          rvu-cli visits import log.csv --map visit=Encounter --map hcpcs=CPT
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @OptionGroup var dialect: CSVDialectOptions
    @OptionGroup var columnMap: ColumnMapOptions
    @Argument(help: ArgumentHelp("A .json or .csv file.", valueName: "file")) var file: String
    @Flag(
      name: .customLong("allow-duplicates"),
      help: "Save every visit, even those matching one already saved.")
    var allowDuplicates = false

    func run() throws {
      let name = PathText.name(of: file)
      let records = try dialect.read(file, columns: columnMap, amountFields: ["work_rvu"]) {
        try VisitImportFile.parse($0, fileName: $1, dialect: $2, columns: $3)
      }
      let progress = Progress(label: "importing \(name)", total: records.count)
      let summary = try withRVUHints {
        try global.openRVUStore().importVisits(
          records, userId: user.id, catalogYear: catalog.year, allowDuplicates: allowDuplicates,
          progress: progress.update)
      }
      progress.finish()
      if global.format == .table {
        Terminal.writeOutput(
          "Imported \(counted(summary.added, "new visit")), "
            + "\(summary.alreadyPresent) already present.\n")
      } else {
        global.print(object: [
          "imported": .int(summary.added), "already_present": .int(summary.alreadyPresent),
        ])
      }
    }
  }
}
