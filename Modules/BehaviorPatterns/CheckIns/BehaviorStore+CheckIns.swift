import AnalyticsCore
import Foundation
import GRDB

extension BehaviorStore {
  /// The longest rating name, in characters.
  public static let maximumRatingNameLength = 40

  /// Adds a daily rating (`Pain`, 0–10, higher is harder).
  ///
  /// - throws: `TallyError` (usage): an empty or long name, a scale whose low end is not below
  ///   its high end or outside −100…100, a name taken (case ignored) or one of the check-in's
  ///   own fields (mood, energy, sleep).
  @discardableResult
  public func addRating(name: String, scale: ClosedRange<Int>, polarity: PatternType.Polarity)
    throws -> DailyRating
  {
    let name = try Self.checkedRating(name: name, scale: scale)
    return try writer.write { db in
      guard try Self.rating(named: name, db) == nil else {
        throw TallyError(.usage, .exists(kind: TallyError.BehaviorKind.rating, name: name))
      }
      return try Self.insertRating(
        name: name, scale: scale, polarity: polarity, db, createdAt: clock.now())
    }
  }

  /// A rating's name trimmed, when it and the scale are what `addRating` takes (an import
  /// checks a backup's ratings by the same rules).
  static func checkedRating(name: String, scale: ClosedRange<Int>) throws -> String {
    let name = name.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !name.isEmpty, name.count <= Self.maximumRatingNameLength, !name.contains("=") else {
      throw TallyError.invalid(
        "rating name", name,
        expected: "1 to \(Self.maximumRatingNameLength) characters without '='", category: .usage)
    }
    guard !["mood", "energy", "sleep"].contains(name.lowercased()) else {
      throw TallyError.invalid(
        "rating name", name,
        expected: "a name other than mood, energy or sleep (a check-in has those)",
        category: .usage)
    }
    guard scale.lowerBound < scale.upperBound, scale.lowerBound >= -100, scale.upperBound <= 100
    else {
      throw TallyError.invalid(
        "scale", "\(scale.lowerBound)-\(scale.upperBound)",
        expected: "a low end below the high end, within -100 to 100 (0-10, 1-5)",
        category: .usage)
    }
    return name
  }

  static func insertRating(
    name: String, scale: ClosedRange<Int>, polarity: PatternType.Polarity, _ db: Database,
    createdAt: Instant = Instant(millisecondsSinceEpoch: 0)
  ) throws -> DailyRating {
    try db.execute(
      sql: """
        INSERT INTO daily_rating (name, scale_min, scale_max, polarity, created_at)
        VALUES (?, ?, ?, ?, ?)
        """,
      arguments: [
        name, scale.lowerBound, scale.upperBound, polarity.rawValue,
        createdAt.millisecondsSinceEpoch,
      ])
    return DailyRating(id: db.lastInsertedRowID, name: name, scale: scale, polarity: polarity)
  }

  /// The daily ratings, by name (case ignored).
  public func ratings() throws -> [DailyRating] {
    try writer.read { try Self.ratings($0) }
  }

  static func ratings(_ db: Database) throws -> [DailyRating] {
    try Row.fetchAll(
      db,
      sql: "SELECT id, name, scale_min, scale_max, polarity FROM daily_rating ORDER BY name"
    ).map { row in
      DailyRating(
        id: row[0], name: row[1], scale: (row[2] as Int)...(row[3] as Int),
        polarity: PatternType.Polarity(rawValue: row[4]) ?? .neither)
    }
  }

  static func rating(named name: String, _ db: Database) throws -> DailyRating? {
    try ratings(db).first { $0.name.lowercased() == name.lowercased() }
  }

