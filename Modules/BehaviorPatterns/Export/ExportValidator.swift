import AnalyticsCore
import DataFormats
import Foundation

/// A validated export: the document with its instants and days parsed.
struct CheckedExport {
  struct Entry {
    let source: BehaviorExport.Entry
    let input: EntryInput
    let createdAt: Instant
    let updatedAt: Instant
  }
  struct Log {
    let source: BehaviorExport.MedicationLog
    let occurredAt: Instant
    let createdAt: Instant
  }
  struct Journal {
    let source: BehaviorExport.Journal
    let occurredAt: Instant
    let createdAt: Instant
    let updatedAt: Instant
  }
  let document: BehaviorExport
  let entries: [Entry]
  let logs: [Log]
  let journal: [Journal]
  let favorites: [PatternType]
  /// The file's dosage changes with their instants; `nil` for a backup without them.
  let dosageChanges: [(source: BehaviorExport.DosageChange, changedAt: Instant)]?
}

/// Decodes and checks an export, naming the first bad record.
enum ExportValidator {
  /// Every key an export's objects may have: a misspelt one (`contxt_notes`) is refused, never
  /// dropped.
  static let knownKeys = KnownKeys(
    names(BehaviorExport.CodingKeys.self),
    nested: [
      "entries": KnownKeys(names(BehaviorExport.Entry.CodingKeys.self)),
      "medications": KnownKeys(names(BehaviorExport.Medication.CodingKeys.self)),
      "medication_logs": KnownKeys(names(BehaviorExport.MedicationLog.CodingKeys.self)),
      "journal": KnownKeys(names(BehaviorExport.Journal.CodingKeys.self)),
      "dosage_changes": KnownKeys(names(BehaviorExport.DosageChange.CodingKeys.self)),
      "ratings": KnownKeys(names(BehaviorExport.Rating.CodingKeys.self)),
      "check_ins": KnownKeys(
        names(BehaviorExport.CheckIn.CodingKeys.self),
        nested: ["ratings": KnownKeys(names(BehaviorExport.RatingValue.CodingKeys.self))]),
    ])

  private static func names<Keys: CodingKey & CaseIterable>(_ keys: Keys.Type) -> [String] {
    keys.allCases.map(\.stringValue)
  }

  static func decode(_ data: Data, name: String) throws -> BehaviorExport {
    let data = try TextDecoder.utf8(data, source: TallyError.Source(name))
    try knownKeys.refuseUnknown(in: data, source: TallyError.Source(name))
    do {
      return try JSONDecoder().decode(BehaviorExport.self, from: data)
    } catch let error as DecodingError {
      throw TallyError.refused(describe(error), source: TallyError.Source(name))
    } catch {
      throw TallyError.refused(
        "not a behavior export: expected JSON", source: TallyError.Source(name))
    }
  }

