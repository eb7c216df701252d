import AnalyticsCore
import GRDB
import Storage

/// A table whose rows belong to one user: every read and write of it is scoped to that user
/// through `owned(by:)`, written once here rather than at each call site.
protocol UserOwned: TableRecord {
  static var ownerColumn: Column { get }
}

extension DerivableRequest where RowDecoder: UserOwned {
  /// Only `userId`'s rows: one user never sees, counts or changes another's.
  func owned(by userId: String) -> Self { filter(RowDecoder.ownerColumn == userId) }
}

extension UserOwned {
  /// All of `userId`'s rows.
  static func owned(by userId: String) -> QueryInterfaceRequest<Self> { all().owned(by: userId) }
}

/// A per-user, per-day total kept by `DailyTotals`.
protocol DailyTotalRecord: UserOwned {
  static var dayColumn: Column { get }
}

extension DerivableRequest where RowDecoder: DailyTotalRecord {
  /// The days of `range`; days are `YYYY-MM-DD` text, so text order is day order.
  func during(_ range: DayRange) -> Self {
    filter(RowDecoder.dayColumn >= range.start && RowDecoder.dayColumn <= range.end)
  }
}
