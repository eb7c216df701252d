/// What kind of failure an error is, so that every app maps it to the same exit status.
///
/// The CLI kit turns the category into a `sysexits.h` status (64 usage, 65 bad data, 66 missing
/// input, 69 unavailable, 74 I/O); the server turns it into an HTTP status.
public enum ErrorCategory: String, Sendable, Equatable {
  /// A malformed argument or option value.
  case usage
  /// Input data (a file, a record, a request body) that cannot be accepted.
  case badData
  /// Something named by the user that does not exist (a file, an id).
  case missingInput
  /// Reading or writing failed.
  case io
  /// A program or service the operation needs is not on this machine (a PDF printer).
  case unavailable
}

/// The one error type of every Tally module.
///
/// It carries a structured cause — which field, which value, what was expected — so that tests
/// and the server can look at the parts instead of matching text, and renders one line a user
/// can act on. Domains say what is wrong in their own terms; an app may add a `hint` naming its
/// own option or command (`use` and the option's name), which a domain never does.
public struct TallyError: Error, CustomStringConvertible, Equatable, Sendable {
  /// Why the operation was refused.
  public enum Cause: Equatable, Sendable {
    /// A value that cannot be accepted: the field or option it was given for (when it has a
    /// name), the value as given, and what was expected instead.
    case invalid(field: String?, value: String, expected: String)
    /// A required field or column that is absent.
    case missing(field: String, expected: String)
    /// A named thing that does not exist: its kind (`visit`, `store`), the name or id given, and
    /// what was expected (for example the names that do exist).
    case notFound(kind: String, name: String, expected: String)
    /// A thing that exists already and may not be written again as is.
    case exists(kind: String, name: String)
    /// Any other rule of the domain, said whole.
    case refused(String)
    /// Reading or writing failed underneath (storage, a file).
    case failed(String)
  }

  /// Where in an input the problem is: a file (or request) and its line or record.
  public struct Source: Equatable, Sendable, CustomStringConvertible {
    /// The file's name as the user gave it, or another name for the input.
    public var name: String
    /// The 1-based line (text files) or record number, when known.
    public var line: Int?

    /// Creates a source.
    public init(_ name: String, line: Int? = nil) {
      self.name = name
      self.line = line
    }

    /// `orders.csv line 12`, or `orders.csv`.
    public var description: String { line.map { "\(name) line \($0)" } ?? name }
  }

  /// How the error is reported (and which exit status it maps to).
  public var category: ErrorCategory
  /// What went wrong.
  public var cause: Cause
  /// Where in an input, when the error came from one.
  public var source: Source?
  /// What the user can do about it, added by the edge (an app names its flags here).
  public var hint: String?
  /// The input's further problems after this first one, up to `Problems.shownLimit` in all, so
  /// that a file is refused once with what to mend rather than one problem per run.
  public var furtherProblems: [TallyError] = []
  /// How many problems the input has in all, shown or not.
  public var problemCount = 1

  /// Creates an error.
  public init(_ category: ErrorCategory, _ cause: Cause, source: Source? = nil) {
    self.category = category
    self.cause = cause
    self.source = source
  }

  /// A value that should have been `expected` (`.usage` unless it came from a data file).
  public init(value: String, expected: String, category: ErrorCategory = .usage) {
    self.init(category, .invalid(field: nil, value: value, expected: expected))
  }

  /// A bad value for a named field.
  public static func invalid(
    _ field: String?, _ value: String, expected: String, category: ErrorCategory = .badData,
    source: Source? = nil
  ) -> TallyError {
    TallyError(category, .invalid(field: field, value: value, expected: expected), source: source)
  }

  /// A refusal by a rule of the domain.
  public static func refused(
    _ message: String, category: ErrorCategory = .badData, source: Source? = nil
  ) -> TallyError {
    TallyError(category, .refused(message), source: source)
  }

  /// A named thing that does not exist.
  public static func notFound(_ kind: String, _ name: String, expected: String) -> TallyError {
    TallyError(.missingInput, .notFound(kind: kind, name: name, expected: expected))
  }

  /// The field a bad or missing value was given for, when the cause names one.
  public var field: String? {
    switch cause {
    case .invalid(let field, _, _): return field
    case .missing(let field, _): return field
    default: return nil
    }
  }

