import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import RuckAnalytics
import RuckReports

extension RuckCommand {
  /// `ruck-cli sessions …`.
  struct Sessions: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "sessions",
      abstract: "List, show, edit and delete sessions.",
      discussion: "Example:\n  ruck-cli sessions show 1",
      subcommands: [List.self, Show.self, Edit.self, Export.self, Delete.self])
  }

  /// `ruck-cli profile …`.
  struct Profile: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "profile",
      abstract: "Body weight, units and the weekly goal.",
      discussion: "Example:\n  ruck-cli profile set --body-weight-kg 80 --units metric",
      subcommands: [Set.self, Show.self])
  }
}

extension RuckCommand.Sessions {
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list",
      abstract: "List sessions, oldest first.",
      discussion: "Example:\n  ruck-cli sessions list --format csv")
    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption

    func run() throws {
      let store = try global.openRuckStoreToRead()
      let sessions = try store.sessions()
      guard global.format == .table else {
        let files = try store.sourceFileNames()
        return global.print(
          rows: sessions.map { RuckWire.session($0, zone: global.zone, files: files) },
          columns: RuckWire.sessionColumns)
      }
      let format = UnitFormatter(system: try units.units ?? store.profile().units)
      let table: [JSONObject] = sessions.map { session in
        [
          "id": .int(Int(session.id!)), "date": .date(global.zone.localDate(of: session.startedAt)),
          "distance": .string(format.distance(session.distanceMeters)),
          // As `sessions show` says it: an untimed track's moving time is unknown, not 0.
          "moving": .string(
            session.movingSeconds > 0 ? format.duration(session.movingSeconds) : "unknown"),
          "pace": .string(format.pace(session.paceSecondsPerKm)),
          "load": .string(format.load(session.loadKg)),
          "calories": .number(session.calories, decimals: 0),
          "terrain": .string(session.terrain?.rawValue),
          "type": .string(session.activity.rawValue),
        ]
      }
      Terminal.writeOutput(OutputFormat.table.render(rows: table))
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract:
        "Show one session with its splits (per km or mi), grade-adjusted pace, elevation range "
        + "and heart rate.",
      discussion: """
        --format html writes a self-contained page with the route drawn from above, its \
        elevation profile and the splits (pdf prints it with Chromium).

        Example:
          ruck-cli sessions show 3 --units imperial
          ruck-cli sessions show 3 --format html --output session.html
        """)
    @OptionGroup var options: PageOptions
    @OptionGroup var units: UnitsOption
    @Argument(help: "The session id.") var id: Int64

    func validate() throws { try options.requirePageName() }

    func run() throws {
      let global = options.global
      let store = try global.openRuckStoreToRead()
      let system = try units.units ?? store.profile().units
      if options.page != nil {
        let (detail, route) = try hinting {
          try store.sessionDetailWithRoute(
            id: id, splitMeters: system.metresPerDistanceUnit,
            routeResolution: RuckReportPage.routeResolution)
        }
        return try options.write(
          RuckReportPage.session(
            detail, route: route, units: system, zone: global.zone,
            source: SessionWords.source(
              detail.session,
              files: try store.sourceFileNames(ids: detail.session.sourceFileId.map { [$0] } ?? [])),
            gear: try store.gearNames(sessionId: id)))
      }
      let detail = try hinting {
        try store.sessionDetail(id: id, splitMeters: system.metresPerDistanceUnit)
      }
      let printer = SessionPrinter(global: global, store: store, units: system)
      guard global.format == .table else {
        return try printer.print(detail.session, extra: RuckWire.detailFields(detail))
      }
      let format = UnitFormatter(system: system)
      var extra: [(String, JSONValue)] = [
        ("track_points", .int(detail.trackPointCount)),
        ("grade-adjusted pace", .string(format.pace(detail.gradeAdjustedPaceSecondsPerKm))),
        ("lowest elevation", .string(format.elevation(detail.lowestElevationMeters))),
        ("highest elevation", .string(format.elevation(detail.highestElevationMeters))),
        (
          "heart rate",
          .string(
            detail.heartRate.map {
              FixedNotation.format($0.average, decimals: 0)
                + " bpm average, \($0.lowest)–\($0.highest)"
            } ?? "-")
        ),
      ]
      if let times = detail.heartRateZones {
        let zones = times.zones
        let basis =
          zones.basis == .reserve
          ? "of the reserve \(zones.resting!)–\(zones.maximum) bpm"
          : "of \(zones.maximumEstimated ? "220 − age = " : "")\(zones.maximum) bpm"
        extra.append(("heart rate zones", .string("50–60–70–80–90% " + basis)))
        extra.append(("below zone 1", .string(format.duration(times.seconds[0]))))
        for zone in 1...5 {
          let low = Int(zones.lowerBounds[zone - 1].rounded(.up))
          let range =
            zone < 5 ? "\(low)–\(Int(zones.lowerBounds[zone].rounded(.up)) - 1)" : "\(low)+"
          extra.append(
            ("zone \(zone) (\(range) bpm)", .string(format.duration(times.seconds[zone]))))
        }
      }
      for split in detail.splits {
        // Moving time (the pace's), then elapsed when stops made it longer.
        var time = split.seconds.map(format.duration) ?? "untimed"
        if let moving = split.seconds, let elapsed = split.elapsedSeconds, elapsed - moving >= 1 {
          time += " (\(format.duration(elapsed)) elapsed)"
        }
        var line =
          "\(format.distance(split.distanceMeters))  \(time)  \(format.pace(split.paceSecondsPerKm))"
        if let adjusted = split.gradeAdjustedPaceSecondsPerKm {
          line += "  (\(format.pace(adjusted)) grade-adjusted)"
        }
        extra.append(("split \(split.number)", .string(line)))
      }
      try printer.print(detail.session, extra: extra)
    }
  }

  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract:
        "Change a session's details, type, day, start, duration or distance, or whether it counts "
        + "in records.",
      discussion: """
        A session with a track keeps the track's measures unless you give new ones; its points \
        keep their recorded times and positions. --gear replaces the session's gear (retired \
        gear fits sessions up to the day it retired). A new --date or --start moves the whole session \
        (its duration stays). A session faster than 3:00 /km on foot is flagged on import and \
        left out of records until --confirm.

        Example:
          ruck-cli sessions edit 3 --load-kg 25 --terrain gravel
          ruck-cli sessions edit 4 --type bike
          ruck-cli sessions edit 5 --date 2026-02-07 --start 07:15 \\
              --duration 1h50m --distance 9.1km
          ruck-cli sessions edit 6 --confirm
          ruck-cli sessions edit 7 --gear "GR1 26L" --gear Boots
        """)
    @OptionGroup var global: GlobalOptions
    @OptionGroup var units: UnitsOption
    @OptionGroup var details: SessionDetails
    @Argument(help: "The session id.") var id: Int64
    @Option(
      help: ArgumentHelp(
        "A new local day: YYYY-MM-DD, today, yesterday or a weekday (the start time stays).",
        valueName: "day"),
      transform: DayReference.init(parsing:))
    var date: DayReference?
    @Option(
      help: ArgumentHelp("A new start time (the day stays).", valueName: "hh:mm"),
      transform: TimeOfDay.init(parsing:))
    var start: TimeOfDay?
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("A new duration: 1h45m, 90 (minutes), 1:45:00.", valueName: "duration"),
      transform: TimeSpan.init(parsing:))
    var duration: TimeSpan?
    @Option(
      parsing: .unconditional,
      help: ArgumentHelp("A new distance with a unit: 8.2km, 5.1mi.", valueName: "distance"),
      transform: { try Quantities.distance(parsing: $0, within: SessionLimits.metres) })
    var distance: Double?
    @Flag(help: "Count it in records (a flagged session, or one excluded before).")
    var confirm = false
    @Flag(name: .customLong("exclude-from-records"), help: "Leave it out of records.")
    var excludeFromRecords = false

    func validate() throws {
      if confirm && excludeFromRecords {
        throw ValidationError("give --confirm or --exclude-from-records, not both")
      }
    }

    func run() throws {
      let store = try global.openRuckStore()
      let changes = SessionChanges(
        date: date.map(global.day), time: start, zone: global.zone,
        duration: duration.map { Double($0.seconds) },
        distance: distance,
        recordStatus: confirm ? .counted : excludeFromRecords ? .excluded : nil)
      let edited = try hinting {
        try store.editSession(
          id: id, options: details.options(zone: global.zone), changes: changes)
      }
      if !edited.trackMeasuresOverridden.isEmpty {
        let measures = edited.trackMeasuresOverridden.map(\.rawValue).joined(separator: ", ")
        Terminal.writeNotice(
          "session \(id) has a track: its \(measures) now as given, no longer the "
            + "track's (the points keep their recorded times and positions)")
      }
      try SessionPrinter(global: global, store: store, units: units.units).print(edited.session)
      if !details.gear.isEmpty { try RuckCommand.Gear.warnWorn(store) }
    }
  }

  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write a session's stored track as GPX 1.1.",
      discussion: """
        The track as stored: its segments, positions, elevations and times. Without --output the \
        GPX goes to standard output.

        Example:
          ruck-cli sessions export 3 --format gpx --output morning.gpx
        """)

    /// The formats a track can be written in.
    enum TrackFormat: String, ExpressibleByArgument, CaseIterable { case gpx }

    @OptionGroup var database: DatabaseOption
    @Option(help: "The track format: gpx.") var format: TrackFormat = .gpx
    @Option(help: ArgumentHelp("The file to write (default: standard output).", valueName: "path"))
    var output: String?
    @Argument(help: "The session id.") var id: Int64

    func run() throws {
      // Not openRuckStore(): this command takes no --as-of.
      let global = GlobalOptions(database: database)
      let store = try RuckStore.open(global.databaseLocation(app: RuckAnalyticsModule.appName))
      let gpx = try hinting { try store.exportGPX(sessionId: id) }
      guard let output else { return Terminal.writeOutput(gpx) }
      try OutputFile.write(gpx, to: output)
    }
  }

  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
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
      commandName: "set",
      abstract: "Change profile settings (the others stay).",
      discussion: """
        Heart-rate zones (sessions show) are 50–60–70–80–90% of --max-hr, or of the reserve \
        above --resting-hr when it is set; without --max-hr, 220 − age from --birth-year.

        Example:
          ruck-cli profile set --body-weight-kg 80 --min-rucks-per-week 2
          ruck-cli profile set --max-hr 185 --resting-hr 55
        """)
    @OptionGroup var global: GlobalOptions
    @Option(
      name: .customLong("body-weight-kg"), parsing: .unconditional,
      help: ArgumentHelp("Body weight in kg.", valueName: "kg"),
      transform: {
        try Quantities.number(
          parsing: $0, what: "body weight in kg", within: SessionLimits.bodyWeightKg)
      })
    var bodyWeightKg: Double?
    @Option(
      name: .customLong("body-weight"), parsing: .unconditional,
      help: ArgumentHelp("Body weight with a unit: 80kg, 176lb.", valueName: "weight"),
      transform: { try Quantities.weight(parsing: $0, within: SessionLimits.bodyWeightKg) })
    var bodyWeight: Double?

    func validate() throws {
      if bodyWeight != nil && bodyWeightKg != nil {
        throw ValidationError("give the body weight once: --body-weight or --body-weight-kg")
      }
    }
    @Option(
      help: ArgumentHelp("metric or imperial.", valueName: "units"),
      transform: UnitSystem.init(parsing:))
    var units: UnitSystem?
    @Option(name: .customLong("min-rucks-per-week"), help: "The weekly goal for streaks.")
    var minRucksPerWeek: Int?
    @Option(
      name: .customLong("max-hr"),
      help: ArgumentHelp("Your maximum heart rate, for zones (100–240).", valueName: "bpm"))
    var maxHeartRate: Int?
    @Option(
      name: .customLong("resting-hr"),
      help: ArgumentHelp(
        "Your resting heart rate: zones of the reserve (25–120).", valueName: "bpm"))
    var restingHeartRate: Int?
    @Option(
      name: .customLong("birth-year"),
      help: ArgumentHelp("Without --max-hr, the maximum is 220 − age.", valueName: "year"))
    var birthYear: Int?
    @Option(
      help: ArgumentHelp(
        "female or male: the training load's coefficients (Banister).", valueName: "sex"),
      transform: { text in
        guard let sex = Sex(rawValue: text.lowercased()) else {
          throw TallyError(value: text, expected: "female or male")
        }
        return sex
      })
    var sex: Sex?

    func run() throws {
      let profile = try global.openRuckStore().updateProfile(
        bodyWeightKg: bodyWeight ?? bodyWeightKg, units: units, minRucksPerWeek: minRucksPerWeek,
        maxHeartRate: maxHeartRate, restingHeartRate: restingHeartRate, birthYear: birthYear,
        sex: sex, asOf: global.asOf)
      RuckCommand.Profile.print(profile, global: global)
    }
  }

  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show the profile.", discussion: "Example:\n  ruck-cli profile show --format json")
    @OptionGroup var global: GlobalOptions

    func run() throws {
      RuckCommand.Profile.print(try global.openRuckStoreToRead().profile(), global: global)
    }
  }

  /// The profile: its wire shape, or in a table its body weight in its own units.
  static func print(_ profile: RuckProfile, global: GlobalOptions) {
    guard global.format == .table else { return global.print(object: RuckWire.profile(profile)) }
    global.print(object: [
      "body weight": .string(UnitFormatter(system: profile.units).load(profile.bodyWeightKg)),
      "units": .string(profile.units.rawValue),
      "weekly goal": .string(counted(profile.minRucksPerWeek, "ruck")),
      "max heart rate": .string(profile.maxHeartRate.map { "\($0) bpm" } ?? "-"),
      "resting heart rate": .string(profile.restingHeartRate.map { "\($0) bpm" } ?? "-"),
      "birth year": .string(profile.birthYear.map(String.init) ?? "-"),
      "sex": .string(profile.sex?.rawValue ?? "-"),
    ])
  }
}
