import AnalyticsCore
import DataFormats
import Foundation
import Testing

@testable import BehaviorPatterns

/// Whether Python's `icalendar` (PyPI) is at hand: `.ci/run` installs it.
let hasICalendar: Bool = {
  let process = Process()
  process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
  process.arguments = ["python3", "-c", "import icalendar"]
  process.standardError = FileHandle.nullDevice
  do {
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus == 0
  } catch { return false }
}()

/// Dose times, `due` and the calendar feed (issue 35 §3), by hand.
@Suite("Reminders")
struct ReminderTests {
  /// Sertraline daily at 08:00; Ritalin twice daily at 08:00 and 13:00; Old weekly at 09:00 from
  /// Thu Oct 1, stopped Nov 10; a log reminder at 21:00.
  static func store() throws -> BehaviorStore {
    let store = try Fixture.store()
    try store.addMedication(
      MedicationInput(
        name: "Sertraline", dosage: "50 mg", frequency: .daily, since: Fixture.day("2026-11-01"),
        doseTimes: [TimeOfDay(hour: 8, minute: 0)!]))
    try store.addMedication(
      MedicationInput(
        name: "Ritalin", frequency: .twiceDaily, since: Fixture.day("2026-11-01"),
        doseTimes: [TimeOfDay(hour: 13, minute: 0)!, TimeOfDay(hour: 8, minute: 0)!]))
    try store.addMedication(
      MedicationInput(
        name: "Old", frequency: .weekly, since: Fixture.day("2026-10-01"),
        doseTimes: [TimeOfDay(hour: 9, minute: 0)!]))
    try store.stopMedication("Old", on: Fixture.day("2026-11-10"), zone: .utc)
    try store.setLogReminder(TimeOfDay(hour: 21, minute: 0))
    return store
  }

  static func moment(_ text: String) -> LocalDateTime { try! LocalDateTime(parsing: text) }

  @Test("doses due until logged, the earliest times covered first; the check-in at its time")
  func due() throws {
    let store = try Self.store()
    // Nov 20 (a Friday; Old stopped anyway) at 09:00: both 08:00 doses, an hour ago.
    let morning = try store.due(at: Self.moment("2026-11-20 09:00"), within: 0, zone: .utc)
    #expect(morning.map(\.time.description) == ["08:00", "08:00"])
    #expect(morning.allSatisfy { $0.minutesAway == -60 })
    // One Ritalin dose logged at 08:05 covers its 08:00; at 20:45 within 30 minutes: the
    // Sertraline dose, Ritalin's 13:00, and the 21:00 check-in in 15 minutes.
    try Fixture.dose(store, "Ritalin", "2026-11-20 08:05")
    let evening = try store.due(at: Self.moment("2026-11-20 20:45"), within: 30, zone: .utc)
    #expect(evening.map(\.time.description) == ["08:00", "13:00", "21:00"])
    #expect(evening.last?.kind == .checkIn && evening.last?.minutesAway == 15)
    // A skipped dose is logged too; a check-in ends the reminder.
    try Fixture.dose(store, "Ritalin", "2026-11-20 13:30", taken: false, reason: "forgot")
    try Fixture.dose(store, "Sertraline", "2026-11-20 08:10")
    try store.checkIn(CheckInInput(day: Fixture.day("2026-11-20"), mood: 3), zone: .utc)
    #expect(try store.due(at: Self.moment("2026-11-20 22:00"), within: 0, zone: .utc).isEmpty)
    // Old, weekly from Thursday Oct 1: due on Thursday Oct 8 at 09:00, not on Friday Oct 9.
    let thursday = try store.due(at: Self.moment("2026-10-08 10:00"), within: 0, zone: .utc)
    #expect(thursday.contains { $0.kind == .dose(medication: "Old", dosage: nil) })
    let friday = try store.due(at: Self.moment("2026-10-09 10:00"), within: 0, zone: .utc)
    #expect(!friday.contains { $0.kind == .dose(medication: "Old", dosage: nil) })
  }

