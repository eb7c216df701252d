import AnalyticsCore
import Foundation
import GRDB

extension BehaviorStore {
  /// Logs an entry with its tags in one transaction; `zone` decides its local day, which must
  /// not be after the clock's.
  ///
  /// - throws: `TallyError` when the input breaks a catalog rule (see `EntryInput.validate`) or
  ///   lies on a later day.
  @discardableResult
  public func log(_ input: EntryInput, zone: Zone) throws -> PatternEntry {
    try input.validate()
    try refuseFuture(input.timestamp, zone: zone, field: "entry day")
    let now = clock.now()
    return try writer.write { db in
      var record = Self.record(input, id: nil, createdAt: now, updatedAt: now)
      try record.insert(db)
      try Self.setTags(input.tags, entryID: record.id!, db)
      return try Self.entries(db, where: "e.id = ?", [record.id!])[0]
    }
  }

  /// The entry with `id`.
  ///
  /// - throws: `TallyError` (missing input) when there is none.
  public func entry(id: Int64) throws -> PatternEntry {
    try writer.read { db in try Self.existingEntry(id, db) }
  }

  /// The entries matching `filter`, newest first; days are local days in `zone`.
  public func entries(_ filter: EntryFilter, zone: Zone) throws -> [PatternEntry] {
    var conditions: [String] = []
    var arguments: [any DatabaseValueConvertible] = []
    if let from = filter.from {
      conditions.append("e.occurred_at >= ?")
      arguments.append(zone.start(of: from))
    }
    if let to = filter.to {
      conditions.append("e.occurred_at < ?")
      arguments.append(zone.start(of: to.adding(days: 1)))
    }
    if let category = filter.category {
      conditions.append("e.category = ?")
      arguments.append(category.id)
    }
    if let type = filter.type {
      conditions.append("e.pattern_type = ?")
      arguments.append(type.id)
    }
    if let tag = filter.tag {
      conditions.append(
        "e.id IN (SELECT entry_id FROM entry_tag JOIN tag ON tag.id = tag_id WHERE tag.name = ?)")
      arguments.append(tag.trimmingCharacters(in: .whitespaces))
    }
    if let search = filter.search, !search.isEmpty {
      guard search.count <= EntryFilter.maximumSearchLength else {
        throw TallyError.invalid(
          "search text", search,
          expected: "at most \(EntryFilter.maximumSearchLength) characters", category: .usage)
      }
      let pattern = "%" + Self.escapeLike(search) + "%"
      conditions.append(
        "(e.context_notes LIKE ? ESCAPE '\\' OR e.specific_details LIKE ? ESCAPE '\\' OR e.custom_name LIKE ? ESCAPE '\\')"
      )
      arguments += [pattern, pattern, pattern]
    }
    let condition = conditions.isEmpty ? "1" : conditions.joined(separator: " AND ")
    return try writer.read { db in
      try Self.entries(
        db, where: condition, arguments, newestFirst: true, limit: filter.limit)
    }
  }

  /// Applies `change` to the entry with `id`, in one transaction, and returns the result; a
  /// new time may not fall on a day after the clock's in `zone`.
  ///
  /// - throws: `TallyError` when there is no such entry or the result breaks a catalog rule.
  @discardableResult
  public func editEntry(id: Int64, _ change: EntryChange, zone: Zone) throws -> PatternEntry {
    if let timestamp = change.timestamp {
      try refuseFuture(timestamp, zone: zone, field: "entry day")
    }
    let now = clock.now()
    return try writer.write { db in
      let existing = try Self.existingEntry(id, db)
      let input = change.applied(to: existing)
      try input.validate()
      let record = Self.record(
        input, id: id, createdAt: existing.createdAt, updatedAt: now)
      try record.update(db)
      if change.tags != nil { try Self.setTags(input.tags, entryID: id, db) }
      return try Self.existingEntry(id, db)
    }
  }

  /// Deletes the entry with `id` (its tag links and journal links go with it).
  ///
  /// - throws: `TallyError` (missing input) when there is none.
  public func deleteEntry(id: Int64) throws {
    try writer.write { db in
      let tags = try Self.entryTagIDs(id, db)
      guard try PatternEntryRecord.deleteOne(db, key: id) else {
        throw TallyError.unknownEntry(id)
      }
      try Self.deleteUnusedTags(tags, db)
    }
  }