  /// Checks every record; entries and doses may not lie on a day after `today` in `zone`.
  static func validate(_ document: BehaviorExport, name: String, today: LocalDate, zone: Zone)
    throws -> CheckedExport
  {
    func fail(_ place: String, _ problem: String) -> TallyError {
      TallyError.refused("\(place): \(problem)", source: TallyError.Source(name))
    }
    guard document.format == BehaviorExport.formatName, document.version == 1 else {
      throw fail(
        "format",
        "'\(document.format)' version \(document.version): expected tally-behavior version 1")
    }
    func instant(_ text: String, _ place: String, _ key: String) throws -> Instant {
      guard let instant = Instant.parse(text, zone: nil) else {
        throw fail(place, "\(key) '\(text)' is not an instant: expected \(Instant.expectedText)")
      }
      return instant
    }
    func happened(_ instant: Instant, _ place: String) throws {
      let day = zone.localDate(of: instant)
      if let expected = BehaviorStore.happenedDayProblem(day, today: today) {
        throw fail(place, "timestamp \(instant) is on \(day): expected \(expected)")
      }
    }
    func day(_ text: String, _ place: String, _ key: String) throws -> LocalDate {
      do { return try LocalDate(parsing: text) } catch {
        throw fail(place, "\(key) '\(text)' is not a day: expected YYYY-MM-DD")
      }
    }

    // Every bad record of the file in one run (`Problems`), as every importer does.
    var problems = Problems()
    var favorites: [PatternType] = []
    for (index, id) in document.favorites.enumerated() {
      try problems.collect {
        guard let type = PatternCatalog.type(id: id), !type.isCustom else {
          throw fail("favorites[\(index)]", "'\(id)' is not a pattern type id")
        }
        if !favorites.contains(type) { favorites.append(type) }
      }
    }

    var entryIDs = Set<Int64>()
    let entries = try document.entries.enumerated().compactMap { index, entry in
      try problems.collect { () throws -> CheckedExport.Entry in
        let place = "entries[\(index)] (id \(entry.id))"
        guard entryIDs.insert(entry.id).inserted else { throw fail(place, "the id is used twice") }
        guard let type = PatternCatalog.type(id: entry.patternType) else {
          throw fail(place, "unknown pattern_type '\(entry.patternType)'")
        }
        guard let category = PatternCategory(rawValue: entry.category) else {
          throw fail(place, "unknown category '\(entry.category)'")
        }
        if !type.isCustom, category != type.category {
          throw fail(place, "category \(category.id) does not match \(type.id)")
        }
        let input = EntryInput(
          type: type,
          timestamp: try instant(entry.timestamp, place, "timestamp"),
          intensity: entry.intensity, durationMinutes: entry.durationMinutes,
          contextNotes: entry.contextNotes, specificDetails: entry.specificDetails,
          customName: entry.customName, customCategory: type.isCustom ? category : nil,
          tags: entry.tags)
        do { try input.validate() } catch let error as TallyError {
          throw fail(place, error.description)
        }
        try happened(input.timestamp, place)
        return CheckedExport.Entry(
          source: entry, input: input, createdAt: try instant(entry.createdAt, place, "created_at"),
          updatedAt: try instant(entry.updatedAt, place, "updated_at"))
      }
    }

    var medicationIDs = Set<Int64>()
    var names = Set<String>()
    for (index, medication) in document.medications.enumerated() {
      try problems.collect {
        let place = "medications[\(index)] (id \(medication.id))"
        guard medicationIDs.insert(medication.id).inserted else {
          throw fail(place, "the id is used twice")
        }
        let trimmed = medication.name.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, names.insert(trimmed.lowercased()).inserted else {
          throw fail(place, "the name '\(medication.name)' is empty or used twice")
        }
        guard MedicationFrequency(rawValue: medication.frequency) != nil else {
          throw fail(place, "unknown frequency '\(medication.frequency)'")
        }
        let since = try day(medication.since, place, "since")
        if let stopped = medication.stoppedOn, try day(stopped, place, "stopped_on") < since {
          throw fail(place, "stopped_on \(stopped) is before since \(medication.since)")
        }
        _ = try instant(medication.createdAt, place, "created_at")
      }
    }

    var logIDs = Set<Int64>()
    let logs = try document.medicationLogs.enumerated().compactMap { index, log in
      try problems.collect { () throws -> CheckedExport.Log in
        let place = "medication_logs[\(index)] (id \(log.id))"
        guard logIDs.insert(log.id).inserted else { throw fail(place, "the id is used twice") }
        guard medicationIDs.contains(log.medicationID) else {
          throw fail(place, "medication_id \(log.medicationID) is not a medication of this file")
        }
        let occurredAt = try instant(log.timestamp, place, "timestamp")
        let input = MedicationLogInput(
          timestamp: occurredAt, taken: log.taken,
          skippedReason: log.skippedReason, effectiveness: log.effectiveness, mood: log.mood,
          energyLevel: log.energyLevel)
        do { try input.validate(imported: true) } catch let error as TallyError {
          throw fail(place, error.description)
        }
        try happened(occurredAt, place)
        return CheckedExport.Log(
          source: log, occurredAt: occurredAt,
          createdAt: try instant(log.createdAt, place, "created_at"))
      }
    }

    var journalIDs = Set<Int64>()
    let journal = try document.journal.enumerated().compactMap { index, journal in
      try problems.collect { () throws -> CheckedExport.Journal in
        let place = "journal[\(index)] (id \(journal.id))"
        guard journalIDs.insert(journal.id).inserted else {
          throw fail(place, "the id is used twice")
        }
        guard !journal.title.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
          throw fail(place, "the title is empty")
        }
        do { _ = try BehaviorStore.journalContent(journal.content) } catch let error as TallyError {
          throw fail(place, error.description)
        }
        for link in journal.linkedEntries where !entryIDs.contains(link) {
          throw fail(place, "linked entry \(link) is not an entry of this file")
        }
        for tag in journal.tags {
          do { _ = try TagName.validated(tag) } catch let error as TallyError {
            throw fail(place, error.description)
          }
        }
        return CheckedExport.Journal(
          source: journal, occurredAt: try instant(journal.timestamp, place, "timestamp"),
          createdAt: try instant(journal.createdAt, place, "created_at"),
          updatedAt: try instant(journal.updatedAt, place, "updated_at"))
      }
    }
    let changes = try document.dosageChanges.map { changes in
      try changes.enumerated().compactMap { index, change in
        try problems.collect {
          () throws -> (source: BehaviorExport.DosageChange, changedAt: Instant) in
          let place = "dosage_changes[\(index)]"
          guard medicationIDs.contains(change.medicationID) else {
            throw fail(
              place, "medication_id \(change.medicationID) is not a medication of this file")
          }
          let changedAt = try instant(change.changedAt, place, "changed_at")
          try happened(changedAt, place)
          return (source: change, changedAt: changedAt)
        }
      }
    }
    var scales: [String: ClosedRange<Int>] = [:]
    for (index, rating) in (document.ratings ?? []).enumerated() {
      try problems.collect {
        let place = "ratings[\(index)]"
        guard rating.scaleMin < rating.scaleMax,
          PatternType.Polarity(rawValue: rating.polarity) != nil
        else {
          throw fail(
            place,
            "expected scale_min below scale_max and a polarity of higher-is-better, "
              + "higher-is-harder or neither")
        }
        // The rules of `ratings add`: a backup cannot hold a rating the app would refuse.
        let name: String
        do {
          name = try BehaviorStore.checkedRating(
            name: rating.name, scale: rating.scaleMin...rating.scaleMax)
        } catch let error as TallyError { throw fail(place, error.description) }
        guard scales[name.lowercased()] == nil else {
          throw fail(place, "rating \(TallyError.quote(name)) is named twice")
        }
        scales[name.lowercased()] = rating.scaleMin...rating.scaleMax
      }
    }
    var days: Set<String> = []
    for (index, checkIn) in (document.checkIns ?? []).enumerated() {
      try problems.collect {
        let place = "check_ins[\(index)]"
        guard let day = try? LocalDate(parsing: checkIn.date), days.insert(checkIn.date).inserted
        else {
          throw fail(
            place, "date \(TallyError.quote(checkIn.date)): expected one YYYY-MM-DD per check-in")
        }
        if let problem = BehaviorStore.happenedDayProblem(day, today: today) {
          throw fail(place, "date \(checkIn.date): expected \(problem)")
        }
        for (field, value) in [("mood", checkIn.mood), ("energy", checkIn.energy)] {
          if let value, !(1...5).contains(value) {
            throw fail(place, "\(field) \(value): expected 1 to 5")
          }
        }
        if let minutes = checkIn.sleepMinutes, !(0...1440).contains(minutes) {
          throw fail(place, "sleep_minutes \(minutes): expected 0 to 1440")
        }
        for value in checkIn.ratings {
          let key = value.name.trimmingCharacters(in: .whitespacesAndNewlines).lowercased()
          guard let scale = scales[key], scale.contains(value.value) else {
            throw fail(
              place,
              "rating \(TallyError.quote(value.name)) \(value.value): expected a rating of "
                + "this file's ratings, within its scale")
          }
        }
      }
    }
    try problems.check()
    return CheckedExport(
      document: document, entries: entries, logs: logs, journal: journal, favorites: favorites,
      dosageChanges: changes)
  }

  /// `entries[3].intensity: expected a number` and the like.
  static func describe(_ error: DecodingError) -> String {
    func path(_ codingPath: [any CodingKey]) -> String {
      let text = CodingPathText.text(codingPath)
      return text.isEmpty ? "the file" : text
    }
    switch error {
    case .typeMismatch(let type, let context), .valueNotFound(let type, let context):
      return "\(path(context.codingPath)): expected \(describe(type))"
    case .keyNotFound(let key, let context):
      return "\(path(context.codingPath + [key])) is missing"
    case .dataCorrupted(let context):
      // Foundation's reason (a number too large, nesting too deep) says what to fix; it is cut
      // like any echoed text.
      return context.codingPath.isEmpty
        ? "not a behavior export: expected JSON (the reader says "
          + TallyError.quote(context.debugDescription) + ")"
        : "\(path(context.codingPath)) is not valid"
    @unknown default:
      return "not a behavior export"
    }
  }

  static func describe(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Int64.Type, is Int?.Type: "a whole number"
    case is String.Type, is String?.Type: "text"
    case is Bool.Type: "true or false"
    default: "a \(type)"
    }
  }
}
