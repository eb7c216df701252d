import AnalyticsCore
import ArgumentParser
import CLIKit
import RVUDomain

extension RVUCommand {
  /// `rvu-cli settings …`.
  struct Settings: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "settings",
      abstract: "Your RVU rate, annual target, bonus and practice setting.",
      discussion: "Example:\n  rvu-cli settings set --dollars-per-rvu 52.50",
      subcommands: [Show.self, Set.self], defaultSubcommand: Show.self)
  }

  /// `rvu-cli goal`.
  struct Goal: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "goal",
      abstract: "Work RVUs to date against your target, pace, dollars and bonus.",
      discussion: """
        The target is aimed over its period: 'rvu-cli settings set --target-start D \
        --target-end D' when set, else the calendar year of --as-of (--year picks a calendar \
        year). The pace starts on the period's first day, or on the first day you logged a \
        visit in it when later (a new job in March). Expected by now counts working days \
        (Monday to Friday) less your time off ('rvu-cli time-off add') through --as-of; the \
        projection carries the pace so far to the period's end. Dollars use \
        --dollars-per-rvu, the bonus pays --bonus-rate of that rate again for every RVU above \
        --bonus-threshold (see 'rvu-cli settings set').

        Example:
          rvu-cli goal
          rvu-cli goal --year 2025 --format json
          rvu-cli settings set --target-start 2026-07-01 --target-end 2027-06-30
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Option(
      help: ArgumentHelp(
        "A calendar year (default: your target period, else the --as-of year).",
        valueName: "yyyy"))
    var year: Int?

    func run() throws {
      let asOf = global.asOf
      let goal = try global.openRVUStoreToRead().goal(userId: user.id, year: year, asOf: asOf)
      global.print(object: goal.jsonObject)
    }
  }
}

extension RVUCommand.Settings {
  /// `rvu-cli settings show`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show your settings (null until set).",
      discussion: "Example:\n  rvu-cli settings show --format json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions

    func run() throws {
      global.print(object: try global.openRVUStoreToRead().settings(userId: user.id).jsonObject)
    }
  }

  /// `rvu-cli settings set …`.
  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "set",
      abstract: "Change the settings given; the others stay.",
      discussion: """
        Example:
          rvu-cli settings set --dollars-per-rvu 52.50 --annual-target 6000
          rvu-cli settings set --bonus-rate 0.25 --bonus-threshold 5000 \\
              --setting facility
          rvu-cli settings set --gpci 1.000,0.869,0.575
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Option(
      name: .customLong("dollars-per-rvu"),
      help: ArgumentHelp("Dollars paid per work RVU.", valueName: "amount"),
      transform: { try amount($0, within: RVUStore.settingRanges.dollarsPerRVU) })
    var dollarsPerRVU: FixedDecimal?
    @Option(
      name: .customLong("annual-target"),
      help: ArgumentHelp("Work RVUs aimed for in a year.", valueName: "rvus"),
      transform: { try amount($0, within: RVUStore.settingRanges.rvus) })
    var annualTarget: FixedDecimal?
    @Option(
      name: .customLong("bonus-rate"),
      help: ArgumentHelp(
        "The share of the rate paid again per RVU above the threshold (0 to 1).",
        valueName: "share"),
      transform: { try amount($0, within: RVUStore.settingRanges.bonusRate) })
    var bonusRate: FixedDecimal?
    @Option(
      name: .customLong("bonus-threshold"),
      help: ArgumentHelp("Work RVUs in a year above which the bonus is paid.", valueName: "rvus"),
      transform: { try amount($0, within: RVUStore.settingRanges.rvus) })
    var bonusThreshold: FixedDecimal?
    @Option(
      help: ArgumentHelp(
        "Where you practise, for payment estimates: facility or non-facility.",
        valueName: "setting"),
      transform: PracticeSetting.init(parsing:))
    var setting: PracticeSetting?
    @Option(
      name: .customLong("target-start"),
      help: ArgumentHelp(
        "The first day of the period the target is aimed over (the app's target period).",
        valueName: "yyyy-mm-dd"),
      transform: LocalDate.init(parsing:))
    var targetStart: LocalDate?
    @Option(
      name: .customLong("target-end"),
      help: ArgumentHelp("The last day of that period.", valueName: "yyyy-mm-dd"),
      transform: LocalDate.init(parsing:))
    var targetEnd: LocalDate?
    @Option(
      name: .customLong("bonus-per-rvu"),
      help: ArgumentHelp(
        "Dollars paid for every work RVU above the target (the app's bonus rate).",
        valueName: "dollars"),
      transform: { try amount($0, within: RVUStore.settingRanges.dollarsPerRVU) })
    var bonusPerRVU: FixedDecimal?
    @Option(
      help: ArgumentHelp("Logging reminders: on or off.", valueName: "on|off"),
      transform: { text in
        switch text.lowercased() {
        case "on": return true
        case "off": return false
        default: throw TallyError(value: text, expected: "on or off")
        }
      })
    var reminders: Bool?
    @Option(
      help: ArgumentHelp(
        "Which work RVUs your employer credits visits logged from now on: adjusted (after CMS's "
          + "modifier and multiple-procedure rules, the default) or unadjusted.",
        valueName: "adjusted|unadjusted"),
      transform: RVUCredit.init(parsing:))
    var credit: RVUCredit?
    @Option(
      help: ArgumentHelp(
        "The three GPCIs of your Medicare payment locality, as CMS publishes them (work, "
          + "practice expense, malpractice), for payment estimates; 1.000,1.000,1.000 is the "
          + "national amount.",
        valueName: "work,pe,mp"),
      transform: GPCI.init(parsing:))
    var gpci: GPCI?

    func validate() throws {
      if dollarsPerRVU == nil, annualTarget == nil, bonusRate == nil, bonusThreshold == nil,
        setting == nil, targetStart == nil, targetEnd == nil, bonusPerRVU == nil, reminders == nil,
        credit == nil, gpci == nil
      {
        throw ValidationError(
          "nothing to set: expected --dollars-per-rvu, --annual-target, --bonus-rate, "
            + "--bonus-threshold, --setting, --target-start, --target-end, --bonus-per-rvu, "
            + "--reminders, --credit or --gpci")
      }
    }

    func run() throws {
      let settings = try global.openRVUStore().updateSettings(
        RVUSettingsChanges(
          dollarsPerRVU: dollarsPerRVU, annualTarget: annualTarget, bonusRate: bonusRate,
          bonusThreshold: bonusThreshold, practiceSetting: setting, targetStart: targetStart,
          targetEnd: targetEnd, bonusPerRVU: bonusPerRVU, reminderEnabled: reminders,
          credit: credit, gpci: gpci),
        userId: user.id)
      global.print(object: settings.jsonObject)
    }
  }
}

/// An amount checked against the domain's range as it is parsed, so that the error names the
/// option and the text as typed (`--dollars-per-rvu "-1"`; the domain's own check said
/// `dollars_per_rvu "-1.00"`).
private func amount(_ text: String, within range: ClosedRange<FixedDecimal>) throws -> FixedDecimal
{
  let value = try FixedDecimal(parsing: text)
  guard range.contains(value) else {
    throw TallyError(value: text, expected: "\(range.lowerBound) to \(range.upperBound)")
  }
  return value
}
