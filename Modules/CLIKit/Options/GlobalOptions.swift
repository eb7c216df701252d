import AnalyticsCore
import ArgumentParser
import DataFormats
import Foundation
import Storage

/// The options every Tally app takes: where the database is, how to print, what "today" is and
/// which time zone days and hours are counted in.
public struct GlobalOptions: ParsableArguments, Sendable {
  /// `--db PATH`.
  @OptionGroup public var database: DatabaseOption

  /// `--format table|json|csv`.
  @Option(help: ArgumentHelp("Output format: table, json or csv.", valueName: "format"))
  public var format: OutputFormat = .table

  /// `--as-of DAY`, `--time-zone Area/City`.
  @OptionGroup public var days: DayOptions

  /// `--wide`.
  @OptionGroup public var width: WideOption

  /// The options with their defaults.
  public init() {}

  /// The options put together by another group of options (`PageOptions`).
  public init(
    database: DatabaseOption = DatabaseOption(), format: OutputFormat = .table,
    days: DayOptions = DayOptions(), width: WideOption = WideOption()
  ) {
    self.database = database
    self.format = format
    self.days = days
    self.width = width
  }

  /// `--db`, when given.
  public var databasePath: String? { database.path }
  /// `--as-of`, when given.
  public var asOfDay: DayReference? { days.asOf }
  /// `--time-zone`, when given.
  public var timeZoneOption: Zone? { days.timeZone }
  /// `--wide`.
  public var wide: Bool { width.wide }

  /// Where the database is when `--db` is not given, naming the running app's own variable and
  /// file (`$TALLY_RVU_DB`, `rvu.sqlite`).
  static func databaseDiscussion(app: String?) -> String {
    let app = app ?? "<app>"
    let variable =
      app == "<app>" ? "$TALLY_<APP>_DB" : "$" + DatabaseLocation.environmentVariable(for: app)
    return "Default: \(variable), else $XDG_DATA_HOME/tally/\(app).sqlite, else "
      + "~/.local/share/tally/\(app).sqlite."
  }

  /// The options above by their long names, with whether each takes a value: `CommandRunner`
  /// moves them after the subcommand when typed before it. Each group lists its own.
  static let names: [String: Bool] = DatabaseOption.names.merging(DayOptions.names) { $1 }
    .merging(WideOption.names) { $1 }.merging(["--format": true]) { $1 }

  /// The time zone: `--time-zone`, else the system's (`TZ` or `/etc/localtime`), else UTC.
  public var zone: Zone {
    if let timeZoneOption { return timeZoneOption }
    return (try? Zone(identifier: TimeZone.current.identifier)) ?? .utc
  }

  /// The as-of day: `--as-of`, else today in `zone`.
  public var asOf: LocalDate { asOf(in: zone) }

  /// The as-of day where `zone` is: `--as-of` (`yesterday` is the day before today there), else
  /// today there. Each store counts its days in its own zone.
  public func asOf(in zone: Zone) -> LocalDate {
    Self.day(asOfDay, in: zone, now: Instant(Date()))
  }

  /// `asOfDay` resolved against the day `now` falls on in `zone`; today there without one.
  static func day(_ asOfDay: DayReference?, in zone: Zone, now: Instant) -> LocalDate {
    let today = zone.localDate(of: now)
    return asOfDay?.resolve(asOf: today) ?? today
  }

  /// `--as-of` as a day (in `zone`), `nil` when not given.
  public var asOfDate: LocalDate? { asOfDay == nil ? nil : asOf }

  /// "Now" for every app: the current time, or with `--as-of` the current time of day on that
  /// day in `zone`, so something logged without a time lands on the as-of day wherever the user
  /// is (noon UTC put an Auckland entry on the next day). Its day in any zone is the as-of day
  /// there (`asOf(in:)`): each store's imports refuse orders after the very day its queries end
  /// on. One instant would not do for that: noon UTC of a date is the day before in Kiribati,
  /// and the current time moved back 24 hours per day of a word missed `yesterday` across a DST
  /// change and a weekday counted in another zone.
  public var clock: TallyClock {
    let (asOfDay, asOfDate, zone) = (self.asOfDay, self.asOfDate, self.zone)
    return TallyClock(
      now: {
        let now = Instant(Date())
        guard let asOfDate else { return now }
        return zone.instant(
          of: LocalDateTime(date: asOfDate, time: zone.localDateTime(of: now).time))
      },
      today: { Self.day(asOfDay, in: $0, now: Instant(Date())) })
  }

  /// Where the database of `app` is, following `DatabaseLocation.resolve`.
  public func databaseLocation(app: String) -> DatabaseLocation {
    DatabaseLocation.resolve(
      app: app, explicitPath: databasePath, environment: ProcessInfo.processInfo.environment)
  }

