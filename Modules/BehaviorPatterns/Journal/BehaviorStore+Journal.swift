import AnalyticsCore
import Foundation
import GRDB
import Storage

extension BehaviorStore {
  /// Adds a journal entry with its tags and links in one transaction.
  ///
  /// - throws: `TallyError` for an empty title or a link to an entry that does not exist.
  @discardableResult
  public func addJournal(_ input: JournalInput) throws -> JournalEntry {
    let title = try Self.journalTitle(input.title)
    _ = try Self.journalContent(input.content, new: true)
    let now = clock.now()
    return try writer.write { db in
      var record = JournalEntryRecord(
        id: nil, occurredAt: input.timestamp, title: title, content: input.content,
        createdAt: now, updatedAt: now)
      try record.insert(db)
      try Self.setJournalTags(input.tags, journalID: record.id!, db)
      try Self.setJournalLinks(input.links, journalID: record.id!, db)
      return try Self.existingJournal(record.id!, db)
    }
  }

  /// The journal entry with `id`.
  public func journal(id: Int64) throws -> JournalEntry {
    try writer.read { db in try Self.existingJournal(id, db) }
  }

  /// Journal entries between two local days (and with a tag), newest first.
  public func journalEntries(
    from: LocalDate? = nil, to: LocalDate? = nil, tag: String? = nil, zone: Zone
  ) throws -> [JournalEntry] {
    var conditions = ["1"]
    var arguments: [any DatabaseValueConvertible] = []
    if let from {
      conditions.append("j.occurred_at >= ?")
      arguments.append(zone.start(of: from))
    }
    if let to {
      conditions.append("j.occurred_at < ?")
      arguments.append(zone.start(of: to.adding(days: 1)))
    }
    if let tag {
      conditions.append(
        "j.id IN (SELECT journal_id FROM journal_tag JOIN tag ON tag.id = tag_id WHERE tag.name = ?)"
      )
      arguments.append(tag.trimmingCharacters(in: .whitespaces))
    }
    return try writer.read { db in
      try Self.journals(
        db, where: conditions.joined(separator: " AND "), arguments, newestFirst: true)
    }
  }

  /// Full-text search over titles and contents, best match first. Any text is safe: it is cut
  /// into words, each searched as a quoted prefix, so FTS5 syntax (`"`, `NEAR(`, `AND`) is
  /// never interpreted; text without letters or digits matches nothing.
  public func searchJournal(_ text: String, limit: Int = 50) throws -> [JournalSearchHit] {
    guard let query = FullTextQuery.prefixes(of: text) else { return [] }
    return try writer.read { db in
      let rows = try Row.fetchAll(
        db,
        sql: """
          SELECT rowid AS id, snippet(journal_fts, -1, '[', ']', '…', 12) AS snippet FROM journal_fts
          WHERE journal_fts MATCH ? ORDER BY bm25(journal_fts, 2.0, 1.0), rowid DESC LIMIT ?
          """, arguments: [query, limit])
      return try rows.map { row in
        JournalSearchHit(entry: try Self.existingJournal(row["id"], db), snippet: row["snippet"])
      }
    }
  }

  /// Applies `change` to a journal entry.
  @discardableResult
  public func editJournal(id: Int64, _ change: JournalChange) throws -> JournalEntry {
    let title = try change.title.map(Self.journalTitle)
    _ = try change.content.map { try Self.journalContent($0, new: true) }
    let now = clock.now()
    return try writer.write { db in
      let existing = try Self.existingJournal(id, db)
      let record = JournalEntryRecord(
        id: id, occurredAt: (change.timestamp ?? existing.timestamp),
        title: title ?? existing.title, content: change.content ?? existing.content,
        createdAt: existing.createdAt, updatedAt: now)
      try record.update(db)
      if let tags = change.tags { try Self.setJournalTags(tags, journalID: id, db) }
      if let links = change.links { try Self.setJournalLinks(links, journalID: id, db) }
      return try Self.existingJournal(id, db)
    }
  }

  /// Deletes a journal entry (the pattern entries it links to stay).
  public func deleteJournal(id: Int64) throws {
    try writer.write { db in
      let tags = try Int64.fetchAll(
        db, sql: "SELECT tag_id FROM journal_tag WHERE journal_id = ?", arguments: [id])
      guard try JournalEntryRecord.deleteOne(db, key: id) else {
        throw TallyError.unknownJournal(id)
      }
      try Self.deleteUnusedTags(tags, db)
    }
  }