  // MARK: - Shared with reports and export

  static func record(_ input: EntryInput, id: Int64?, createdAt: Instant, updatedAt: Instant)
    -> PatternEntryRecord
  {
    PatternEntryRecord(
      id: id, occurredAt: input.timestamp, category: input.category.id,
      patternType: input.type.id, intensity: input.intensity,
      durationMinutes: input.durationMinutes, contextNotes: nonEmpty(input.contextNotes),
      specificDetails: nonEmpty(input.specificDetails),
      customName: input.customName.map { $0.trimmingCharacters(in: .whitespaces) },
      createdAt: createdAt, updatedAt: updatedAt)
  }

  /// Up to this many entries, their tags are fetched by listing their ids (`IN (?, …)`); beyond
  /// it, by repeating the entries' condition in a subquery, which keeps the statement well under
  /// SQLite's default limit of 32,766 bound variables however many entries match.
  static let tagLookupByIDLimit = 500

  static func existingEntry(_ id: Int64, _ db: Database) throws -> PatternEntry {
    guard let entry = try entries(db, where: "e.id = ?", [id]).first else {
      throw TallyError.unknownEntry(id)
    }
    return entry
  }

  /// The entries matching an SQL condition on `pattern_entry e`, with their tags, oldest first
  /// (or newest first).
  static func entries(
    _ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible],
    newestFirst: Bool = false, limit: Int? = nil
  ) throws -> [PatternEntry] {
    let order = newestFirst ? "DESC" : "ASC"
    let limitClause = limit.map { " LIMIT \($0)" } ?? ""
    let records = try PatternEntryRecord.fetchAll(
      db,
      sql: """
        SELECT e.* FROM pattern_entry e WHERE \(condition)
        ORDER BY e.occurred_at \(order), e.id \(order)\(limitClause)
        """, arguments: StatementArguments(arguments))
    guard !records.isEmpty else { return [] }
    var tags: [Int64: [String]] = [:]
    let tagSQL: String
    let tagArguments: StatementArguments
    if records.count <= tagLookupByIDLimit {
      tagSQL = """
        SELECT et.entry_id, t.name FROM entry_tag et JOIN tag t ON t.id = et.tag_id
        WHERE et.entry_id IN (\(records.map { _ in "?" }.joined(separator: ",")))
        """
      tagArguments = StatementArguments(records.map { $0.id! })
    } else {
      tagSQL = """
        SELECT et.entry_id, t.name FROM entry_tag et JOIN tag t ON t.id = et.tag_id
        WHERE et.entry_id IN (SELECT e.id FROM pattern_entry e WHERE \(condition))
        """
      tagArguments = StatementArguments(arguments)
    }
    let rows = try Row.fetchCursor(db, sql: tagSQL, arguments: tagArguments)
    while let row = try rows.next() {
      tags[row["entry_id"], default: []].append(row["name"])
    }
    return try records.map { record in
      try entry(record, tags: (tags[record.id!] ?? []).sorted(by: caseInsensitiveOrder))
    }
  }

  static func entry(_ record: PatternEntryRecord, tags: [String]) throws -> PatternEntry {
    guard let type = PatternCatalog.type(id: record.patternType),
      let category = PatternCategory(rawValue: record.category)
    else {
      throw TallyError.refused(
        "entry \(record.id ?? 0) has an unknown type or category (\(record.patternType), \(record.category))"
      )
    }
    return PatternEntry(
      id: record.id!, timestamp: record.occurredAt, type: type,
      category: category, intensity: record.intensity, durationMinutes: record.durationMinutes,
      contextNotes: record.contextNotes, specificDetails: record.specificDetails,
      customName: record.customName, tags: tags,
      createdAt: record.createdAt,
      updatedAt: record.updatedAt)
  }

  static func nonEmpty(_ text: String?) -> String? {
    guard let text, !text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty else {
      return nil
    }
    return text
  }

  static func escapeLike(_ text: String) -> String {
    text.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "%", with: "\\%")
      .replacingOccurrences(of: "_", with: "\\_")
  }
}
