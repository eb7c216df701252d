import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats

extension BehaviorCommand {
  /// `behavior-cli checkin`.
  struct CheckInCommand: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "checkin",
      abstract: "The day in ten seconds: mood, energy, hours slept, your own ratings, a note.",
      discussion: """
        One check-in per day (the as-of day, or --day): a second one edits it, each value \
        given replacing the day's and the others kept. Mood and energy are 1 (low) to 5 \
        (high); --sleep-hours is the night before, in hours (7.5); --rating NAME=VALUE sets \
        a rating added with 'ratings add'. Shown by 'today' and the reports, and paired with \
        the hard-day score in the monthly correlations.

        Examples:
          behavior-cli checkin --mood 4 --energy 3 --sleep-hours 7.5
          behavior-cli checkin --rating Pain=3 --note "quiet day"
          behavior-cli checkin --day yesterday --mood 2
        """)

    @OptionGroup var global: GlobalOptions
    @Option(
      help: ArgumentHelp("How the day felt.", valueName: "1-5"), transform: parseRating("mood"))
    var mood: Int?
    @Option(help: ArgumentHelp("Energy.", valueName: "1-5"), transform: parseRating("energy"))
    var energy: Int?
    @Option(
      name: .customLong("sleep-hours"),
      help: ArgumentHelp("Hours slept the night before.", valueName: "hours"))
    var sleepHours: String?
    @Option(help: "A note for the day.") var note: String?
    @Option(
      help: ArgumentHelp("A rating of yours and its value (repeatable).", valueName: "name=value"))
    var rating: [String] = []
    @Option(
      help: dayHelp("The day checked in (default: the as-of day):"),
      transform: DayReference.init(parsing:))
    var day: DayReference?

    func execute() throws {
      let ratings = try rating.map { text -> (name: String, value: Int) in
        let parts = text.split(separator: "=", maxSplits: 1).map {
          $0.trimmingCharacters(in: .whitespaces)
        }
        guard parts.count == 2, !parts[0].isEmpty, let value = Int(parts[1]) else {
          throw ValidationError(
            "--rating \(TallyError.quote(text)) is not a rating: expected NAME=VALUE such as "
              + "Pain=3")
        }
        return (parts[0], value)
      }
      let input = CheckInInput(
        day: day?.resolve(asOf: global.asOf) ?? global.asOf, mood: mood, energy: energy,
        sleepMinutes: try sleepHours.map { try CheckInInput.sleepMinutes(hours: $0) },
        note: note, ratings: ratings)
      let (stored, new) = try global.openBehaviorStore().checkIn(input, zone: global.zone)
      if global.format == .table {
        Terminal.writeOutput(
          (new ? "Checked in for " : "Check-in updated for ") + "\(stored.day): "
            + Self.describe(stored) + "\n")
      } else {
        global.print(object: ReportJSON.checkIn(stored))
      }
    }

    /// `mood 4, energy 3, slept 7.5 h, Pain 3, "quiet day"`.
    static func describe(_ checkIn: CheckIn) -> String {
      var parts: [String] = []
      if let mood = checkIn.mood { parts.append("mood \(mood)") }
      if let energy = checkIn.energy { parts.append("energy \(energy)") }
      if let hours = checkIn.sleepHours {
        // 7.5, not 7.50: hours as they were typed.
        var text = JSONValue.format(hours, decimals: 2) ?? ""
        while text.contains("."), text.hasSuffix("0") || text.hasSuffix(".") { text.removeLast() }
        parts.append("slept \(text) h")
      }
      for (name, value) in checkIn.ratings.sorted(by: { $0.key.lowercased() < $1.key.lowercased() })
      {
        parts.append("\(name) \(value)")
      }
      if let note = checkIn.note { parts.append("\"\(note)\"") }
      return parts.joined(separator: ", ")
    }
  }

  /// `behavior-cli ratings …`.
  struct Ratings: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "ratings",
      abstract: "Your own daily ratings for check-ins (Pain 0-10, Focus 1-5).",
      discussion: "Example:\n  behavior-cli ratings add Pain --scale 0-10 --higher-is harder",
      subcommands: [List.self, Add.self])

    struct List: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "list", abstract: "The daily ratings, by name.",
        discussion: "Example:\n  behavior-cli ratings list")
      @OptionGroup var global: GlobalOptions

      func execute() throws {
        global.print(
          rows: try global.openBehaviorStoreToRead().ratings().map(Self.row),
          columns: ["name", "scale_min", "scale_max", "polarity"])
      }

      static func row(_ rating: DailyRating) -> JSONObject {
        [
          "name": .string(rating.name), "scale_min": .int(rating.scale.lowerBound),
          "scale_max": .int(rating.scale.upperBound), "polarity": .string(rating.polarity.rawValue),
        ]
      }
    }

    struct Add: HintedCommand {
      static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add a daily rating.",
        discussion: """
          --higher-is says which way it points, so reports never read a high pain as a good \
          day: better, harder or neither (default).

          Examples:
            behavior-cli ratings add Pain --scale 0-10 --higher-is harder
            behavior-cli ratings add Focus --scale 1-5 --higher-is better
          """)
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The rating's name.") var name: String
      @Option(
        help: ArgumentHelp("The lowest and highest values.", valueName: "low-high"),
        transform: { text in
          let parts = text.split(separator: "-", omittingEmptySubsequences: false)
          // "-5-5" splits as "", "5", "5": a leading minus belongs to the low end.
          let numbers =
            parts.first == "" && parts.count == 3
            ? [Int("-" + parts[1]), Int(parts[2])] : parts.map { Int($0) }
          guard numbers.count == 2, let low = numbers[0], let high = numbers[1], low < high else {
            throw ValidationError(
              "--scale \(TallyError.quote(text)) is not a scale: expected LOW-HIGH such as 0-10")
          }
          return low...high
        })
      var scale: ClosedRange<Int>
      @Option(
        name: .customLong("higher-is"),
        help: ArgumentHelp("Which way it points.", valueName: "better|harder|neither"),
        transform: { text in
          switch text.lowercased() {
          case "better": return .higherIsBetter
          case "harder", "worse": return .higherIsHarder
          case "neither": return .neither
          default: throw TallyError(value: text, expected: "better, harder or neither")
          }
        })
      var polarity: PatternType.Polarity = .neither

      func execute() throws {
        let rating = try global.openBehaviorStore().addRating(
          name: name, scale: scale, polarity: polarity)
        if global.format == .table {
          Terminal.writeOutput(
            "Added rating \(rating.name) "
              + "(\(rating.scale.lowerBound)-\(rating.scale.upperBound)).\n")
        } else {
          global.print(object: List.row(rating))
        }
      }
    }
  }
}
