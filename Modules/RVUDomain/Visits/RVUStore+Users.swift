import AnalyticsCore
import GRDB

/// What deleting a user's data took away, for the summary.
public struct UserDeletion: Sendable, Equatable {
  public var visits = 0
  public var procedures = 0
  public var favorites = 0
  public var customCodes = 0
  public var templates = 0
  public var timeOff = 0
  /// 1 when the user had settings (a goal, a rate), else 0.
  public var settings = 0

  public init() {}
}

extension RVUStore {
  /// Deletes every row of `userId`: visits and their procedures, favorites, settings, custom
  /// codes, templates, and the per-day sums kept of them, in one transaction. The App Store requires in-app account
  /// deletion (`DELETE /api/user`, issue 31); the CLI deletes the same way. A user with
  /// no data deletes nothing and is no error, as the RVU backend answers.
  public func deleteUser(_ userId: String) throws -> UserDeletion {
    try writer.write { db in
      var deletion = UserDeletion()
      func delete(_ table: String) throws -> Int {
        try db.execute(sql: "DELETE FROM \(table) WHERE user_id = ?", arguments: [userId])
        return db.changesCount
      }
      deletion.procedures = try delete("procedure")
      deletion.visits = try delete("visit")
      deletion.favorites = try delete("favorite")
      deletion.settings = try delete("rvu_setting")
      deletion.customCodes = try delete("custom_code")
      // Their items go with them (ON DELETE CASCADE).
      deletion.templates = try delete("template")
      deletion.timeOff = try delete("time_off")
      _ = try delete("visit_day")
      _ = try delete("procedure_day")
      return deletion
    }
  }
}