  /// Records the check-in of `input.day`: the first of the day is made, a second one edits it
  /// (each field given replaces the day's; the others stay).
  ///
  /// - Returns: the day's check-in as stored, and whether it was new.
  /// - throws: `TallyError` (usage): nothing given, a mood or energy outside 1–5, an unknown
  ///   rating (with the closest name), a value outside its rating's scale, a day after today.
  @discardableResult
  public func checkIn(_ input: CheckInInput, zone: Zone) throws -> (checkIn: CheckIn, new: Bool) {
    if let problem = Self.happenedDayProblem(input.day, today: today(in: zone)) {
      throw TallyError.invalid(
        "check-in day", input.day.description, expected: problem, category: .usage)
    }
    guard
      input.mood != nil || input.energy != nil || input.sleepMinutes != nil
        || input.note != nil || !input.ratings.isEmpty
    else {
      throw TallyError.refused(
        "a check-in needs a mood, an energy, hours slept, a note or a rating", category: .usage)
    }
    for (field, value) in [("mood", input.mood), ("energy", input.energy)] {
      if let value, !(1...5).contains(value) {
        throw TallyError.invalid(field, String(value), expected: "1 to 5", category: .usage)
      }
    }
    if let minutes = input.sleepMinutes, !(0...1440).contains(minutes) {
      throw TallyError.invalid(
        "sleep minutes", String(minutes), expected: "0 to 1440", category: .usage)
    }
    if let note = input.note, note.utf8.count > Self.maximumJournalBytes {
      throw TallyError.invalid(
        "note", "\(note.utf8.count) bytes", expected: "at most 1 MiB", category: .usage)
    }
    return try writer.write { db in
      let known = try Self.ratings(db)
      var values: [(DailyRating, Int)] = []
      for (name, value) in input.ratings {
        guard let rating = known.first(where: { $0.name.lowercased() == name.lowercased() })
        else {
          let guess = Suggestion.closest(to: name, in: known.map(\.name))
          throw TallyError.invalid(
            "rating", name,
            expected: known.isEmpty
              ? "a rating added first (none yet)"
              : "one of " + known.map(\.name).joined(separator: ", ")
                + (guess.map { "; did you mean '\($0)'?" } ?? ""),
            category: .usage)
        }
        guard rating.scale.contains(value) else {
          throw TallyError.invalid(
            rating.name, String(value),
            expected: "\(rating.scale.lowerBound) to \(rating.scale.upperBound)",
            category: .usage)
        }
        values.append((rating, value))
      }
      let day = input.day.description
      let existed =
        try Bool.fetchOne(
          db, sql: "SELECT EXISTS (SELECT 1 FROM check_in WHERE day = ?)", arguments: [day])
        ?? false
      let now = clock.now().millisecondsSinceEpoch
      if existed {
        try db.execute(
          sql: """
            UPDATE check_in SET mood = COALESCE(?, mood), energy = COALESCE(?, energy),
              sleep_minutes = COALESCE(?, sleep_minutes), note = COALESCE(?, note),
              updated_at = ?
            WHERE day = ?
            """,
          arguments: [input.mood, input.energy, input.sleepMinutes, input.note, now, day])
      } else {
        try db.execute(
          sql: """
            INSERT INTO check_in (day, mood, energy, sleep_minutes, note, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [day, input.mood, input.energy, input.sleepMinutes, input.note, now])
      }
      for (rating, value) in values {
        try db.execute(
          sql: """
            INSERT INTO check_in_rating (day, rating_id, value) VALUES (?, ?, ?)
            ON CONFLICT (day, rating_id) DO UPDATE SET value = excluded.value
            """, arguments: [day, rating.id, value])
      }
      let stored = try Self.checkIns(db, from: input.day, through: input.day)
      return (stored[0], !existed)
    }
  }

  /// The check-ins of `range`, oldest first.
  public func checkIns(in range: DayRange) throws -> [CheckIn] {
    try writer.read { try Self.checkIns($0, from: range.start, through: range.end) }
  }

  static func checkIns(_ db: Database, from start: LocalDate, through end: LocalDate) throws
    -> [CheckIn]
  {
    let arguments: StatementArguments = [start.description, end.description]
    var ratings: [String: [String: Int]] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT c.day, r.name, c.value FROM check_in_rating c
        JOIN daily_rating r ON r.id = c.rating_id WHERE c.day BETWEEN ? AND ?
        """, arguments: arguments)
    {
      ratings[row[0], default: [:]][row[1]] = row[2]
    }
    return try Row.fetchAll(
      db,
      sql: """
        SELECT day, mood, energy, sleep_minutes, note FROM check_in
        WHERE day BETWEEN ? AND ? ORDER BY day
        """, arguments: arguments
    ).map { row in
      let day: String = row[0]
      return CheckIn(
        day: try LocalDate(parsing: day), mood: row[1], energy: row[2], sleepMinutes: row[3],
        note: row[4], ratings: ratings[day] ?? [:])
    }
  }
}
