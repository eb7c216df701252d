import AnalyticsCore
import DataFormats
import Foundation
import GRDB

/// What a Bearable import did.
public struct BearableImportSummary: Sendable, Equatable {
  /// Days given a check-in (mood, energy or sleep), and days checked in already (kept).
  public internal(set) var checkIns = 0, checkInsPresent = 0
  /// Entries made from symptoms and factors, those stored already (same type and time), and
  /// items of one type in one part of a day joined into one (tags and notes together, the
  /// highest intensity).
  public internal(set) var entries = 0, entriesPresent = 0, entriesMerged = 0
  /// Rows or items mapped to be left out; symptoms rated 0 (absent that day).
  public internal(set) var leftOut = 0, symptomsAbsent = 0
  /// A mood, energy or sleep given again the same day: the later one is kept, these counted.
  public internal(set) var valuesReplaced = 0
}

extension BehaviorStore {
  /// The columns of Bearable's CSV export ("long format"); `date formatted` and `weekday` are
  /// read past.
  public static let bearableColumns = [
    "date", "time of day", "category", "rating/amount", "detail", "notes",
  ]

  /// Imports a Bearable CSV export, all or nothing. `Mood` and `Energy` (1–5) and `Sleep`
  /// (`H:MM` slept) make the day's check-in (given twice, the later is kept and counted) and
  /// the rows' notes its note; `Sleep quality` (1–5) a Sleep Quality entry; `Symptom` rows
  /// (`Headache (Mild)`, rated 0–4) and the other categories' items (`☕ Caffeine - A lot`) or
  /// whole rows entries of the pattern types their names are mapped to (`mapping`, lower case →
  /// a type, or `nil` to leave out), a symptom's rating as the intensity, an item's level and a
  /// row's amount in the entry's note. A name without a mapping is refused, every one named. A
  /// day checked in already and an entry already stored are kept and counted.
  public func importBearable(
    _ data: Data, fileName: String, mapping: [String: PatternType?], zone: Zone
  ) throws -> BearableImportSummary {
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: Self.bearableColumns,
      optional: ["date formatted", "weekday"], problems: &problems)
    var days: [LocalDate: BearableDay] = [:]
    var entries: [ImportedEntry] = []
    var unmapped: [String: TallyError.Source] = [:]
    var summary = BearableImportSummary()
    let today = today(in: zone)
    /// The mapping of a name: a type, `.some(nil)` to leave out, `nil` (and noted) when none.
    func mapped(_ name: String, _ source: TallyError.Source) -> PatternType?? {
      guard let target = mapping[name.lowercased()] else {
        if unmapped[name.lowercased()] == nil { unmapped[name.lowercased()] = source }
        return nil
      }
      return .some(target)
    }
    for row in table.rows {
      try problems.collect {
        let day = try Self.importedDay(
          try row.required("date"), column: "date", today: today, source: row.source)
        let timeText = row["time of day"] ?? ""
        guard let time = Self.bearableTime(timeText) else {
          throw TallyError.invalid(
            "time of day", timeText, expected: "am, mid, pm, all day or HH:MM", source: row.source)
        }
        let category = try row.required("category")
        let value = row["rating/amount"] ?? ""
        let detail = row["detail"] ?? ""
        if let note = row["notes"], !note.isEmpty {
          days[day, default: BearableDay()].notes.append(note)
        }
        func rating(_ range: ClosedRange<Int>) throws -> Int {
          guard let number = Int(value), range.contains(number) else {
            throw TallyError.invalid(
              "rating/amount", value, expected: "\(range.lowerBound) to \(range.upperBound)",
              source: row.source)
          }
          return number
        }
        func entry(_ type: PatternType, _ intensity: Int?, _ tag: String, _ note: String?) {
          entries.append(
            ImportedEntry(
              source: row.source, instant: zone.instant(of: LocalDateTime(date: day, time: time)),
              type: type, intensity: intensity, tags: [tag], notes: note.map { [$0] } ?? []))
        }
        switch category.lowercased() {
        case "mood": days[day, default: BearableDay()].set(\.mood, try rating(1...5), at: time)
        case "energy": days[day, default: BearableDay()].set(\.energy, try rating(1...5), at: time)
        case "sleep":
          let parts = value.split(separator: ":")
          guard parts.count == 2, let hours = Int(parts[0]), let minutes = Int(parts[1]),
            (0...24).contains(hours), (0...59).contains(minutes), hours * 60 + minutes <= 1440
          else {
            throw TallyError.invalid(
              "rating/amount", value, expected: "hours slept as H:MM, such as 7:30",
              source: row.source)
          }
          days[day, default: BearableDay()].set(\.sleep, hours * 60 + minutes, at: time)
        case "sleep quality":
          entry(
            PatternCatalog.type(id: PatternType.sleepQualityID)!, try rating(1...5),
            "sleep quality",
            nil)
        case "symptom":
          let name =
            detail.split(separator: "(").first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
          let level = try rating(0...4)
          guard let target = mapped(name, row.source) else { return }
          guard let type = target else {
            summary.leftOut += 1
            return
          }
          guard level > 0 else {
            summary.symptomsAbsent += 1
            return
          }
          entry(
            type, type.takesIntensity ? level : nil, name.lowercased(),
            type.takesIntensity ? nil : "Bearable rating \(level)")
        default:
          // A category left out whole (`Health measurements`), or its items (`Caffeine - A
          // lot`) or the row itself mapped; a row's amount (a step count) goes into the note.
          if let target = mapping[category.lowercased()], target == nil {
            summary.leftOut += 1
            return
          }
          let amount = value.isEmpty ? nil : "Bearable \(category.lowercased()): \(value)"
          let items = detail.split(separator: "|").map {
            $0.trimmingCharacters(in: .whitespaces)
          }.filter { !$0.isEmpty }
          if items.isEmpty {
            guard let target = mapped(category, row.source) else { return }
            guard let type = target else {
              summary.leftOut += 1
              return
            }
            entry(type, nil, category.lowercased(), amount)
          }
          for item in items {
            let parts = item.components(separatedBy: " - ")
            // Bearable puts an emoji before a factor's name.
            let name = parts[0].drop { !$0.isLetter && !$0.isNumber }
              .trimmingCharacters(in: .whitespaces)
            guard let target = mapped(name, row.source) else { continue }
            guard let type = target else {
              summary.leftOut += 1
              continue
            }
            let level = parts.count > 1 ? "Bearable: \(parts[1...].joined(separator: " - "))" : nil
            entry(
              type, nil, name.lowercased(),
              [level, amount].compactMap { $0 }.joined(separator: "; "))
          }
        }
      }
    }
    try Self.refuseUnmapped(unmapped, column: "detail", problems: &problems)
    for entry in entries { try problems.collect { try Self.checkImported(entry) } }
    try problems.check()
    let now = clock.now()
    return try writer.write { db in
      for (day, values) in days.sorted(by: { $0.key < $1.key })
      where values.mood != nil || values.energy != nil || values.sleep != nil
        || !values.notes.isEmpty
      {
        summary.valuesReplaced += values.replaced
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
            day.description, values.mood?.value, values.energy?.value, values.sleep?.value,
            values.notes.isEmpty ? nil : values.notes.joined(separator: "\n"),
            now.millisecondsSinceEpoch,
          ])
        summary.checkIns += 1
      }
      let stored = try Self.storeImported(entries, now: now, db)
      (summary.entries, summary.entriesPresent, summary.entriesMerged) = stored
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

/// A day's check-in values of a Bearable file, each with the time it was given.
struct BearableDay {
  typealias Given = (value: Int, time: TimeOfDay)
  var mood: Given?
  var energy: Given?
  var sleep: Given?
  var notes: [String] = []
  /// Values given again the same day (the later kept).
  var replaced = 0

  mutating func set(_ path: WritableKeyPath<BearableDay, Given?>, _ value: Int, at time: TimeOfDay)
  {
    if let old = self[keyPath: path] {
      replaced += 1
      if old.time > time { return }
    }
    self[keyPath: path] = (value, time)
  }
}
