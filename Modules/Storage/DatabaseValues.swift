import AnalyticsCore
import GRDB

/// Calendar days are stored as `YYYY-MM-DD` text, which sorts chronologically and reads plainly
/// in SQL; a value that is not a calendar day fails to decode.
extension LocalDate: DatabaseValueConvertible {
  /// The `YYYY-MM-DD` text.
  public var databaseValue: DatabaseValue { description.databaseValue }

  /// The day stored as `YYYY-MM-DD` text, or `nil` for anything else.
  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> LocalDate? {
    String.fromDatabaseValue(dbValue).flatMap { try? LocalDate(parsing: $0) }
  }
}

/// Exact amounts are stored as an integer count of hundredths, so SQL `SUM` stays exact.
extension FixedDecimal: DatabaseValueConvertible {
  /// The integer hundredths.
  public var databaseValue: DatabaseValue { hundredths.databaseValue }

  /// The amount stored as integer hundredths.
  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> FixedDecimal? {
    Int64.fromDatabaseValue(dbValue).map(FixedDecimal.init(hundredths:))
  }
}

/// Instants are stored as INTEGER milliseconds since 1970-01-01T00:00:00Z in every domain: exact,
/// compact, sorted and compared as integers, and free of any zone.
extension Instant: DatabaseValueConvertible {
  /// The integer milliseconds.
  public var databaseValue: DatabaseValue { millisecondsSinceEpoch.databaseValue }

  /// The instant stored as integer milliseconds.
  public static func fromDatabaseValue(_ dbValue: DatabaseValue) -> Instant? {
    Int64.fromDatabaseValue(dbValue).map(Instant.init(millisecondsSinceEpoch:))
  }
}
