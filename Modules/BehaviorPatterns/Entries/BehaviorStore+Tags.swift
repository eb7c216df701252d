import AnalyticsCore
import Foundation
import GRDB

/// A tag and how often it is used.
public struct TagUsage: Sendable, Equatable {
  public var name: String
  /// How many pattern entries carry it.
  public var entries: Int
  /// How many journal entries carry it.
  public var journalEntries: Int
}

extension BehaviorStore {
  /// Every tag in use with its counts, most used first, then by name.
  public func tags() throws -> [TagUsage] {
    try writer.read { db in
      try Row.fetchAll(
        db,
        sql: """
          SELECT t.name,
            (SELECT COUNT(*) FROM entry_tag WHERE tag_id = t.id) AS entries,
            (SELECT COUNT(*) FROM journal_tag WHERE tag_id = t.id) AS journal
          FROM tag t
          """
      ).map { TagUsage(name: $0["name"], entries: $0["entries"], journalEntries: $0["journal"]) }
        .sorted {
          let (left, right) = ($0.entries + $0.journalEntries, $1.entries + $1.journalEntries)
          return left != right ? left > right : caseInsensitiveOrder($0.name, $1.name)
        }
    }
  }

  /// Renames tag `old` to `new`; when `new` is another existing tag (case ignored), the two are
  /// merged under `new`'s spelling.
  ///
  /// - Returns: whether two tags were merged.
  /// - throws: `TallyError` when `old` does not exist or `new` is not a valid tag name.
  @discardableResult
  public func renameTag(_ old: String, to new: String) throws -> Bool {
    let newName = try TagName.validated(new)
    return try writer.write { db in
      guard
        let source = try TagRecord.all().named(old.trimmingCharacters(in: .whitespaces))
          .fetchOne(db)
      else {
        throw TallyError.notFound(TallyError.BehaviorKind.tag, old, expected: "a tag in use")
      }
      let target = try TagRecord.all().named(newName).fetchOne(db)
      guard let target, target.id != source.id else {
        try db.execute(
          sql: "UPDATE tag SET name = ? WHERE id = ?", arguments: [newName, source.id])
        return false
      }
      for table in [("entry_tag", "entry_id"), ("journal_tag", "journal_id")] {
        try db.execute(
          sql: """
            INSERT OR IGNORE INTO \(table.0) (\(table.1), tag_id)
            SELECT \(table.1), ? FROM \(table.0) WHERE tag_id = ?
            """, arguments: [target.id, source.id])
      }
      try db.execute(sql: "DELETE FROM tag WHERE id = ?", arguments: [source.id])
      return true
    }
  }

  /// The ids of `names` (validated, case ignored), created when missing.
  static func tagIDs(_ names: [String], _ db: Database) throws -> [Int64] {
    var ids: [Int64] = []
    for raw in names {
      let name = try TagName.validated(raw)
      if let id = try TagRecord.all().named(name).fetchOne(db)?.id {
        if !ids.contains(id) { ids.append(id) }
      } else {
        var tag = TagRecord(id: nil, name: name)
        try tag.insert(db)
        ids.append(tag.id!)
      }
    }
    return ids
  }

  /// Replaces the tags of entry `entryID`.
  static func setTags(_ names: [String], entryID: Int64, _ db: Database) throws {
    let old = try entryTagIDs(entryID, db)
    try db.execute(sql: "DELETE FROM entry_tag WHERE entry_id = ?", arguments: [entryID])
    for id in try tagIDs(names, db) {
      try EntryTagRecord(entryId: entryID, tagId: id).insert(db)
    }
    try deleteUnusedTags(old, db)
  }

  /// The tag ids of entry `entryID`.
  static func entryTagIDs(_ entryID: Int64, _ db: Database) throws -> [Int64] {
    try Int64.fetchAll(
      db, sql: "SELECT tag_id FROM entry_tag WHERE entry_id = ?", arguments: [entryID])
  }

  /// Removes those of the tags `ids` that nothing carries any more.
  static func deleteUnusedTags(_ ids: [Int64], _ db: Database) throws {
    for id in ids {
      try db.execute(
        sql: """
          DELETE FROM tag WHERE id = ?1
            AND NOT EXISTS (SELECT 1 FROM entry_tag WHERE tag_id = ?1)
            AND NOT EXISTS (SELECT 1 FROM journal_tag WHERE tag_id = ?1)
          """, arguments: [id])
    }
  }
}
