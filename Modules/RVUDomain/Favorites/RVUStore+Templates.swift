import AnalyticsCore
import DataFormats
import Foundation
import GRDB

extension RVUStore {
  /// The user's templates in their order, each with its procedures in order.
  public func templates(userId: String) throws -> [VisitTemplate] {
    try writer.read { db in try ownTemplates(db, userId: userId) }
  }

  /// One of the user's templates by name (trimmed, as stored).
  ///
  /// - throws: `TallyError` (not found) naming the templates the user has.
  public func template(named name: String, userId: String) throws -> VisitTemplate {
    let wanted = name.trimmingCharacters(in: .whitespaces)
    let all = try templates(userId: userId)
    guard let found = all.first(where: { $0.name == wanted }) else {
      throw TallyError.notFound(
        "template", wanted,
        expected: all.isEmpty
          ? "a template (you have none yet)"
          : "one of " + all.map { TallyError.quote($0.name) }.joined(separator: ", "))
    }
    return found
  }

  /// Adds a template at the end of the user's list.
  ///
  /// - throws: `TallyError` for a name of 0 or more than 100 characters, one another template
  ///   has (`duplicateTemplate`), no items, a code twice, a bad code or quantity.
  public func addTemplate(name: String, items: [VisitTemplate.Item], userId: String) throws
    -> VisitTemplate
  {
    let name = try Self.checkTemplateName(name)
    let items = try Self.checkTemplateItems(items)
    return try writer.write { db in
      guard try templateId(db, named: name, userId: userId) == nil else {
        throw TallyError.duplicateTemplate(name)
      }
      let now = clock.now()
      let order =
        try Int.fetchOne(
          db, sql: "SELECT COALESCE(MAX(sort_order) + 1, 0) FROM template WHERE user_id = ?",
          arguments: [userId]) ?? 0
      try db.execute(
        sql: """
          INSERT INTO template (user_id, name, sort_order, created_at, updated_at)
          VALUES (?, ?, ?, ?, ?)
          """, arguments: [userId, name, order, now, now])
      let id = db.lastInsertedRowID
      try insertItems(db, items, template: id)
      return try ownTemplates(db, userId: userId).first { $0.id == id }!
    }
  }

  /// Renames a template and/or replaces its procedures (`nil`: unchanged).
  ///
  /// - throws: `TallyError` (not found) for an id that is not one of the user's templates, and
  ///   as `addTemplate` for the new values; nothing changes.
  public func updateTemplate(
    id: Int64, name: String?, items: [VisitTemplate.Item]?, userId: String
  ) throws -> VisitTemplate {
    let name = try name.map(Self.checkTemplateName)
    let items = try items.map(Self.checkTemplateItems)
    return try writer.write { db in
      guard try ownTemplates(db, userId: userId).contains(where: { $0.id == id }) else {
        throw Self.unknownTemplate(id)
      }
      if let name {
        if let other = try templateId(db, named: name, userId: userId), other != id {
          throw TallyError.duplicateTemplate(name)
        }
        try db.execute(sql: "UPDATE template SET name = ? WHERE id = ?", arguments: [name, id])
      }
      if let items {
        try db.execute(sql: "DELETE FROM template_item WHERE template_id = ?", arguments: [id])
        try insertItems(db, items, template: id)
      }
      if name != nil || items != nil {
        try db.execute(
          sql: "UPDATE template SET updated_at = ? WHERE id = ?", arguments: [clock.now(), id])
      }
      return try ownTemplates(db, userId: userId).first { $0.id == id }!
    }
  }

  /// Deletes a template and its procedures, closing the gap in the order.
  ///
  /// - throws: `TallyError` (not found) for an id that is not one of the user's templates.
  public func deleteTemplate(id: Int64, userId: String) throws {
    try writer.write { db in
      try db.execute(
        sql: "DELETE FROM template WHERE id = ? AND user_id = ?", arguments: [id, userId])
      guard db.changesCount > 0 else { throw Self.unknownTemplate(id) }
      try renumberTemplates(db, try ownTemplates(db, userId: userId).map(\.id), userId: userId)
    }
  }

  /// Puts the templates with these ids first, in this order; the others follow in theirs. Ids
  /// that are not the user's are ignored, as the RVU backend ignores them.
  public func reorderTemplates(_ ids: [Int64], userId: String) throws -> [VisitTemplate] {
    try writer.write { db in
      let current = try ownTemplates(db, userId: userId).map(\.id)
      var seen: Set<Int64> = []
      let first = ids.filter { current.contains($0) && seen.insert($0).inserted }
      try renumberTemplates(
        db, first + current.filter { !seen.contains($0) }, userId: userId)
      return try ownTemplates(db, userId: userId)
    }
  }

  // MARK: Rules

