import AnalyticsCore
import GRDB

/// How a statement is compared with the log: per month, per code over the whole statement, or
/// per day (a statement by day only).
public enum ReconcileGrouping: String, Sendable, CaseIterable {
  case month, code, day

  /// Parses `month`, `code` or `day`.
  public init(parsing text: String) throws {
    guard let grouping = ReconcileGrouping(rawValue: text.lowercased()) else {
      throw TallyError(value: text, expected: "month, code or day")
    }
    self = grouping
  }
}

/// One code (and modifier, when the statement gives them) of one period: what the statement
/// credits beside what the user logged.
public struct ReconcileRow: Sendable, Equatable {
  public enum Status: String, Sendable {
    /// Units, and work RVUs when the statement gives them, agree.
    case match
    /// Both sides have the code, with other units or work RVUs.
    case differs
    case statementOnly = "statement only"
    case loggedOnly = "logged only"
  }

  /// The month's first day, the day, or `nil` per code.
  public var period: LocalDate?
  public var hcpcs: String
  public var modifier: String?
  public var statementUnits: Int
  public var loggedUnits: Int
  /// `nil` when the statement has no work RVUs.
  public var statementWorkRVU: FixedDecimal?
  /// Σ credited work RVU × quantity.
  public var loggedWorkRVU: FixedDecimal
  public var status: Status

  public var unitsDifference: Int { statementUnits - loggedUnits }
  public var workRVUDifference: FixedDecimal? { statementWorkRVU.map { $0 - loggedWorkRVU } }
}

/// A statement reconciled with the user's log (`RVUStore.reconcile`).
public struct Reconciliation: Sendable, Equatable {
  /// The days the statement covers (a statement by month: its whole months).
  public var range: DayRange
  public var grouping: ReconcileGrouping
  /// Whether rows are per code and modifier (the statement has modifiers) or per code.
  public var byModifier: Bool
  /// In period, code and modifier order.
  public var rows: [ReconcileRow]

  public var statementUnits: Int { rows.reduce(0) { $0 + $1.statementUnits } }
  public var loggedUnits: Int { rows.reduce(0) { $0 + $1.loggedUnits } }
  /// `nil` when the statement has no work RVUs.
  public var statementWorkRVU: FixedDecimal? {
    rows.first?.statementWorkRVU == nil ? nil : rows.compactMap(\.statementWorkRVU).sum()
  }
  public var loggedWorkRVU: FixedDecimal { rows.map(\.loggedWorkRVU).sum() }

  /// How many rows have `status`.
  public func count(_ status: ReconcileRow.Status) -> Int {
    rows.filter { $0.status == status }.count
  }
}

