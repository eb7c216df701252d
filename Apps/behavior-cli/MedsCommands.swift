import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import Foundation

extension MedicationFrequency: ExpressibleByArgument {
  /// Parses `daily`, `twice-daily`, ….
  public init?(argument: String) {
    guard let frequency = try? MedicationFrequency.resolve(argument) else { return nil }
    self = frequency
  }
}

extension BehaviorCommand {
  /// `behavior-cli meds …`.
  struct Meds: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "meds",
      abstract: "Track medications, doses taken or skipped, and how they feel.",
      discussion: "Example:\n  behavior-cli meds log Sertraline --taken --mood 3",
      subcommands: [
        Add.self, List.self, Edit.self, Stop.self, Delete.self, Log.self, Logs.self, History.self,
      ])
  }
}

extension BehaviorCommand.Meds {
  /// `behavior-cli meds add NAME`.
  struct Add: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add a medication.",
      discussion: """
        Frequencies: daily, twice-daily, three-times-daily, weekly (due every 7 days from \
        --since), as-needed (no adherence, only a count of doses). --times gives the dose \
        times, one per dose of a day (two for twice-daily; none for as-needed): 'due' and \
        'calendar' remind of them.

        Example:
          behavior-cli meds add Sertraline --dosage "50 mg" --frequency daily \\
              --since 2026-01-15
          behavior-cli meds add Ritalin --frequency twice-daily --times 08:00,13:00
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The name.") var name: String
    @Option(help: ArgumentHelp("The dosage as written.", valueName: "text")) var dosage: String?
    @Option(help: "daily, twice-daily, three-times-daily, weekly or as-needed.")
    var frequency: MedicationFrequency
    @Option(
      help: dayHelp("The first day (default: the as-of day):"),
      transform: DayReference.init(parsing:))
    var since: DayReference?
    @Option(help: ArgumentHelp("Notes.", valueName: "text")) var notes: String?
    @Option(
      help: ArgumentHelp("Dose times, HH:MM, comma-separated.", valueName: "times"),
      transform: parseDoseTimes)
    var times: [TimeOfDay] = []

    func execute() throws {
      let medication = try global.openBehaviorStore().addMedication(
        MedicationInput(
          name: name, dosage: dosage, frequency: frequency,
          since: since?.resolve(asOf: global.asOf) ?? global.asOf,
          notes: notes, doseTimes: times))
      global.print(object: BehaviorJSON.medication(medication))
    }
  }

  /// `behavior-cli meds list`.
  struct List: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List active medications with their adherence over the last 30 days.",
      discussion: "Example:\n  behavior-cli meds list --all")

    @OptionGroup var global: GlobalOptions
    @Flag(help: "Include stopped medications.") var all = false

    func execute() throws {
      let store = try global.openBehaviorStoreToRead()
      let medications = try store.medications(includeStopped: all)
      let insights = Dictionary(
        try store.medicationInsights(
          days: BehaviorStore.recentAdherenceDays, asOf: global.asOf, zone: global.zone
        ).map {
          ($0.medication, $0)
        }, uniquingKeysWith: { first, _ in first })
      global.print(
        rows: medications.map {
          BehaviorJSON.medicationWithRecentDoses($0, insights[$0.name])
        }, columns: BehaviorJSON.medicationWithRecentDosesColumns)
    }
  }

  /// `behavior-cli meds edit NAME|ID`.
  struct Edit: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Change a medication: the options given replace those fields.",
      discussion: """
        --times none removes the dose times.

        Examples:
          behavior-cli meds edit Sertraline --dosage "100 mg"
          behavior-cli meds edit Sertraline --times 08:00
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The medication's name or id.", completion: medicationCompletion)
    var medication: String
    @Option(help: "A new name.") var name: String?
    @Option(help: ArgumentHelp("The dosage (empty to remove).", valueName: "text")) var dosage:
      String?
    @Option(help: "A new frequency.") var frequency: MedicationFrequency?
    @Option(
      help: dayHelp("A new first day:"), transform: DayReference.init(parsing:))
    var since: DayReference?
    @Option(help: ArgumentHelp("Notes (empty to remove).", valueName: "text")) var notes: String?
    @Option(
      help: ArgumentHelp(
        "New dose times, HH:MM, comma-separated (none: remove).", valueName: "times"),
      transform: parseDoseTimes)
    var times: [TimeOfDay]?

