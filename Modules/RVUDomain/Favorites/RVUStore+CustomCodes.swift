import AnalyticsCore
import Foundation
import GRDB

extension RVUStore {
  /// The user's own codes, newest first (as the RVU backend lists them).
  public func customCodes(userId: String) throws -> [CustomCode] {
    try writer.read { db in
      try CustomCode.owned(by: userId)
        .order(CustomCode.Columns.createdAt.desc, CustomCode.Columns.id.desc).fetchAll(db)
    }
  }

  /// Adds the user's own code, or updates its description and work RVU when the user has it
  /// already (`created` false; its id and creation time stay): the backend's upsert by code.
  ///
  /// - throws: `TallyError` (usage) for a code that is not 5 letters and digits (so that it logs
  ///   like a catalog code) or one the newest catalog has (the catalog's would win), an empty
  ///   description, a work RVU outside 0–`ProcedureInput`'s range.
  public func saveCustomCode(
    _ hcpcs: String, description: String, workRVU: FixedDecimal, userId: String
  ) throws -> (code: CustomCode, created: Bool) {
    let code = try ProcedureInput.checkCode(hcpcs)
    let text = description.trimmingCharacters(in: .whitespacesAndNewlines)
    guard !text.isEmpty else {
      throw TallyError(
        .usage,
        .missing(
          field: "description",
          expected: "what the code is, such as "
            + "\"Remote monitoring, first 20 minutes\""))
    }
    guard text.utf8.count <= CustomCode.descriptionLimit else {
      throw TallyError.invalid(
        "description", "\(text.utf8.count) bytes long",
        expected: "at most \(CustomCode.descriptionLimit) bytes of text", category: .usage)
    }
    let rvu = try ProcedureInput.checkWorkRVU(workRVU)
    return try writer.write { db in
      // A visit logs the catalog's own code of a name: a custom code of that name would never
      // be used, so it is refused rather than kept for nothing.
      if let version = try? catalogVersion(db, year: nil),
        let found = try lookup(db, hcpcs: code, modifier: nil, version: version)
      {
        throw TallyError.invalid(
          "hcpcs", code,
          expected: "a code the catalog lacks (\(code) is in the \(version / 10_000) catalog, "
            + "\(found.workRVU.map { "\($0) wRVU" } ?? "unpriced"); give a visit its own work "
            + "RVU instead)", category: .usage)
      }
      if var existing = try CustomCode.owned(by: userId)
        .filter(CustomCode.Columns.hcpcs == code).fetchOne(db)
      {
        existing.description = text
        existing.workRVU = rvu
        try existing.update(db)
        return (existing, false)
      }
      var new = CustomCode(
        userId: userId, hcpcs: code, description: text, workRVU: rvu, createdAt: clock.now())
      try new.insert(db)
      return (new, true)
    }
  }

  /// Deletes one of the user's own codes (visits logged with it keep their values).
  ///
  /// - throws: `TallyError` (not found) when the user has no custom code of that id.
  public func deleteCustomCode(id: Int64, userId: String) throws {
    try writer.write { db in
      guard try CustomCode.owned(by: userId).filter(CustomCode.Columns.id == id).deleteAll(db) > 0
      else {
        throw TallyError.notFound("custom code", String(id), expected: "one of your custom codes")
      }
    }
  }

  /// The user's own code `hcpcs`, if any: what a visit logs when the catalog lacks the code.
  func customCode(_ db: Database, hcpcs: String, userId: String) throws -> CustomCode? {
    try CustomCode.owned(by: userId).filter(CustomCode.Columns.hcpcs == hcpcs).fetchOne(db)
  }
}