  static func checkTemplateName(_ text: String) throws -> String {
    let name = text.trimmingCharacters(in: .whitespacesAndNewlines)
    // Characters as the RVU backend counts them, and at most 4 bytes each: a letter with a
    // megabyte of combining accents is one character.
    guard (1...VisitTemplate.nameLimit).contains(name.count),
      name.utf8.count <= 4 * VisitTemplate.nameLimit
    else {
      throw TallyError.invalid(
        "name", String(text.prefix(TallyError.echoLimit)),
        expected: "a name of 1 to \(VisitTemplate.nameLimit) characters", category: .usage)
    }
    return name
  }

  static func checkTemplateItems(_ items: [VisitTemplate.Item]) throws -> [VisitTemplate.Item] {
    guard !items.isEmpty else {
      throw TallyError(
        .usage, .missing(field: "items", expected: "at least one procedure, such as 99213"))
    }
    var seen: Set<String> = []
    return try items.enumerated().map { index, item in
      let code: String
      let quantity: Int
      do {
        code = try ProcedureInput.checkCode(item.hcpcs)
        quantity = try ProcedureInput.checkQuantity(String(item.quantity))
      } catch var error as TallyError {
        if case .invalid(let field, let value, let expected) = error.cause {
          error.cause = .invalid(
            field: "items[\(index)]." + (field ?? "hcpcs"), value: value, expected: expected)
        }
        throw error
      }
      guard seen.insert(code).inserted else {
        throw TallyError.invalid(
          "items[\(index)].hcpcs", code, expected: "each code once (give it a quantity instead)",
          category: .usage)
      }
      return VisitTemplate.Item(hcpcs: code, quantity: quantity)
    }
  }

  static func unknownTemplate(_ id: Int64) -> TallyError {
    .notFound("template", String(id), expected: "the id of one of your templates")
  }

  // MARK: Rows

  private func templateId(_ db: Database, named name: String, userId: String) throws -> Int64? {
    try Int64.fetchOne(
      db, sql: "SELECT id FROM template WHERE user_id = ? AND name = ?",
      arguments: [userId, name])
  }

  private func insertItems(_ db: Database, _ items: [VisitTemplate.Item], template: Int64)
    throws
  {
    for (position, item) in items.enumerated() {
      try db.execute(
        sql: """
          INSERT INTO template_item (template_id, position, hcpcs, quantity) VALUES (?, ?, ?, ?)
          """, arguments: [template, position, item.hcpcs, item.quantity])
    }
  }

  private func renumberTemplates(_ db: Database, _ ids: [Int64], userId: String) throws {
    for (order, id) in ids.enumerated() {
      try db.execute(
        sql: "UPDATE template SET sort_order = ? WHERE id = ? AND user_id = ?",
        arguments: [order, id, userId])
    }
  }

  private func ownTemplates(_ db: Database, userId: String) throws -> [VisitTemplate] {
    var templates = try Row.fetchAll(
      db,
      sql: """
        SELECT id, name, sort_order, created_at, updated_at FROM template WHERE user_id = ?
        ORDER BY sort_order, created_at, id
        """, arguments: [userId]
    ).map { row in
      VisitTemplate(
        id: row[0], userId: userId, name: row[1], sortOrder: row[2], createdAt: row[3],
        updatedAt: row[4], items: [])
    }
    let positions = Dictionary(
      uniqueKeysWithValues: templates.enumerated().map { ($1.id, $0) })
    for row in try Row.fetchAll(
      db,
      sql: """
        SELECT i.template_id, i.hcpcs, i.quantity FROM template_item i
        JOIN template t ON t.id = i.template_id
        WHERE t.user_id = ? ORDER BY i.template_id, i.position
        """, arguments: [userId])
    {
      let id: Int64 = row[0]
      if let index = positions[id] {
        templates[index].items.append(VisitTemplate.Item(hcpcs: row[1], quantity: row[2]))
      }
    }
    return templates
  }
}

extension RVUStore {
  /// Each code's description, status code and work RVU, from the newest catalog, else the
  /// user's own code; a code known to neither is left out (as the RVU backend leaves its keys
  /// out).
  public func codeDetails(_ codes: [String], userId: String) throws -> [String: JSONObject] {
    try writer.read { db in
      let version = try? catalogVersion(db, year: nil)
      var details: [String: JSONObject] = [:]
      for code in Set(codes) {
        if let version, let found = try lookup(db, hcpcs: code, modifier: nil, version: version) {
          details[code] = [
            "description": .string(found.description), "status_code": .string(found.statusCode),
            "work_rvu": found.workRVU.map(JSONValue.decimal) ?? .null,
          ]
        } else if let own = try customCode(db, hcpcs: code, userId: userId) {
          details[code] = [
            "description": .string(own.description), "status_code": .string(""),
            "work_rvu": .decimal(own.workRVU),
          ]
        }
      }
      return details
    }
  }
}
