import AnalyticsCore
import StoreModel

/// Monthly customer cohorts of a store: the customers whose first completed order fell in each
/// month, and how many of them ordered again in each month after.
public struct CohortTable: Sendable, Equatable {
  public struct Cohort: Sendable, Equatable {
    /// The first day of the month of the cohort's first orders.
    public let month: LocalDate
    /// Customers whose first order was in `month`.
    public let customers: Int
    /// `active[k]`: of them, how many ordered in the k-th month after (`active[0] == customers`),
    /// through the as-of month.
    public let active: [Int]

    /// `active[k]` as a percentage of the cohort, to the tenth, halves up.
    public var shares: [Double] {
      active.map { customers > 0 ? Double((2 * $0 * 1000 + customers) / (2 * customers)) / 10 : 0 }
    }
  }

  public let storeId: String
  /// The last month counted: the as-of day's, possibly not over yet.
  public let through: LocalDate
  /// Oldest first; a month without a new customer is a cohort of 0.
  public let cohorts: [Cohort]
  /// Whether the as-of month is not over: its column counts part of a month.
  public let asOfMonthIsPartial: Bool
}

extension ShopAnalytics {
  /// How many months a cohort table may span.
  public static let cohortMonths = 1...60

  /// The store's cohorts of the `months` months through `asOf`'s (customers by the month of
  /// their first completed order ever, so one who first ordered before those months is in none),
  /// from the day-customer aggregate: each customer's first day (one row per customer), and the
  /// days of the months shown.
  ///
  /// - throws: `TallyError` for an unknown store, or `months` outside `cohortMonths` (usage).
  public func cohorts(storeId: String, months: Int, asOf: LocalDate) throws -> CohortTable {
    try cohorts(of: store(storeId), months: months, asOf: asOf)
  }

  /// `cohorts` of a store looked up before.
  public func cohorts(of store: KnownStore, months: Int, asOf: LocalDate) throws -> CohortTable {
    guard Self.cohortMonths.contains(months) else {
      throw TallyError.invalid(
        "months", String(months), expected: "1 to \(Self.cohortMonths.upperBound)",
        category: .usage)
    }
    func monthIndex(_ day: LocalDate) -> Int { day.year * 12 + day.month - 1 }
    let last = monthIndex(asOf)
    let first = last - (months - 1)
    let firstDay = LocalDate(year: asOf.year, month: asOf.month, day: 1)!.adding(
      months: -(months - 1))
    // The customers whose first day is in the months shown (one row each, from the backend's
    // spans), then the days of those months of those customers.
    let shown = try DayRange(start: firstDay, end: asOf)
    var firstMonth: [Int64: Int] = [:]
    for (customer, day) in try repository.customerFirstDays(of: store.id, in: shown) {
      firstMonth[customer] = monthIndex(day)
    }
    var activeMonths: [Int64: Set<Int>] = [:]
    for (customer, day) in try repository.customerDays(of: store.id, in: shown)
    where firstMonth[customer] != nil {
      activeMonths[customer, default: []].insert(monthIndex(day))
    }
    var sizes = [Int](repeating: 0, count: months)
    var active = (0..<months).map { [Int](repeating: 0, count: months - $0) }
    for (customer, start) in firstMonth {
      let cohort = start - first
      sizes[cohort] += 1
      for month in activeMonths[customer] ?? [] { active[cohort][month - start] += 1 }
    }
    return CohortTable(
      storeId: store.id, through: asOf,
      cohorts: (0..<months).map {
        CohortTable.Cohort(
          month: firstDay.adding(months: $0), customers: sizes[$0], active: active[$0])
      },
      asOfMonthIsPartial: asOf.adding(days: 1).month == asOf.month)
  }
}
