import AnalyticsCore
import CLIKit
import DataFormats
import RuckAnalytics
import RuckReports

/// How `log`, `sessions show` and `sessions edit` print one session: the wire shape for JSON and
/// CSV, and in tables the profile's units and words instead of SI keys.
struct SessionPrinter {
  let global: GlobalOptions
  let store: RuckStore
  let units: UnitSystem?

  func print(_ session: RuckSession, extra: [(String, JSONValue)] = []) throws {
    let files = try store.sourceFileNames(ids: session.sourceFileId.map { [$0] } ?? [])
    let gear = try session.id.map { try store.gearNames(sessionId: $0) } ?? []
    guard global.format == .table else {
      var object = RuckWire.session(session, zone: global.zone, files: files)
      object["gear"] = .array(gear.map { .string($0) })
      for (key, value) in extra { object[key] = value }
      return global.print(object: object)
    }
    let format = UnitFormatter(system: try units ?? store.profile().units)
    let start = global.zone.localDateTime(of: session.startedAt)
    var rows: [(String, JSONValue)] = [
      ("id", .int(Int(session.id ?? 0))), ("date", .date(start.date)),
      ("start", .string(start.time.description)), ("type", .string(session.activity.rawValue)),
      ("distance", .string(format.distance(session.distanceMeters))),
      (
        "moving time",
        .string(session.movingSeconds > 0 ? format.duration(session.movingSeconds) : "unknown")
      ),
      ("elapsed time", .string(format.duration(session.elapsedSeconds))),
      ("pace", .string(format.pace(session.paceSecondsPerKm))),
      ("elevation gain", .string(format.elevation(session.elevationGainMeters))),
      ("elevation loss", .string(format.elevation(session.elevationLossMeters))),
      ("load", .string(format.load(session.loadKg))),
      ("body weight", .string(format.load(session.bodyWeightKg))),
      ("weight moved", .string(format.weightMoved(session.weightMovedKgKm))),
      (
        "calories",
        .string(session.calories.map { FixedNotation.format($0, decimals: 0) + " kcal" } ?? "-")
      ),
      ("calories from", .string(session.caloriesSource.rawValue)),
      ("terrain", .string(session.terrain?.rawValue ?? "-")),
      (
        "temperature",
        .string(format.temperature(session.temperatureC))
      ),
      ("conditions", .string(session.conditions ?? "-")), ("notes", .string(session.notes ?? "-")),
      ("source", .string(SessionWords.source(session, files: files))),
      ("gear", .string(gear.isEmpty ? "-" : gear.joined(separator: ", "))),
      ("records", .string(SessionWords.records(session))),
    ]
    rows += extra.map { (key, value) in (key.replacingOccurrences(of: "_", with: " "), value) }
    global.print(object: JSONObject(rows))
  }
}
