import AnalyticsCore
import StoreModel

/// Labor against sales over some time (a window, a day, an hour of the day): what the hours
/// worked cost, and what they sold.
public struct LaborFigures: Sendable, Equatable {
  /// Seconds worked.
  public internal(set) var seconds: Int64 = 0
  /// Σ wage in cents × seconds worked: the cost exactly, rounded once when read.
  var centSeconds: Int64 = 0
  /// Net sales of completed orders (the store's revenue).
  public internal(set) var netSales = FixedDecimal.zero

  /// Hours worked, to the hundredth.
  public var hours: FixedDecimal { FixedDecimal(hundredths: Self.rounded(seconds * 100, 3_600)) }
  /// What the hours cost, to the cent.
  public var cost: FixedDecimal { FixedDecimal(hundredths: Self.rounded(centSeconds, 3_600)) }
  /// Labor cost as a percent of net sales; `nil` without sales.
  public var percentOfSales: Double? {
    netSales > .zero ? cost.doubleValue * 100 / netSales.doubleValue : nil
  }
  /// Net sales per hour worked (SPLH); `nil` without hours.
  public var salesPerLaborHour: FixedDecimal? {
    guard seconds > 0 else { return nil }
    return FixedDecimal(hundredths: Self.rounded(netSales.hundredths * 3_600, seconds))
  }

  mutating func add(seconds: Int64, wage: FixedDecimal) {
    self.seconds += seconds
    centSeconds += seconds * wage.hundredths
  }

  /// `value ÷ divisor` rounded half away from zero.
  private static func rounded(_ value: Int64, _ divisor: Int64) -> Int64 {
    value >= 0 ? (value + divisor / 2) / divisor : -((-value + divisor / 2) / divisor)
  }
}

/// A store's labor over a window: in all, by day and by hour of the day (each in the store's
/// zone, a shift split at every local hour it crosses), against net sales.
public struct LaborReport: Sendable, Equatable {
  public let storeId: String
  public let range: DayRange
  /// Shifts that worked within the window, and the distinct employees on them.
  public let shifts: Int, employees: Int
  public let total: LaborFigures
  /// Every day of the window, in order.
  public let days: [(date: LocalDate, figures: LaborFigures)]
  /// The 24 local hours, summed over the window.
  public let hours: [LaborFigures]

  public static func == (a: LaborReport, b: LaborReport) -> Bool {
    a.storeId == b.storeId && a.range == b.range && a.shifts == b.shifts
      && a.employees == b.employees && a.total == b.total && a.hours == b.hours
      && a.days.map(\.date) == b.days.map(\.date) && a.days.map(\.figures) == b.days.map(\.figures)
  }
}

extension ShopAnalytics {
  /// A store's labor over `range`: hours and cost from its shifts (only the part of each shift
  /// inside the window's local days), net sales from its orders.
  public func labor(storeId: String, range: DayRange) throws -> LaborReport {
    try labor(of: store(storeId), range: range)
  }

  /// `labor` of a store looked up before.
  public func labor(of store: KnownStore, range: DayRange) throws -> LaborReport {
    let zone = store.zone
    let (windowStart, windowEnd) = zone.instants(of: range)
    // A shift that starts up to 24 hours before the window may reach into it.
    let shifts = try repository.shifts(
      of: store.id,
      from: Instant(millisecondsSinceEpoch: windowStart.millisecondsSinceEpoch - Shift.longest),
      before: windowEnd)
    var total = LaborFigures()
    var days: [LocalDate: LaborFigures] = [:]
    var hours = [LaborFigures](repeating: LaborFigures(), count: 24)
    var worked = 0
    var employees: Set<String> = []
    for shift in shifts {
      var inWindow = false
      Self.split(shift, in: zone) { day, hour, seconds in
        guard range.contains(day) else { return }
        inWindow = true
        total.add(seconds: seconds, wage: shift.hourlyWage)
        days[day, default: LaborFigures()].add(seconds: seconds, wage: shift.hourlyWage)
        hours[hour].add(seconds: seconds, wage: shift.hourlyWage)
      }
      if inWindow {
        worked += 1
        employees.insert(shift.employee)
      }
    }
    for day in try repository.days(of: store.id, in: range) {
      days[day.date, default: LaborFigures()].netSales += day.revenue
      total.netSales += day.revenue
    }
    for row in try repository.hours(of: store.id, in: range) {
      hours[row.hour].netSales += row.revenue
    }
    return LaborReport(
      storeId: store.id, range: range, shifts: worked, employees: employees.count, total: total,
      days: range.map { ($0, days[$0] ?? LaborFigures()) }, hours: hours)
  }

  /// Calls `body` with each local day and hour a shift covers and the seconds it worked there.
  /// Without a change of offset during the shift (nearly always), local time is the instant
  /// plus one offset; across a DST change each second is placed by the offset in force at it,
  /// a minute at a time.
  static func split(
    _ shift: Shift, in zone: Zone, _ body: (LocalDate, Int, Int64) -> Void
  ) {
    let start = shift.start.wholeSecondsSinceEpoch
    let end = shift.end.wholeSecondsSinceEpoch
    let offset = Int64(zone.offset(at: shift.start))
    let step: Int64 = offset == Int64(zone.offset(at: shift.end)) ? 3_600 : 60
    var at = start
    while at < end {
      let local =
        at + (step == 3_600 ? offset : Int64(zone.offset(at: Instant(secondsSinceEpoch: at))))
      // To the next local hour (or minute) boundary.
      let next = min(end, at + (step - ((local % step) + step) % step))
      let localTime = LocalDateTime(secondsSinceEpoch: Int(local))
      body(localTime.date, localTime.time.hour, next - at)
      at = next
    }
  }
}
