import ArgumentParser
import CLIKit
import DataFormats
import RuckAnalytics

extension RuckCommand {
  /// `ruck-cli sessions …`.
  struct Sessions: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List, show, edit and delete sessions.",
      subcommands: [List.self, Show.self, Edit.self, Delete.self])
  }

  /// `ruck-cli profile …`.
  struct Profile: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Body weight, units and the weekly goal.", subcommands: [Set.self, Show.self])
  }
}

extension RuckCommand.Sessions {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "List sessions, oldest first.",
      discussion: "Example:\n  ruck-cli sessions list --format csv")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption

    func run() throws {
      let store = try global.openRuckStore()
      let sessions = try store.sessions()
      let files = try store.sourceFileNames()
      let rows = sessions.map { RuckWire.session($0, zone: global.zone, files: files) }
      guard global.format == .table else {
        return global.print(rows: rows)
      }
      let format = UnitFormatter(system: try units.units ?? store.profile().units)
      let table: [JSONObject] = sessions.map { session in
        [
          "id": .int(Int(session.id!)), "date": .date(global.zone.localDate(of: session.startedAt)),
          "distance": .string(format.distance(session.distanceMeters)),
          "moving": .string(format.duration(session.movingSeconds)),
          "pace": .string(format.pace(session.paceSecondsPerKm)),
          "load": .string(format.load(session.loadKg)),
          "calories": .number(session.calories, decimals: 0),
          "terrain": .string(session.terrain?.rawValue),
        ]
      }
      Terminal.writeOutput(OutputFormat.table.render(rows: table))
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show one session.", discussion: "Example:\n  ruck-cli sessions show 3")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session id.") var id: Int64

    func run() throws {
      let store = try global.openRuckStore()
      var object = RuckWire.session(
        try hinting { try store.session(id: id) }, zone: global.zone,
        files: try store.sourceFileNames())
      object["track_points"] = .int(try store.trackPoints(sessionId: id).count)
      global.print(object: object)
    }
  }

  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change a session's load, body weight, terrain, weather or notes.",
      discussion: "Example:\n  ruck-cli sessions edit 3 --load-kg 25 --terrain gravel")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var details: SessionDetails
    @Argument(help: "The session id.") var id: Int64

    func run() throws {
      let store = try global.openRuckStore()
      let session = try hinting { try store.editSession(id: id, options: details.options()) }
      global.print(
        object: RuckWire.session(session, zone: global.zone, files: try store.sourceFileNames()))
    }
  }

  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Delete a session and its track.",
      discussion: "Example:\n  ruck-cli sessions delete 3")
    @OptionGroup var global: GlobalOptions
    @Argument(help: "The session id.") var id: Int64

    func run() throws {
      let store = try global.openRuckStore()
      try hinting { try store.deleteSession(id: id) }
      global.printDeleted("session", id: id)
    }
  }
}

extension RuckCommand.Profile {
  struct Set: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Change profile settings (the others stay).",
      discussion:
        "Example:\n  ruck-cli profile set --body-weight-kg 80 --units metric --min-rucks-per-week 2"
    )
    @OptionGroup var global: GlobalOptions
    @Option(
      name: .customLong("body-weight-kg"),
      help: ArgumentHelp("Body weight in kg.", valueName: "kg"),
      transform: { try Quantities.number(parsing: $0, what: "body weight in kg") })
    var bodyWeightKg: Double?
    @Option(
      help: ArgumentHelp("metric or imperial.", valueName: "units"),
      transform: UnitSystem.init(parsing:))
    var units: UnitSystem?
    @Option(name: .customLong("min-rucks-per-week"), help: "The weekly goal for streaks.")
    var minRucksPerWeek: Int?

    func run() throws {
      let profile = try global.openRuckStore().updateProfile(
        bodyWeightKg: bodyWeightKg, units: units, minRucksPerWeek: minRucksPerWeek)
      global.print(object: RuckWire.profile(profile))
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      abstract: "Show the profile.", discussion: "Example:\n  ruck-cli profile show --format json")
    @OptionGroup var global: GlobalOptions

    func run() throws {
      global.print(object: RuckWire.profile(try global.openRuckStore().profile()))
    }
  }
}