  /// The bad value as given, or the name that was not found or exists already.
  public var value: String? {
    switch cause {
    case .invalid(_, let value, _): return value
    case .notFound(_, let name, _), .exists(_, let name): return name
    default: return nil
    }
  }

  /// What was expected instead, when the cause says.
  public var expected: String? {
    switch cause {
    case .invalid(_, _, let expected), .missing(_, let expected), .notFound(_, _, let expected):
      return expected
    default: return nil
    }
  }

  /// The same error with `source` set (an importer adds the file and line it was reading).
  public func at(_ source: Source) -> TallyError {
    var copy = self
    copy.source = source
    return copy
  }

  /// The same error in the file `name`, keeping the line a parser already put in its source.
  public func inFile(_ name: String) -> TallyError {
    at(Source(name, line: source?.line))
  }

  /// The same error naming the field its value came from, when the layer that judged the value
  /// could not know it (an app names its option: `<option> "0" is not valid: …`).
  public func naming(_ field: String) -> TallyError {
    guard case .invalid(nil, let value, let expected) = cause else { return self }
    var copy = self
    copy.cause = .invalid(field: field, value: value, expected: expected)
    return copy
  }

  /// The same error with a hint for the user.
  public func hinted(_ hint: String) -> TallyError {
    var copy = self
    copy.hint = hint
    return copy
  }

  /// The one-line message: `[source: ]cause[: hint]`, with echoed values quoted and cut so that
  /// control characters or a megabyte of input never reach the terminal raw.
  public var description: String {
    var text = source.map { "\($0): " } ?? ""
    switch cause {
    case .invalid(let field, let value, let expected):
      let quoted = TallyError.quote(value)
      if let field {
        text += "\(field) \(quoted) is not valid: expected \(expected)"
      } else {
        text += "\(quoted) is not valid: expected \(expected)"
      }
    case .missing(let field, let expected):
      text += "\(field) is missing: expected \(expected)"
    case .notFound(let kind, let name, let expected):
      text += "there is no \(kind) \(TallyError.quote(name)): expected \(expected)"
    case .exists(let kind, let name):
      text += "\(kind) \(TallyError.quote(name)) exists already"
    case .refused(let message), .failed(let message):
      text += message
    }
    if let hint { text += ": \(hint)" }
    return text
  }

  /// Every problem's line, then, when there are several, a count saying that nothing was
  /// written: what an app prints, one line each.
  public var lines: [String] {
    guard problemCount > 1 else { return [description] }
    let name = source?.name ?? "the input"
    let shown = 1 + furtherProblems.count
    return [description] + furtherProblems.map(\.description) + [
      "\(problemCount) problems in \(name)"
        + (shown < problemCount ? " (the first \(shown) shown)" : "") + "; nothing was written"
    ]
  }

  /// `scalar` as it may reach a terminal: a control character (C0, DEL, C1) as `\u{1b}`, so an
  /// echoed ESC sequence is shown, never obeyed.
  public static func shown(_ scalar: Unicode.Scalar) -> String {
    isControl(scalar) ? "\\u{" + String(scalar.value, radix: 16) + "}" : String(scalar)
  }

  /// Whether `scalar` is a control character (C0, DEL or C1): what a terminal may obey, so every
  /// place that shows stored text shows it as `shown(_:)` does.
  public static func isControl(_ scalar: Unicode.Scalar) -> Bool {
    scalar.value < 0x20 || (0x7F...0x9F).contains(scalar.value)
  }

  /// The longest echoed value, in characters, before it is cut with `…`.
  public static let echoLimit = 80

  /// `value` in double quotes, control characters escaped and cut at `echoLimit` characters.
  public static func quote(_ value: String) -> String {
    var out = "\""
    var count = 0
    for scalar in value.unicodeScalars {
      if count == echoLimit {
        out += "…"
        break
      }
      switch scalar {
      case "\"": out += "\\\""
      case "\\": out += "\\\\"
      case "\n": out += "\\n"
      case "\r": out += "\\r"
      case "\t": out += "\\t"
      default: out += shown(scalar)
      }
      count += 1
    }
    return out + "\""
  }
}
