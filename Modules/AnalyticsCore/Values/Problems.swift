/// The problems of one input, gathered as it is read, so that a file is refused once naming
/// every bad line (up to `shownLimit`, then a count) instead of one problem per run, as a
/// spreadsheet user mends an export. Nothing is written while there is any.
public struct Problems: Sendable {
  /// The most problems said one by one.
  public static let shownLimit = 20

  /// The problems said one by one, in the order found (a file's bad values as read, then its
  /// orders whose lines disagree, part by part).
  public private(set) var shown: [TallyError] = []
  /// How many problems there are, shown or not.
  public private(set) var count = 0

  public init() {}

  /// Whether there is no problem.
  public var isEmpty: Bool { count == 0 }

  /// Adds a problem (and any it carries already).
  public mutating func add(_ error: TallyError) {
    var first = error
    first.furtherProblems = []
    first.problemCount = 1
    for problem in [first] + error.furtherProblems {
      if shown.count < Self.shownLimit { shown.append(problem) }
    }
    count += error.problemCount
  }

  /// `body`'s value, or `nil` when it refused bad data (`TallyError` of `.badData`), which is
  /// added; any other error is thrown.
  public mutating func collect<Value>(_ body: () throws -> Value) throws -> Value? {
    do { return try body() } catch let error as TallyError where error.category == .badData {
      add(error)
      return nil
    }
  }

  /// The first problem carrying the others, or `nil` when there is none.
  public var error: TallyError? {
    guard var first = shown.first else { return nil }
    first.furtherProblems = Array(shown.dropFirst())
    first.problemCount = count
    return first
  }

  /// Throws `error` when there is a problem.
  public func check() throws {
    if let error { throw error }
  }
}