extension RVUStore {
  /// Compares `statement` with the user's log over the days it covers: per `grouping` period and
  /// code (and modifier, when the statement has them, those that change the credit only: 80,
  /// 50, 52…; `CreditRules.neutral` ones such as 25 or RT are left out of the match), units and
  /// work RVUs on each side. Logged
  /// work RVUs are the credited ones (`work_rvu` × quantity, as analytics sum them); no-shows
  /// count nothing. Equal sums match even where one side has no line (a charge and its
  /// reversal); otherwise a code only one side has is named as such.
  ///
  /// - Parameter period: the days the statement covers, when it says so (its lines may leave
  ///   days out that the user logged); else from its first line's day (or month) to its last's.
  /// - throws: `TallyError` for a statement without lines (bad data), a line outside `period`
  ///   (bad data, naming the line), or a statement by month compared per day (usage).
  public func reconcile(
    _ statement: Statement, userId: String, by grouping: ReconcileGrouping,
    period given: DayRange? = nil
  ) throws -> Reconciliation {
    guard !statement.lines.isEmpty else {
      throw TallyError(.badData, .missing(field: "statement", expected: "at least one line"))
    }
    if grouping == .day, !statement.byDay {
      throw TallyError.invalid(
        "grouping", "day", expected: "month or code for a statement by month (it has no days)",
        category: .usage)
    }
    let range: DayRange
    if let given {
      var problems = Problems()
      for line in statement.lines {
        try problems.collect {
          let first = line.date ?? line.month
          let last = line.date ?? line.month.adding(months: 1).adding(days: -1)
          guard first >= given.start, last <= given.end else {
            throw TallyError.invalid(
              line.date == nil ? "month" : "date",
              line.date?.description ?? String(line.month.description.prefix(7)),
              expected: "a \(line.date == nil ? "month" : "day") within the statement's period "
                + "\(given.start) to \(given.end)", source: line.source)
          }
        }
      }
      try problems.check()
      range = given
    } else if statement.byDay {
      let days = statement.lines.compactMap(\.date)
      range = try DayRange(start: days.min()!, end: days.max()!)
    } else {
      let months = statement.lines.map(\.month)
      range = try DayRange(
        start: months.min()!, end: months.max()!.adding(months: 1).adding(days: -1))
    }
    let procedures = try writer.read { db in
      try Procedure.owned(by: userId).filter(Procedure.Columns.isNoShow == false)
        .filter(Procedure.Columns.date >= range.start && Procedure.Columns.date <= range.end)
        .fetchAll(db)
    }
    struct Key: Hashable {
      var period: LocalDate?
      var hcpcs: String
      var modifier: String?
    }
    func period(_ day: LocalDate) -> LocalDate? {
      switch grouping {
      case .month: return LocalDate(year: day.year, month: day.month, day: 1)
      case .code: return nil
      case .day: return day
      }
    }
    var rows: [Key: ReconcileRow] = [:]
    func row(_ key: Key) -> ReconcileRow {
      rows[key]
        ?? ReconcileRow(
          period: key.period, hcpcs: key.hcpcs, modifier: key.modifier, statementUnits: 0,
          loggedUnits: 0, statementWorkRVU: statement.hasWorkRVUs ? .zero : nil,
          loggedWorkRVU: .zero, status: .match)
    }
    var onStatement: Set<Key> = []
    var logged: Set<Key> = []
    /// Modifiers that change nothing in the credit (25, 59, RT, …) are left out of the match:
    /// statements often leave them out, and `99213` beside `99213-25` is one service.
    func matched(_ modifier: String?) -> String? {
      guard statement.hasModifiers, let modifier = modifier?.uppercased(),
        !CreditRules.neutral.contains(modifier)
      else { return nil }
      return modifier
    }
    for line in statement.lines {
      let key = Key(
        period: period(line.date ?? line.month), hcpcs: line.hcpcs, modifier: matched(line.modifier)
      )
      var updated = row(key)
      updated.statementUnits += line.units
      if let workRVU = line.workRVU {
        updated.statementWorkRVU = updated.statementWorkRVU! + workRVU
      }
      rows[key] = updated
      onStatement.insert(key)
    }
    for procedure in procedures {
      let key = Key(
        period: period(procedure.date), hcpcs: procedure.hcpcs.uppercased(),
        modifier: matched(procedure.modifier))
      var updated = row(key)
      updated.loggedUnits += procedure.quantity
      updated.loggedWorkRVU = updated.loggedWorkRVU + procedure.workRVU * procedure.quantity
      rows[key] = updated
      logged.insert(key)
    }
    for (key, value) in rows {
      let agrees =
        value.statementUnits == value.loggedUnits
        && (value.statementWorkRVU.map { $0 == value.loggedWorkRVU } ?? true)
      rows[key]!.status =
        agrees
        ? .match
        : !logged.contains(key)
          ? .statementOnly : !onStatement.contains(key) ? .loggedOnly : .differs
    }
    let ordered = rows.values.sorted {
      ($0.period?.daysSinceEpoch ?? 0, $0.hcpcs, $0.modifier ?? "")
        < ($1.period?.daysSinceEpoch ?? 0, $1.hcpcs, $1.modifier ?? "")
    }
    return Reconciliation(
      range: range, grouping: grouping, byModifier: statement.hasModifiers, rows: ordered)
  }
}
