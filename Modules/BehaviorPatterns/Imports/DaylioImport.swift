import AnalyticsCore
import DataFormats
import Foundation
import GRDB

/// How a Daylio export's moods and activities become Tally's: mood labels as 1–5 (Daylio's five
/// defaults, `rad` 5 … `awful` 1, and any the person renamed or added), and each activity as a
/// pattern type (an entry at the row's time, tagged with the activity) or left out on purpose.
public struct DaylioMapping: Sendable, Equatable {
  public enum Activity: Sendable, Equatable {
    case pattern(PatternType)
    /// Named by the person as not to be imported: counted, never silently dropped.
    case leftOut
  }

  /// Mood labels (lower case) → 1–5.
  public var moods: [String: Int] = ["rad": 5, "good": 4, "meh": 3, "bad": 2, "awful": 1]
  /// Activity names (lower case) → what they become.
  public var activities: [String: Activity] = [:]

  public init() {}
}

/// What a Daylio import did.
public struct DaylioImportSummary: Sendable, Equatable {
  /// Days checked in (one per day of the file), and those the database had already (kept).
  public internal(set) var checkIns = 0, checkInsPresent = 0
  /// Days with several Daylio entries: the latest entry's mood is the day's, every note is kept.
  public internal(set) var daysMerged = 0
  /// Entries made from mapped activities, those already stored (same type, same time), and
  /// activities of one type at one time joined into one entry (their tags together).
  public internal(set) var entries = 0, entriesPresent = 0, entriesMerged = 0
  /// Activities of the file mapped to be left out, counted each time they appear.
  public internal(set) var activitiesLeftOut = 0
}

extension BehaviorStore {
  /// The columns of Daylio's CSV export.
  public static let daylioColumns = [
    "full_date", "date", "weekday", "time", "mood", "activities", "note_title", "note",
  ]

  /// Imports a Daylio CSV export, all or nothing: each day becomes a check-in (the latest
  /// entry's mood; the notes of all the day's entries, titles first, in time order) and each
  /// mapped activity an entry of its pattern type at its row's time in `zone`, tagged with the
  /// activity. A day already checked in, or an entry already stored, is kept and counted.
  ///
  /// - throws: `TallyError` (bad data) naming the line and value: a day that does not read, a
  ///   time that does not read (`8:04 pm`, `20:04`), a mood without a value, an activity
  ///   without a mapping (all of them named at once), a day after today.
  public func importDaylio(
    _ data: Data, fileName: String, mapping: DaylioMapping, zone: Zone
  ) throws -> DaylioImportSummary {
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: Self.daylioColumns, problems: &problems)
    struct Row {
      let source: TallyError.Source
      let day: LocalDate
      let time: TimeOfDay
      let mood: Int
      let activities: [String]
      let note: String?
    }
    var rows: [Row] = []
    var unmapped: [String: TallyError.Source] = [:]
    let today = today(in: zone)
    for row in table.rows {
      try problems.collect {
        // Activities first: every unmapped one is named, even on a row refused for its mood.
        let activities = (row["activities"] ?? "").split(separator: "|").map {
          $0.trimmingCharacters(in: .whitespaces)
        }.filter { !$0.isEmpty }
        for activity in activities where mapping.activities[activity.lowercased()] == nil {
          if unmapped[activity.lowercased()] == nil { unmapped[activity.lowercased()] = row.source }
        }
        let day = try Self.importedDay(
          try row.required("full_date"), column: "full_date", today: today, source: row.source)
        let timeText = try row.required("time")
        guard let time = Self.daylioTime(timeText) else {
          throw TallyError.invalid(
            "time", timeText, expected: "a time such as 8:04 pm or 20:04", source: row.source)
        }
        let moodText = try row.required("mood")
        guard let mood = mapping.moods[moodText.lowercased()] else {
          throw TallyError.invalid(
            "mood", moodText,
            expected: "rad, good, meh, bad, awful or a mood mapped to 1-5", source: row.source)
        }
        let note = [row["note_title"], row["note"]].compactMap { $0 }.filter { !$0.isEmpty }
          .joined(separator: ": ")
        rows.append(
          Row(
            source: row.source, day: day, time: time, mood: mood, activities: activities,
            note: note.isEmpty ? nil : note))
      }
    }
    try Self.refuseUnmapped(unmapped, column: "activity", problems: &problems)
    try problems.check()
    guard !rows.isEmpty else {
      throw TallyError(
        .badData, .missing(field: "rows", expected: "at least one Daylio entry"),
        source: TallyError.Source(fileName))
    }
    let now = clock.now()
    // Each entry is checked against its rules before anything is written, naming its row.
    for row in rows {
      for activity in row.activities {
        if case .pattern(let type) = mapping.activities[activity.lowercased()] {
          try problems.collect {
            try Self.checkImported(
              ImportedEntry(
                source: row.source,
                instant: zone.instant(of: LocalDateTime(date: row.day, time: row.time)),
                type: type, intensity: nil, tags: [activity], notes: []))
          }
        }
      }
    }
    try problems.check()
    return try writer.write { db in
      var summary = DaylioImportSummary()
      var made: [ImportedEntry] = []
      let byDay = Dictionary(grouping: rows, by: \.day)
      for day in byDay.keys.sorted() {
        let entries = byDay[day]!.sorted { $0.time < $1.time }
        let present =
          try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM check_in WHERE day = ?)",
            arguments: [day.description]) ?? false
        if present {
          summary.checkInsPresent += 1
        } else {
          let notes = entries.compactMap(\.note)
          try db.execute(
            sql: """
              INSERT INTO check_in (day, mood, note, updated_at) VALUES (?, ?, ?, ?)
              """,
            arguments: [
              day.description, entries.last!.mood,
              notes.isEmpty ? nil : notes.joined(separator: "\n"), now.millisecondsSinceEpoch,
            ])
          summary.checkIns += 1
          if entries.count > 1 { summary.daysMerged += 1 }
        }
        for entry in entries {
          let instant = zone.instant(of: LocalDateTime(date: day, time: entry.time))
          for activity in entry.activities {
            guard case .pattern(let type) = mapping.activities[activity.lowercased()]! else {
              summary.activitiesLeftOut += 1
              continue
            }
            made.append(
              ImportedEntry(
                source: entry.source, instant: instant, type: type, intensity: nil,
                tags: [activity], notes: []))
          }
        }
      }
      let stored = try Self.storeImported(made, now: now, db)
      (summary.entries, summary.entriesPresent, summary.entriesMerged) = stored
      return summary
    }
  }

  /// Daylio's time as its export writes it: `8:04 pm` (the phone's 12-hour clock) or `20:04`.
  static func daylioTime(_ text: String) -> TimeOfDay? {
    let trimmed = text.trimmingCharacters(in: .whitespaces).lowercased()
    for (suffix, offset) in [("am", 0), ("pm", 12)] where trimmed.hasSuffix(suffix) {
      let clock = trimmed.dropLast(2).trimmingCharacters(in: .whitespaces)
      let parts = clock.split(separator: ":")
      guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]),
        (1...12).contains(hour)
      else { return nil }
      return TimeOfDay(hour: hour % 12 + offset, minute: minute)
    }
    let parts = trimmed.split(separator: ":")
    guard parts.count == 2, let hour = Int(parts[0]), let minute = Int(parts[1]) else { return nil }
    return TimeOfDay(hour: hour, minute: minute)
  }
}