    func execute() throws {
      var change = MedicationChange()
      change.doseTimes = times
      change.name = name
      change.dosage = dosage.map { .set($0) } ?? .keep
      change.frequency = frequency
      change.since = since?.resolve(asOf: global.asOf)
      change.notes = notes.map { .set($0) } ?? .keep
      let saved = try global.openBehaviorStore().editMedication(
        medication, change, zone: global.zone)
      global.print(object: BehaviorJSON.medication(saved))
    }
  }

  /// `behavior-cli meds stop NAME|ID`.
  struct Stop: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "stop",
      abstract: "Mark a medication stopped; its history is kept.",
      discussion: """
        --on is the last day it was taken (default: the as-of day).

        Example:
          behavior-cli meds stop Sertraline --on 2026-03-01
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The medication's name or id.", completion: medicationCompletion)
    var medication: String
    @Option(
      help: dayHelp("The last day it was taken:"), transform: DayReference.init(parsing:))
    var on: DayReference?

    func execute() throws {
      let saved = try global.openBehaviorStore().stopMedication(
        medication, on: on?.resolve(asOf: global.asOf) ?? global.asOf, zone: global.zone)
      global.print(object: BehaviorJSON.medication(saved))
    }
  }

  /// `behavior-cli meds delete NAME|ID --yes`.
  struct Delete: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete a medication and all its logs (needs --yes; 'meds stop' keeps history).",
      discussion: "Example:\n  behavior-cli meds delete Sertraline --yes")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The medication's name or id.", completion: medicationCompletion)
    var medication: String
    @Flag(help: "Confirm: the medication and its logs are deleted for good.") var yes = false

    func execute() throws {
      guard yes else {
        throw ValidationError(
          "deleting \(medication) also deletes its logs: expected --yes to confirm ('meds stop' keeps them)"
        )
      }
      let logs = try global.openBehaviorStore().deleteMedication(medication)
      Terminal.writeOutput("Deleted \(medication) and \(counted(logs, "log")).\n")
    }
  }

  /// `behavior-cli meds log NAME --taken|--skipped`.
  struct Log: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "log",
      abstract: "Log a dose taken or skipped, with how you feel.",
      discussion: """
        Example:
          behavior-cli meds log Sertraline --taken --effectiveness 4 --mood 3 \\
              --energy 3
          behavior-cli meds log Sertraline --skipped --reason "forgot" \\
              --at "2026-02-08 09:00"
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The medication's name or id.", completion: medicationCompletion)
    var medication: String
    @Flag(help: "The dose was taken.") var taken = false
    @Flag(help: "The dose was skipped.") var skipped = false
    @Option(help: ArgumentHelp("Why it was skipped.", valueName: "text")) var reason: String?
    @Option(
      help: ArgumentHelp("How well it works, 1–5.", valueName: "1-5"),
      transform: parseRating("effectiveness"))
    var effectiveness: Int?
    @Option(help: ArgumentHelp("Mood, 1–5.", valueName: "1-5"), transform: parseRating("mood"))
    var mood: Int?
    @Option(help: ArgumentHelp("Energy, 1–5.", valueName: "1-5"), transform: parseRating("energy"))
    var energy: Int?
    @Option(
      name: .customLong("side-effects"), help: ArgumentHelp("Side effects.", valueName: "text"))
    var sideEffects: String?
    @Option(help: ArgumentHelp("Notes.", valueName: "text")) var notes: String?
    @Option(
      help: ArgumentHelp(
        "When: YYYY-MM-DD HH:MM, or HH:MM today (default: now).", valueName: "time"))
    var at: String?

    func validate() throws {
      guard taken != skipped else {
        throw ValidationError(
          taken
            ? "--taken and --skipped contradict each other: expected one of them"
            : "missing --taken or --skipped: expected one of them")
      }
    }

    func execute() throws {
      let log = try global.openBehaviorStore().logMedication(
        medication,
        MedicationLogInput(
          timestamp: try global.instant(at: at), taken: taken, skippedReason: reason,
          effectiveness: effectiveness, mood: mood, energyLevel: energy, sideEffects: sideEffects,
          notes: notes), zone: global.zone)
      if global.format == .table {
        Terminal.writeOutput(
          "Logged \(log.medicationName) \(log.taken ? "taken" : "skipped") (log \(log.id)).\n")
      } else {
        global.print(object: BehaviorJSON.medicationLog(log, zone: global.zone))
      }
    }
  }

  /// `behavior-cli meds history NAME`.
  struct History: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "history",
      abstract: "A medication's history: started, each dosage change, stopped; doses at each.",
      discussion: """
        Each dose keeps the dosage it was taken at; doses_taken and doses_skipped count those \
        logged from an event to the next.

        Example:
          behavior-cli meds history Sertraline
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: "The medication (name or id).", completion: medicationCompletion)
    var medication: String

    func execute() throws {
      let events = try global.openBehaviorStoreToRead().medicationHistory(
        medication, zone: global.zone)
      global.print(
        rows: events.map(BehaviorJSON.medicationHistoryEvent),
        columns: BehaviorJSON.medicationHistoryColumns)
    }
  }

  /// `behavior-cli meds logs [NAME]`.
  struct Logs: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "logs",
      abstract: "List medication logs, newest first.",
      discussion: "Example:\n  behavior-cli meds logs Sertraline --from 2026-02-01")

    @OptionGroup var global: GlobalOptions
    @Argument(help: "Only this medication (name or id).", completion: medicationCompletion)
    var medication: String?
    @OptionGroup var days: DayOptions

    func execute() throws {
      let span = try days.resolved(asOf: global.asOf)
      let logs = try global.openBehaviorStoreToRead().medicationLogs(
        medication, from: span.from, to: span.to, zone: global.zone)
      global.print(
        rows: logs.map { BehaviorJSON.medicationLog($0, zone: global.zone) },
        columns: BehaviorJSON.medicationLogColumns)
    }
  }
}

/// `08:00,20:00` as times of day; `none` as none.
@Sendable func parseDoseTimes(_ text: String) throws -> [TimeOfDay] {
  if text.lowercased() == "none" { return [] }
  return try text.split(separator: ",", omittingEmptySubsequences: false).map { part in
    let trimmed = part.trimmingCharacters(in: .whitespaces)
    guard let time = try? TimeOfDay(parsing: trimmed) else {
      throw ValidationError(
        "--times \(TallyError.quote(text)) is not a list of times: expected HH:MM values "
          + "separated by commas, such as 08:00,20:00")
    }
    return time
  }
}
