import AnalyticsCore

/// The behavior domain's refusals, as `TallyError`s that name the domain value and never a flag
/// or a command: the app adds where to look (`.hinted`), keyed by `kind`.
extension TallyError {
  /// The `kind` of each thing the domain looks up by name or id, for the app's hints.
  public enum BehaviorKind {
    public static let entry = "entry"
    public static let medication = "medication"
    public static let journal = "journal entry"
    public static let tag = "tag"
    public static let favorite = "favorite"
    public static let patternType = "pattern type"
    public static let rating = "rating"
    public static let checkIn = "check-in"
  }

  static func unknownEntry(_ id: Int64) -> TallyError {
    .notFound(BehaviorKind.entry, String(id), expected: "the id of a logged entry")
  }

  static func unknownMedication(_ text: String, suggesting guess: String? = nil) -> TallyError {
    .notFound(
      BehaviorKind.medication, text,
      expected: "the name or id of a medication" + (guess.map { "; did you mean '\($0)'?" } ?? ""))
  }

  static func unknownJournal(_ id: Int64) -> TallyError {
    .notFound(BehaviorKind.journal, String(id), expected: "the id of a journal entry")
  }

  /// A 1–5 scale (intensity, effectiveness, mood, energy) given a value outside it.
  static func outOfScale(_ field: String, _ value: Int) -> TallyError {
    .invalid(field, String(value), expected: "a whole number 1 to 5", category: .usage)
  }
}