  /// Where the database of `app` is, for a command that only reads. When no file is there yet
  /// (a first run), the command reads an empty database in memory and says so on standard
  /// error: it answers as an empty database does (an empty list, its CSV header), and leaves
  /// no file behind (a read created an empty database before).
  ///
  /// - Parameter commands: the commands that save, for the note.
  public func databaseLocationToRead(app: String, madeBy commands: String) -> DatabaseLocation {
    let location = databaseLocation(app: app)
    // A folder the user named that is not there stays an error, as for any command.
    if case .file(let path, let createsFolder) = location,
      !FileManager.default.fileExists(atPath: path),
      createsFolder
        || FileManager.default.fileExists(
          atPath: PathText.folder(of: path).isEmpty ? "." : PathText.folder(of: path))
    {
      Terminal.noticeOnSuccess(
        "there is no \(app) database at \(path) yet: nothing is saved until \(commands)")
      return .memory
    }
    return location
  }
}

extension GlobalOptions {
  /// Prints rows in the chosen format on standard output: tables fitted to the terminal unless
  /// `--wide`; `columns` gives an empty CSV its header.
  public func print(rows: [JSONObject], columns: [String] = []) {
    Terminal.writeOutput(format.render(rows: rows, columns: columns))
  }

  /// Prints one object in the chosen format on standard output.
  public func print(object: JSONObject) { Terminal.writeOutput(format.render(object: object)) }

  /// Confirms a deletion: `Deleted visit 12.` as a table, `{"id": 12, "deleted": true}` otherwise.
  public func printDeleted(_ what: String, id: Int64) {
    if format == .table {
      Terminal.writeOutput("Deleted \(what) \(id).\n")
    } else {
      print(object: ["id": .int(Int(id)), "deleted": .bool(true)])
    }
  }
}

extension GlobalOptions {
  /// The instant of a wall time the user typed, in `zone`. A time the clocks skip (02:30 on a
  /// spring-forward night) is moved forward, as everywhere in Tally, and said on standard error:
  /// the entry was shown at 03:30 without a word.
  public func instant(typed local: LocalDateTime) -> Instant {
    let instant = zone.instant(of: local)
    let taken = zone.localDateTime(of: instant)
    if taken != local {
      Terminal.writeNotice(
        "note: \(local.time) does not exist on \(local.date) in \(zone) (the clocks went "
          + "forward): \(taken.time) taken")
    }
    return instant
  }
}

/// `--db PATH`: where the database is. Declared once; every command's options take it as a group
/// (`GlobalOptions`, `PageOptions`, `ReportOptions`, commands with options of their own).
public struct DatabaseOption: ParsableArguments, Sendable {
  @Option(
    name: .customLong("db"),
    help: ArgumentHelp(
      "The database file (':memory:' for a throwaway one).",
      discussion: GlobalOptions.databaseDiscussion(app: CommandRunner.appName),
      valueName: "path"))
  public var path: String?

  public init() {}

  /// The option's name, and that it takes a value (`CommandRunner` moves it after a subcommand).
  static let names = ["--db": true]

  /// Refuses `--db ""`, which would otherwise fall back to the default location unnoticed.
  public func validate() throws {
    if path == "" {
      // ArgumentParser reports only its own error type from validate() with status 64.
      throw ValidationError(
        TallyError.invalid("--db", "", expected: "a database path (or :memory:)").description)
    }
  }
}

/// `--as-of DAY` and `--time-zone ZONE`: what "today" is and which zone days and hours are
/// counted in. Declared once, for every command that takes them.
public struct DayOptions: ParsableArguments, Sendable {
  /// A day as `DayReference` reads it, `yesterday` and `mon` included.
  @Option(
    name: .customLong("as-of"),
    help: ArgumentHelp(
      "The day taken as today: YYYY-MM-DD, today, yesterday or a weekday (default: today in "
        + "--time-zone).", valueName: "day"),
    transform: DayReference.init(parsing:))
  public var asOf: DayReference?

  @Option(
    name: .customLong("time-zone"),
    help: ArgumentHelp(
      "The IANA time zone for days and hours (default: the system's, else UTC).",
      valueName: "zone"),
    transform: Zone.init(identifier:))
  public var timeZone: Zone?

  public init() {}

  static let names = ["--as-of": true, "--time-zone": true]
}

/// `--wide`: tables at full width.
public struct WideOption: ParsableArguments, Sendable {
  @Flag(help: "Show tables at full width instead of fitting them to the terminal.")
  public var wide = false

  public init() {}

  static let names = ["--wide": false]

  /// Every table of this run, including those an app renders itself, follows `--wide`.
  public func validate() throws {
    if wide { TableWriter.wide = true }
  }
}

/// Runs `body`, naming a domain's field in a refused value as the option that gave it
/// (`days "0"` → `--days "0"`): the domain names its own fields, never a command's options.
/// `options`: the domain's field → the option's name without `--`.
public func namingOptions<T>(_ options: [String: String], _ body: () throws -> T) throws -> T {
  do {
    return try body()
  } catch var error as TallyError {
    if case .invalid(field: let field?, let value, let expected) = error.cause,
      let option = options[field]
    {
      error.cause = .invalid(field: "--" + option, value: value, expected: expected)
    }
    throw error
  }
}
