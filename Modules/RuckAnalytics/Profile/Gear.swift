import AnalyticsCore
import GRDB

/// What a piece of gear is, one default of each kind going on every new ruck.
public enum GearKind: String, Sendable, CaseIterable {
  case pack, boots, vest, other
}

/// A pack, boots or a vest whose distance and weight moved are counted (issue 36 §3).
public struct GearItem: Sendable, Equatable {
  public let id: Int64
  public let name: String
  public let kind: GearKind
  /// The distance after which it is due to be retired, metres.
  public let retireAtMeters: Double?
  /// The day it was retired: it then goes on no new session.
  public let retiredOn: LocalDate?
  /// Whether new rucks get it when they name no gear of its kind.
  public let isDefault: Bool
}

/// An item with what its sessions add up to.
public struct GearUsage: Sendable, Equatable {
  public let item: GearItem
  public let sessions: Int
  public let distanceMeters: Double
  public let weightMovedKgKm: Double
  /// Whether it has gone past its retire distance.
  public var pastRetireDistance: Bool { item.retireAtMeters.map { distanceMeters >= $0 } ?? false }
}

extension RuckStore {
  /// Adds an item; a default replaces the default of its kind.
  ///
  /// - throws: `TallyError` for an empty or taken name, or a retire distance that is not positive.
  public func addGear(
    name: String, kind: GearKind, retireAtMeters: Double? = nil, isDefault: Bool = false
  ) throws -> GearItem {
    let name = name.trimmingCharacters(in: .whitespaces)
    guard !name.isEmpty else { throw TallyError(value: name, expected: "a name for the gear") }
    if let retireAtMeters, !(retireAtMeters.isFinite && retireAtMeters > 0) {
      throw TallyError(value: "\(retireAtMeters)", expected: "a positive retire distance")
    }
    return try writer.write { db in
      if try Self.gearItem(db, named: name) != nil {
        throw TallyError(value: name, expected: "a name no other gear has")
      }
      if isDefault {
        try db.execute(
          sql: "UPDATE gear SET is_default = 0 WHERE kind = ?", arguments: [kind.rawValue])
      }
      try db.execute(
        sql: "INSERT INTO gear (name, kind, retire_at_m, is_default) VALUES (?, ?, ?, ?)",
        arguments: [name, kind.rawValue, retireAtMeters, isDefault])
      return try Self.gearItem(db, named: name)!
    }
  }

  /// Retires an item on `day`: it keeps its sessions and goes on no new one.
  ///
  /// - throws: `TallyError` (missing input) when no gear has this name.
  public func retireGear(name: String, on day: LocalDate) throws -> GearItem {
    try writer.write { db in
      guard let item = try Self.gearItem(db, named: name) else {
        throw TallyError(
          .missingInput, .invalid(field: "gear", value: name, expected: "the name of your gear"))
      }
      // Retiring twice would move the day silently.
      if let retired = item.retiredOn {
        throw TallyError(value: name, expected: "gear not retired yet (it was on \(retired))")
      }
      try db.execute(
        sql: "UPDATE gear SET retired_on = ?, is_default = 0 WHERE id = ?",
        arguments: [day, item.id])
      return try Self.gearItem(db, named: name)!
    }
  }

  /// Every item with its sessions' distance and weight moved (flagged sessions left out, as
  /// every total leaves them; one excluded from records was still walked), in the order added.
  public func gear() throws -> [GearUsage] {
    try writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT g.id, g.name, g.kind, g.retire_at_m, g.retired_on, g.is_default,
                 COUNT(s.id), COALESCE(SUM(s.distance_m), 0),
                 COALESCE(SUM(s.load_kg * s.distance_m / 1000), 0)
          FROM gear g
          LEFT JOIN session_gear sg ON sg.gear_id = g.id
          LEFT JOIN ruck_session s ON s.id = sg.session_id AND s.record_status <> 'unconfirmed'
          GROUP BY g.id ORDER BY g.id
          """
      ).map { row in
        GearUsage(
          item: Self.item(row), sessions: row[6], distanceMeters: row[7], weightMovedKgKm: row[8])
      }
    }
  }

  /// The names of a session's gear, in the order added.
  public func gearNames(sessionId: Int64) throws -> [String] {
    try writer.read { db in
      try String.fetchAll(
        db,
        sql: """
          SELECT g.name FROM session_gear sg JOIN gear g ON g.id = sg.gear_id
          WHERE sg.session_id = ? ORDER BY g.id
          """, arguments: [sessionId])
    }
  }

  private static func item(_ row: Row) -> GearItem {
    GearItem(
      id: row[0], name: row[1], kind: GearKind(rawValue: row[2]) ?? .other,
      retireAtMeters: row[3],
      retiredOn: (row[4] as String?).flatMap { try? LocalDate(parsing: $0) },
      isDefault: row[5])
  }

  static func gearItem(_ db: Database, named name: String) throws -> GearItem? {
    try Row.fetchOne(
      db,
      sql: "SELECT id, name, kind, retire_at_m, retired_on, is_default FROM gear WHERE name = ?",
      arguments: [name]
    ).map(item)
  }

  /// Puts gear on a session: the items named and, on a new session that counts as a ruck, the
  /// default of each kind no named item is of (a pack named leaves the default boots on, as
  /// `gear add --default` says). An edit (`day` given) puts exactly the items named. An item
  /// retired goes on no session, unless the session is of `day` (an edited session's) on or
  /// before its retirement.
  ///
  /// - throws: `TallyError` for a name no gear has, or a retired item.
  static func attachGear(
    _ db: Database, names: [String]?, to session: RuckSession, on day: LocalDate? = nil
  ) throws {
    guard let id = session.id else { return }
    var items: [GearItem] = []
    if let names {
      for name in names {
        guard let item = try gearItem(db, named: name) else {
          let known = try String.fetchAll(db, sql: "SELECT name FROM gear ORDER BY id")
          throw TallyError(
            value: name,
            expected: known.isEmpty
              ? "the name of gear added first" : "one of " + known.joined(separator: ", "))
        }
        if let retired = item.retiredOn, !(day.map { $0 <= retired } ?? false) {
          throw TallyError(
            value: name,
            expected: day == nil
              ? "gear that is not retired"
              : "gear not retired before the session's day, \(day!) (retired \(retired))")
        }
        items.append(item)
      }
    }
    if day == nil && session.countsAsRuck {
      let named = Set(items.map(\.kind))
      items += try Row.fetchAll(
        db,
        sql: """
          SELECT id, name, kind, retire_at_m, retired_on, is_default FROM gear
          WHERE is_default AND retired_on IS NULL
          """
      ).map(item).filter { !named.contains($0.kind) }
    }
    for item in items {
      try db.execute(
        sql: "INSERT OR IGNORE INTO session_gear (session_id, gear_id) VALUES (?, ?)",
        arguments: [id, item.id])
    }
  }
}
