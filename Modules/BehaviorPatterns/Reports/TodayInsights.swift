import AnalyticsCore

/// The one-line insights of `today`, in this order, each only when it applies:
/// 1. the streak (alive: its length, and a reminder when nothing is logged yet today; broken:
///    the longest one);
/// 2. the most logged pattern of the last 7 days;
/// 3. the average Energy Level of the last 7 days against the 7 before;
/// 4. each scheduled medication with fewer doses taken than due today.
enum TodayInsights {
  static func make(
    asOf: LocalDate, streak: Streak, data: ReportData, medications: [MedicationDue]
  ) -> [String] {
    var insights: [String] = []
    let loggedToday = data.entries.contains { $0.day == asOf }
    if streak.current > 0 {
      insights.append(
        loggedToday
          ? "You have logged \(days(streak.current)) in a row."
          : "Log something today to keep your \(streak.current)-day streak going.")
    } else if streak.longest > 0 {
      insights.append(
        "No current streak; your longest was \(days(streak.longest)). Log today to start a new one."
      )
    } else {
      insights.append("No entries yet.")
    }
    let week = try! DayRange.lastDays(7, asOf: asOf)
    let recent = data.entries(in: week)
    if let top = ReportBuilder.patternCounts(recent).first {
      insights.append(
        "Most logged in the last 7 days: \(top.name) (\(times(top.count)))."
      )
    }
    if let now = ReportBuilder.energy(recent) {
      let before = ReportBuilder.energy(data.entries(in: week.previous))
      if let before, before != now {
        insights.append(
          "Energy Level averaged \(format(now)) over the last 7 days, \(now > before ? "up" : "down") from \(format(before)) the 7 days before."
        )
      } else {
        insights.append("Energy Level averaged \(format(now)) over the last 7 days.")
      }
    }
    for medication in medications {
      if let due = medication.due, due > medication.taken {
        insights.append(
          "\(medication.name): \(medication.taken) of \(counted(due, "dose")) logged as taken today."
        )
      }
    }
    return insights
  }

  static func days(_ count: Int) -> String { counted(count, "day") }
  static func times(_ count: Int) -> String { count == 1 ? "once" : "\(count) times" }

  static func format(_ value: Double) -> String {
    let text = String(value.rounded(places: 2))
    return text.hasSuffix(".0") ? String(text.dropLast(2)) : text
  }
}
