import AnalyticsCore
import DataFormats

extension BehaviorStore {
  /// The reminders as calendar events (RFC 5545): each dose time of each medication a series
  /// from its first day (daily; weekly on its first day's weekday), ended on its last day when
  /// stopped, with an alarm at the time; and the log reminder daily from `today`. Times are
  /// floating (no zone): a phone reminds at 08:00 wherever it is, as the person takes the dose.
  public func calendar(today: LocalDate, stamp: Instant) throws -> ICalendar {
    var events: [ICalendar.Event] = []
    for medication in try medications(includeStopped: true)
    where !medication.doseTimes.isEmpty && medication.frequency != .asNeeded {
      for time in medication.doseTimes.sorted() {
        let what = medication.name + (medication.dosage.map { " (\($0))" } ?? "")
        events.append(
          ICalendar.Event(
            uid:
              "medication-\(medication.id)-\(time.description.replacingOccurrences(of: ":", with: ""))@tally-behavior",
            start: LocalDateTime(date: medication.since, time: time), minutes: 5,
            summary: "Take \(what)",
            description: "Log the dose once it is taken (or skipped).",
            repeats: medication.frequency == .weekly ? .weekly : .daily,
            until: medication.stoppedOn.map {
              LocalDateTime(date: $0, time: TimeOfDay(hour: 23, minute: 59, second: 59)!)
            }, alarm: "Time for \(what)"))
      }
    }
    if let reminder = try logReminder() {
      events.append(
        ICalendar.Event(
          uid: "log-reminder@tally-behavior", start: LocalDateTime(date: today, time: reminder),
          minutes: 5, summary: "Check in for today",
          description: "How was today: mood, energy, sleep.", repeats: .daily, until: nil,
          alarm: "Check in for today"))
    }
    return ICalendar(productID: "-//Tally//behavior-cli//EN", stamp: stamp, events: events)
  }
}