  /// A journal entry with the pattern entries it links to, for reading aloud.
  public func journalWithLinks(id: Int64) throws -> (JournalEntry, [PatternEntry]) {
    try writer.read { db in
      let journal = try Self.existingJournal(id, db)
      let linked = try Self.entries(
        db, where: "e.id IN (SELECT entry_id FROM journal_link WHERE journal_id = ?)", [id])
      return (journal, linked)
    }
  }

  // MARK: - Shared

  static func existingJournal(_ id: Int64, _ db: Database) throws -> JournalEntry {
    guard let journal = try journals(db, where: "j.id = ?", [id]).first else {
      throw TallyError.unknownJournal(id)
    }
    return journal
  }

  static func journals(
    _ db: Database, where condition: String, _ arguments: [any DatabaseValueConvertible],
    newestFirst: Bool = false
  ) throws -> [JournalEntry] {
    let order = newestFirst ? "DESC" : "ASC"
    let records = try JournalEntryRecord.fetchAll(
      db,
      sql:
        "SELECT j.* FROM journal_entry j WHERE \(condition) ORDER BY j.occurred_at \(order), j.id \(order)",
      arguments: StatementArguments(arguments))
    guard !records.isEmpty else { return [] }
    var tags: [Int64: [String]] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT jt.journal_id, t.name FROM journal_tag jt JOIN tag t ON t.id = jt.tag_id
        WHERE jt.journal_id IN (SELECT j.id FROM journal_entry j WHERE \(condition))
        """, arguments: StatementArguments(arguments))
    {
      tags[row["journal_id"], default: []].append(row["name"])
    }
    var links: [Int64: [Int64]] = [:]
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT journal_id, entry_id FROM journal_link
        WHERE journal_id IN (SELECT j.id FROM journal_entry j WHERE \(condition))
        ORDER BY entry_id
        """, arguments: StatementArguments(arguments))
    {
      links[row["journal_id"], default: []].append(row["entry_id"])
    }
    return records.map { record in
      JournalEntry(
        id: record.id!, timestamp: record.occurredAt, title: record.title,
        content: record.content, tags: (tags[record.id!] ?? []).sorted(by: caseInsensitiveOrder),
        linkedEntryIDs: links[record.id!] ?? [], createdAt: record.createdAt,
        updatedAt: record.updatedAt)
    }
  }

  static func setJournalTags(_ names: [String], journalID: Int64, _ db: Database) throws {
    let old = try Int64.fetchAll(
      db, sql: "SELECT tag_id FROM journal_tag WHERE journal_id = ?", arguments: [journalID])
    try db.execute(sql: "DELETE FROM journal_tag WHERE journal_id = ?", arguments: [journalID])
    for id in try tagIDs(names, db) {
      try JournalTagRecord(journalId: journalID, tagId: id).insert(db)
    }
    try deleteUnusedTags(old, db)
  }

  static func setJournalLinks(_ entryIDs: [Int64], journalID: Int64, _ db: Database) throws {
    try db.execute(sql: "DELETE FROM journal_link WHERE journal_id = ?", arguments: [journalID])
    for entryID in Set(entryIDs).sorted() {
      guard try PatternEntryRecord.exists(db, key: entryID) else {
        throw TallyError.unknownEntry(entryID)
      }
      try JournalLinkRecord(journalId: journalID, entryId: entryID).insert(db)
    }
  }

  /// Whether a journal text is empty (blank): such a new entry saves nothing, so that an app can
  /// say so before it opens the database.
  public static func isEmptyJournalText(_ text: String) -> Bool {
    text.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty
  }

  /// The longest journal text, in UTF-8 bytes: 1 MiB is hundreds of pages, and reading
  /// `< /dev/zero` stops there instead of filling memory.
  public static let maximumJournalBytes = 1 << 20

  /// A journal text: at most 1 MiB, and, for what is written now (`new`), not empty: an entry
  /// without text is what a closed editor leaves, and saves nothing either way. (Backups written
  /// before this rule may hold empty entries; they import as they are.)
  static func journalContent(_ text: String, new: Bool = false) throws -> String {
    if new, isEmptyJournalText(text) {
      throw TallyError(.usage, .missing(field: "journal text", expected: "some text"))
    }
    guard text.utf8.count <= maximumJournalBytes else {
      throw TallyError.refused(
        "the journal text has \(text.utf8.count) bytes: expected at most 1 MiB", category: .usage)
    }
    return text
  }

  static func journalTitle(_ text: String) throws -> String {
    let title = text.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !title.isEmpty else {
      throw TallyError(.usage, .missing(field: "title", expected: "a non-empty title"))
    }
    return title
  }
}
