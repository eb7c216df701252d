import AnalyticsCore
import DataFormats
import GRDB

/// An entry an app import makes (a Daylio activity, a Bearable symptom), before it is stored.
struct ImportedEntry {
  let source: TallyError.Source
  let instant: Instant
  let type: PatternType
  var intensity: Int?
  var tags: [String]
  var notes: [String]
}

extension BehaviorStore {
  /// Checks what an import would store, naming the row: the entry's own rules (tags, intensity,
  /// Custom Pattern's name) before anything is written.
  static func checkImported(_ entry: ImportedEntry) throws {
    guard !entry.type.isCustom else {
      throw TallyError.invalid(
        "pattern type", entry.type.id,
        expected: "a type other than custom-pattern (an import gives no name and category)",
        source: entry.source)
    }
    do { try input(entry).validate() } catch let error as TallyError {
      throw error.at(entry.source)
    }
  }

  private static func input(_ entry: ImportedEntry) -> EntryInput {
    EntryInput(
      type: entry.type, timestamp: entry.instant, intensity: entry.intensity,
      contextNotes: entry.notes.isEmpty ? nil : entry.notes.joined(separator: "; "),
      tags: entry.tags)
  }

  /// Stores imported entries: items of one type at one instant become one entry (their tags and
  /// notes together, the highest intensity), counted as merged; an entry the database holds
  /// already (same type, same instant) is kept and counted as present.
  static func storeImported(_ entries: [ImportedEntry], now: Instant, _ db: Database) throws
    -> (new: Int, present: Int, merged: Int)
  {
    var merged: [String: ImportedEntry] = [:]
    var order: [String] = []
    var mergedCount = 0
    for entry in entries {
      let key = "\(entry.instant.millisecondsSinceEpoch) \(entry.type.id)"
      guard var existing = merged[key] else {
        merged[key] = entry
        order.append(key)
        continue
      }
      mergedCount += 1
      existing.tags += entry.tags.filter { tag in
        !existing.tags.contains { $0.lowercased() == tag.lowercased() }
      }
      existing.notes += entry.notes
      if let intensity = entry.intensity {
        existing.intensity = max(existing.intensity ?? intensity, intensity)
      }
      merged[key] = existing
    }
    var counts = (new: 0, present: 0, merged: mergedCount)
    for key in order {
      let entry = merged[key]!
      let stored =
        try Bool.fetchOne(
          db,
          sql: """
            SELECT EXISTS (SELECT 1 FROM pattern_entry WHERE occurred_at = ? AND pattern_type = ?)
            """, arguments: [entry.instant.millisecondsSinceEpoch, entry.type.id]) ?? false
      if stored {
        counts.present += 1
        continue
      }
      let input = input(entry)
      try checkImported(entry)
      var record = Self.record(input, id: nil, createdAt: now, updatedAt: now)
      try record.insert(db)
      try Self.setTags(input.tags, entryID: record.id!, db)
      counts.new += 1
    }
    return counts
  }
}

extension BehaviorStore {
  /// An app export's day cell (`YYYY-MM-DD`) read whole, on or before `today`.
  ///
  /// - throws: `TallyError` naming the column, the value and the row.
  static func importedDay(
    _ text: String, column: String, today: LocalDate, source: TallyError.Source
  ) throws -> LocalDate {
    guard let day = try? LocalDate(parsing: text) else {
      throw TallyError.invalid(
        column, text, expected: "a day such as 2026-02-08", source: source)
    }
    if let problem = happenedDayProblem(day, today: today) {
      throw TallyError.invalid(column, text, expected: problem, source: source)
    }
    return day
  }

  /// One problem per name of an app export that has no mapping, at the first row naming it, in
  /// name order: the first run says every one.
  static func refuseUnmapped(
    _ unmapped: [String: TallyError.Source], column: String, problems: inout Problems
  ) throws {
    for (name, source) in unmapped.sorted(by: { $0.key < $1.key }) {
      try problems.collect {
        throw TallyError.invalid(
          column, name, expected: "a mapping to a pattern type, or to none to leave it out",
          source: source)
      }
    }
  }
}
