import AnalyticsCore
import DataFormats
import Foundation
import GRDB

/// What a Bearable import did.
public struct BearableImportSummary: Sendable, Equatable {
  /// Days given a check-in (mood, energy or sleep), and days checked in already (kept).
  public internal(set) var checkIns = 0, checkInsPresent = 0
  /// Entries made from symptoms and factors, and those stored already (same type and time).
  public internal(set) var entries = 0, entriesPresent = 0
  /// Rows or factors mapped to be left out; symptoms rated 0 (absent that day).
  public internal(set) var leftOut = 0, symptomsAbsent = 0
}

extension BehaviorStore {
  /// The columns of Bearable's CSV export ("long format"); `date formatted` and `weekday` are
  /// read past.
  public static let bearableColumns = [
    "date", "time of day", "category", "rating/amount", "detail", "notes",
  ]

  /// Imports a Bearable CSV export, all or nothing. `Mood` and `Energy` (1–5) and `Sleep`
  /// (`H:MM` slept) make the day's check-in; `Sleep quality` (1–5) a Sleep Quality entry;
  /// `Symptom` rows (`Headache (Mild)`, rated 0–4) and the factor categories' items (`☕
  /// Caffeine - A lot | 🏃 Walk`) entries of the pattern types their names are mapped to
  /// (`mapping`, names and categories lower case → a type, or `nil` to leave out), the symptom's
  /// rating as the intensity, a factor's amount in the entry's note. A row or item without a
  /// mapping is refused, every one named. A day checked in already and an entry already
  /// stored are kept and counted.
  public func importBearable(
    _ data: Data, fileName: String, mapping: [String: PatternType?], zone: Zone
  ) throws -> BearableImportSummary {
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: Self.bearableColumns,
      optional: ["date formatted", "weekday"], problems: &problems)
    struct Day {
      var mood: Int?
      var energy: Int?
      var sleepMinutes: Int?
      var notes: [String] = []
    }
    var days: [LocalDate: Day] = [:]
    var entries:
      [(
        day: LocalDate, time: TimeOfDay, type: PatternType, intensity: Int?, tag: String,
        note: String?
      )] = []
    var unmapped: [String: TallyError.Source] = [:]
    var leftOut = 0
    var absent = 0
    let today = today(in: zone)
    func mapped(_ name: String, _ source: TallyError.Source) -> PatternType?? {
      guard let target = mapping[name.lowercased()] else {
        if unmapped[name.lowercased()] == nil { unmapped[name.lowercased()] = source }
        return nil
      }
      return .some(target)
    }
    for row in table.rows {
      try problems.collect {
        let dayText = try row.required("date")
        guard let day = try? LocalDate(parsing: String(dayText.prefix(10))) else {
          throw TallyError.invalid(
            "date", dayText, expected: "a day such as 2026-02-08", source: row.source)
        }
        if let problem = Self.happenedDayProblem(day, today: today) {
          throw TallyError.invalid("date", dayText, expected: problem, source: row.source)
        }
        let timeText = row["time of day"] ?? ""
        guard let time = Self.bearableTime(timeText) else {
          throw TallyError.invalid(
            "time of day", timeText, expected: "am, mid, pm, all day or HH:MM", source: row.source)
        }
        let category = try row.required("category")
        let value = row["rating/amount"] ?? ""
        let detail = row["detail"] ?? ""
        if let note = row["notes"], !note.isEmpty { days[day, default: Day()].notes.append(note) }
        func rating(_ range: ClosedRange<Int>) throws -> Int {
          guard let number = Int(value), range.contains(number) else {
            throw TallyError.invalid(
              "rating/amount", value, expected: "\(range.lowerBound) to \(range.upperBound)",
              source: row.source)
          }
          return number
        }
        switch category.lowercased() {
        case "mood": days[day, default: Day()].mood = try rating(1...5)
        case "energy": days[day, default: Day()].energy = try rating(1...5)
        case "sleep":
          let parts = value.split(separator: ":")
          guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0...24).contains(hours), (0...59).contains(minutes), hours * 60 + minutes <= 1440
          else {
            throw TallyError.invalid(
              "rating/amount", value, expected: "hours slept as H:MM, such as 7:30",
              source: row.source)
          }
          days[day, default: Day()].sleepMinutes = hours * 60 + minutes
        case "sleep quality":
          entries.append(
            (
              day, time, PatternCatalog.type(id: PatternType.sleepQualityID)!, try rating(1...5),
              "sleep quality", nil
            ))
        case "symptom":
          let name =
            detail.split(separator: "(").first.map {
              $0.trimmingCharacters(in: .whitespaces)
            } ?? ""
          let level = try rating(0...4)
          guard let target = mapped(name, row.source) else { return }
          guard let type = target else {
            leftOut += 1
            return
          }
          guard level > 0 else {
            absent += 1
            return
          }
          entries.append(
            (
              day, time, type, type.takesIntensity ? level : nil, name.lowercased(),
              type.takesIntensity ? nil : "Bearable rating \(level)"
            ))
        default:
          // A category named whole (`Health measurements`) or its items (`Caffeine - A lot`).
          if let target = mapping[category.lowercased()], target == nil {
            leftOut += 1
            return
          }
          let items = detail.split(separator: "|").map {
            $0.trimmingCharacters(in: .whitespaces)
          }.filter { !$0.isEmpty }
          if items.isEmpty { _ = mapped(category, row.source) }
          for item in items {
            let parts = item.components(separatedBy: " - ")
            // Bearable puts an emoji before a factor's name.
            let name = parts[0].drop { !$0.isLetter && !$0.isNumber }
              .trimmingCharacters(in: .whitespaces)
            guard let target = mapped(name, row.source) else { continue }
            guard let type = target else {
              leftOut += 1
              continue
            }
            entries.append(
              (
                day, time, type, nil, name.lowercased(),
                parts.count > 1 ? "Bearable: \(parts[1...].joined(separator: " - "))" : nil
              ))
          }
        }
      }
    }
    for (name, source) in unmapped.sorted(by: { $0.key < $1.key }) {
      try problems.collect {
        throw TallyError.invalid(
          "detail", name, expected: "a mapping to a pattern type, or to none to leave it out",
          source: source)
      }
    }
    try problems.check()
    let now = clock.now()
    return try writer.write { db in
      var summary = BearableImportSummary()
      summary.leftOut = leftOut
      summary.symptomsAbsent = absent
      for (day, values) in days.sorted(by: { $0.key < $1.key })
      where values.mood != nil || values.energy != nil || values.sleepMinutes != nil
        || !values.notes.isEmpty
      {
        let present =
          try Bool.fetchOne(
            db, sql: "SELECT EXISTS (SELECT 1 FROM check_in WHERE day = ?)",
            arguments: [day.description]) ?? false
        if present {
          summary.checkInsPresent += 1
          continue
        }
        try db.execute(
          sql: """
            INSERT INTO check_in (day, mood, energy, sleep_minutes, note, updated_at)
            VALUES (?, ?, ?, ?, ?, ?)
            """,
          arguments: [
            day.description, values.mood, values.energy, values.sleepMinutes,
            values.notes.isEmpty ? nil : values.notes.joined(separator: "\n"),
            now.millisecondsSinceEpoch,
          ])
        summary.checkIns += 1
      }
      for entry in entries {
        let instant = zone.instant(of: LocalDateTime(date: entry.day, time: entry.time))
        let stored =
          try Bool.fetchOne(
            db,
            sql: """
              SELECT EXISTS (SELECT 1 FROM pattern_entry WHERE occurred_at = ? AND pattern_type = ?)
              """, arguments: [instant.millisecondsSinceEpoch, entry.type.id]) ?? false
        if stored {
          summary.entriesPresent += 1
          continue
        }
        let input = EntryInput(
          type: entry.type, timestamp: instant, intensity: entry.intensity,
          contextNotes: entry.note, tags: [entry.tag])
        try input.validate()
        var record = Self.record(input, id: nil, createdAt: now, updatedAt: now)
        try record.insert(db)
        try Self.setTags(input.tags, entryID: record.id!, db)
        summary.entries += 1
      }
      return summary
    }
  }

  /// Bearable's part of the day as a time: am 09:00, mid 13:00, pm 18:00, all day (or none)
  /// 12:00; or a time as written.
  static func bearableTime(_ text: String) -> TimeOfDay? {
    switch text.trimmingCharacters(in: .whitespaces).lowercased() {
    case "am", "morning": return TimeOfDay(hour: 9, minute: 0)
    case "mid", "midday", "afternoon": return TimeOfDay(hour: 13, minute: 0)
    case "pm", "evening", "night": return TimeOfDay(hour: 18, minute: 0)
    case "", "all day", "all-day": return TimeOfDay(hour: 12, minute: 0)
    default: return daylioTime(text)
    }
  }
}
