/// What kind of failure an error is, so that every app maps it to the same exit status.
///
/// AnalyticsCore and the domain modules classify their errors; the CLI kit turns the
/// classification into `sysexits.h` statuses (64 usage, 65 bad data, 66 missing input, 74 I/O).
public enum ErrorCategory: String, Sendable, Equatable {
  /// A malformed argument or option value.
  case usage
  /// Input data (a file, a record) that cannot be accepted.
  case badData
  /// Something named by the user that does not exist (a file, an id).
  case missingInput
  /// Reading or writing failed.
  case io
}

/// An error that knows its category and carries a one-line message a user can act on.
public protocol CategorizedError: Error, CustomStringConvertible {
  /// How the error should be reported (and which exit status it maps to).
  var category: ErrorCategory { get }
}

/// A value that could not be parsed or is out of range: it names the value and what was expected.
///
/// For example: `"2026-02-30" is not a valid date: expected YYYY-MM-DD (a real calendar day)`.
public struct InputError: CategorizedError, Equatable {
  /// The offending value as the user gave it.
  public let value: String
  /// What was expected instead, in words.
  public let expected: String
  /// The category; `.usage` unless the value came from a data file.
  public let category: ErrorCategory

  /// Creates an error for `value`, which should have been `expected`.
  public init(value: String, expected: String, category: ErrorCategory = .usage) {
    self.value = value
    self.expected = expected
    self.category = category
  }

  /// The one-line message.
  public var description: String {
    "\"\(value)\" is not valid: expected \(expected)"
  }
}
