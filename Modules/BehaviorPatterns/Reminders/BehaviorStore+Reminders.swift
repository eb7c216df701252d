import AnalyticsCore
import Foundation
import GRDB

/// Something due: a dose not logged yet, or today's check-in.
public struct DueItem: Sendable, Equatable {
  public enum Kind: Sendable, Equatable {
    /// A dose of a medication (its name and dosage) at one of its dose times.
    case dose(medication: String, dosage: String?)
    /// The day's check-in, at the log reminder time.
    case checkIn
  }

  public var kind: Kind
  /// When it is (or was) due, on the day asked about.
  public var time: TimeOfDay
  /// Minutes from the moment asked about to `time`: negative when it is past.
  public var minutesAway: Int
}

extension BehaviorStore {
  /// The log-today reminder time, if set.
  public func logReminder() throws -> TimeOfDay? {
    try writer.read { db in
      try String.fetchOne(db, sql: "SELECT value FROM setting WHERE key = 'log_reminder'")
        .flatMap { try? TimeOfDay(parsing: $0) }
    }
  }

  /// Sets the log-today reminder time (`nil` removes it).
  public func setLogReminder(_ time: TimeOfDay?) throws {
    try writer.write { db in
      if let time {
        try db.execute(
          sql: """
            INSERT INTO setting (key, value) VALUES ('log_reminder', ?)
            ON CONFLICT (key) DO UPDATE SET value = excluded.value
            """, arguments: [time.description])
      } else {
        try db.execute(sql: "DELETE FROM setting WHERE key = 'log_reminder'")
      }
    }
  }

  /// What is due at `moment` (a wall-clock time in `zone`) or within `minutes` after it, on its
  /// day: each dose time of a medication active and scheduled that day that the day's logged
  /// doses (taken or skipped) do not yet cover — the day's first logs cover its first times —
  /// and the check-in when the log reminder time has come and the day has none. Earliest first.
  public func due(at moment: LocalDateTime, within minutes: Int, zone: Zone) throws -> [DueItem] {
    let day = moment.date
    let now = moment.time.secondsSinceMidnight / 60
    let horizon = now + max(0, minutes)
    let (start, end) = zone.instants(of: DayRange(day: day))
    let medications = try writer.read { db in
      try MedicationRecord.order(MedicationRecord.Columns.id).fetchAll(db).map(Self.medication)
    }
    let logged = try writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT medication_id, COUNT(*) FROM medication_log
          WHERE occurred_at >= ? AND occurred_at < ? GROUP BY medication_id
          """, arguments: [start, end])
    }
    var counts: [Int64: Int] = [:]
    for row in logged { counts[row[0]] = row[1] }
    var items: [DueItem] = []
    for medication in medications
    where medication.isActive(on: day) && !medication.doseTimes.isEmpty
      && medication.frequency.expectedDoses(on: day, since: medication.since) > 0
    {
      let times = medication.doseTimes.sorted()
      for time in times.dropFirst(counts[medication.id] ?? 0) {
        let at = time.secondsSinceMidnight / 60
        guard at <= horizon else { continue }
        items.append(
          DueItem(
            kind: .dose(medication: medication.name, dosage: medication.dosage), time: time,
            minutesAway: at - now))
      }
    }
    if let reminder = try logReminder(), reminder.secondsSinceMidnight / 60 <= horizon,
      try checkIns(in: DayRange(day: day)).isEmpty
    {
      items.append(
        DueItem(
          kind: .checkIn, time: reminder, minutesAway: reminder.secondsSinceMidnight / 60 - now))
    }
    return items.sorted { $0.time < $1.time }
  }
}
