import AnalyticsCore
import ArgumentParser
import CLIKit
import RVUDomain

extension RVUCommand {
  /// `rvu-cli time-off …`.
  struct TimeOffCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "time-off",
      abstract: "Days you do not work, left out of the working days 'rvu-cli goal' paces over.",
      discussion:
        "Example:\n  rvu-cli time-off add --from 2026-07-06 --to 2026-07-10 --note vacation",
      subcommands: [Add.self, List.self, Delete.self], defaultSubcommand: List.self)
  }
}

extension RVUCommand.TimeOffCommand {
  /// `rvu-cli time-off add`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Record days off, first and last included (one day: --from alone).",
      discussion: """
        Weekends inside count nothing; entries may overlap, a day counts once.

        Example:
          rvu-cli time-off add --from 2026-07-06 --to 2026-07-10 --note vacation
          rvu-cli time-off add --from 2026-11-27
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Option(
      help: ArgumentHelp("The first day off: YYYY-MM-DD, today or a weekday.", valueName: "day"),
      transform: DayReference.init(parsing:))
    var from: DayReference
    @Option(
      help: ArgumentHelp("The last day off (default: --from).", valueName: "day"),
      transform: DayReference.init(parsing:))
    var to: DayReference?
    @Option(help: "What it is (vacation, conference).") var note: String?

    func run() throws {
      let first = from.resolve(asOf: global.asOf)
      let entry = try namingOptions(["to": "to", "notes": "note"]) {
        try global.openRVUStore().addTimeOff(
          from: first, to: to?.resolve(asOf: global.asOf) ?? first, note: note, userId: user.id)
      }
      global.print(object: entry.jsonObject)
    }
  }

  /// `rvu-cli time-off list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List your time off, earliest first.",
      discussion: "Example:\n  rvu-cli time-off list --format json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions

    func run() throws {
      global.print(
        rows: try global.openRVUStoreToRead().timeOff(userId: user.id).map(\.jsonObject),
        columns: TimeOff.columns)
    }
  }

  /// `rvu-cli time-off delete ID`.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete one entry of your time off.",
      discussion: "Example:\n  rvu-cli time-off delete 3")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The entry's id (time-off list).") var id: Int64

    func run() throws {
      try global.openRVUStore().deleteTimeOff(id: id, userId: user.id)
      global.printDeleted("time off", id: id)
    }
  }
}