  @Test("dose times agree with the frequency")
  func doseTimesCount() throws {
    let store = try Fixture.store()
    #expect(throws: TallyError.self) {
      try store.addMedication(
        MedicationInput(
          name: "A", frequency: .twiceDaily, since: Fixture.day("2026-11-01"),
          doseTimes: [TimeOfDay(hour: 8, minute: 0)!]))
    }
    #expect(throws: TallyError.self) {
      try store.addMedication(
        MedicationInput(
          name: "B", frequency: .asNeeded, since: Fixture.day("2026-11-01"),
          doseTimes: [TimeOfDay(hour: 8, minute: 0)!]))
    }
    try store.addMedication(
      MedicationInput(
        name: "C", frequency: .daily, since: Fixture.day("2026-11-01"),
        doseTimes: [TimeOfDay(hour: 8, minute: 0)!]))
    var change = MedicationChange()
    change.frequency = .twiceDaily
    // Twice daily with its one time: refused until two are given.
    #expect(throws: TallyError.self) { try store.editMedication("C", change, zone: .utc) }
    change.doseTimes = [TimeOfDay(hour: 8, minute: 0)!, TimeOfDay(hour: 20, minute: 0)!]
    #expect(try store.editMedication("C", change, zone: .utc).doseTimes.count == 2)
  }

  /// The feed read back by Python's `icalendar` (RFC 5545), not by Tally.
  @Test(
    "the .ics feed parses with icalendar: series, weekly rule, end of a stopped one, alarms",
    .enabled(if: hasICalendar, "python3 -m pip install icalendar"))
  func calendarParses() throws {
    let store = try Self.store()
    let text = try store.calendar(
      today: Fixture.day("2026-11-28"), stamp: Fixture.utc("2026-11-28 08:00")
    ).text
    let path = NSTemporaryDirectory() + "tally-meds-\(UUID().uuidString).ics"
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    defer { try? FileManager.default.removeItem(atPath: path) }
    let script = """
      import sys, icalendar
      cal = icalendar.Calendar.from_ical(open(sys.argv[1], 'rb').read())
      for e in cal.walk('VEVENT'):
          rule = e.get('RRULE')
          until = rule.get('UNTIL', [None])[0]
          alarms = [a.get('TRIGGER').dt for a in e.walk('VALARM')]
          print(e.get('SUMMARY'), e.decoded('DTSTART').isoformat(), rule['FREQ'][0],
                until.isoformat() if until else '-', len(alarms), alarms[0].total_seconds())
      """
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["python3", "-c", script, path]
    let pipe = Pipe()
    process.standardOutput = pipe
    try process.run()
    let output = String(decoding: pipe.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    // By name (Old, Ritalin, Sertraline), then each time; the log reminder last.
    #expect(
      output.split(separator: "\n").map(String.init) == [
        "Take Old 2026-10-01T09:00:00 WEEKLY 2026-11-10T23:59:59 1 0.0",
        "Take Ritalin 2026-11-01T08:00:00 DAILY - 1 0.0",
        "Take Ritalin 2026-11-01T13:00:00 DAILY - 1 0.0",
        "Take Sertraline (50 mg) 2026-11-01T08:00:00 DAILY - 1 0.0",
        "Check in for today 2026-11-28T21:00:00 DAILY - 1 0.0",
      ])
    // Every line within 75 octets, CRLF-ended.
    #expect(text.split(separator: "\r\n").allSatisfy { $0.utf8.count <= 75 })
  }

  @Test("long text is folded and special characters escaped")
  func folding() {
    let calendar = ICalendar(
      productID: "p", stamp: Instant(millisecondsSinceEpoch: 0),
      events: [
        ICalendar.Event(
          uid: "u", start: try! LocalDateTime(parsing: "2026-01-01 08:00"), minutes: 5,
          summary: String(repeating: "é", count: 60) + "; a, b", description: nil,
          repeats: nil, until: nil, alarm: nil)
      ])
    let lines = calendar.text.components(separatedBy: "\r\n")
    #expect(lines.allSatisfy { $0.utf8.count <= 75 })
    #expect(calendar.text.contains("\\; a\\, b"))
    #expect(lines.contains { $0.hasPrefix(" ") })
  }
}
