import AnalyticsCore
import Foundation
import GRDB
import Storage

/// The server's own small database: who may sign in (users), which stores they may read
/// (grants) and which POS systems may write orders (POS keys). Domain data stays in the domains'
/// databases, so `rvu-cli` and the server share visits, and a server database can be thrown away
/// without losing any.
///
/// The connection stays inside (GRDB's `AppDatabase` pattern); callers get values.
public struct ServerDatabase: Sendable {
  private let writer: any DatabaseWriter
  /// When "now" is: the wall clock, or a fixed instant in tests.
  let clock: TallyClock

  /// Opens (creating and migrating) the database at `location`.
  public static func open(
    _ location: DatabaseLocation, clock: TallyClock = .system
  ) throws -> ServerDatabase {
    ServerDatabase(
      writer: try DatabaseOpener.open(location, migrator: migrator), clock: clock)
  }

  /// The short name of the server's database file (`server.sqlite`), beside the CLIs' ones.
  public static let appName = "server"

  /// Append-only: a landed migration is never edited; changes are new named migrations.
  static var migrator: DatabaseMigrator {
    var migrator = DatabaseMigrator()
    migrator.registerMigration("server-v1 users, grants, POS keys") { db in
      try db.create(table: "user") { table in
        table.primaryKey("id", .text)
        table.column("email", .text).notNull()
        table.column("name", .text)
        table.column("picture", .text)
        table.column("created_at", .integer).notNull()
        table.column("updated_at", .integer).notNull()
      }
      try db.create(table: "store_grant") { table in
        table.column("user_id", .text).notNull()
        table.column("store_id", .text).notNull()
        table.column("role", .text).notNull()
        table.primaryKey(["user_id", "store_id"])
      }
      try db.create(table: "pos_key") { table in
        table.autoIncrementedPrimaryKey("id")
        table.column("store_id", .text).notNull().indexed()
        table.column("key_hash", .text).notNull().unique()
        table.column("created_at", .integer).notNull()
      }
    }
    migrator.registerMigration("server-v2 POS key hints") { db in
      // The key's last characters, so that a list can tell keys apart without keeping them.
      try db.alter(table: "pos_key") { table in
        table.add(column: "key_hint", .text).notNull().defaults(to: "")
      }
    }
    migrator.registerMigration("server-v3 deleted users") { db in
      // A deleted account's sessions end with it (DELETE /api/user): a token issued up to the
      // deletion is refused, one from a later sign-in is not.
      try db.create(table: "deleted_user") { table in
        table.primaryKey("id", .text)
        table.column("deleted_at", .integer).notNull()
      }
    }
    return migrator
  }

  // MARK: Users

  /// Adds the user or refreshes their email, name and picture (a Google sign-in). With
  /// `keepingName`, a `nil` name keeps the one stored: Apple sends the name only at the first
  /// sign-in.
  @discardableResult
  public func upsertUser(
    id: String, email: String, name: String?, picture: String?, keepingName: Bool = false
  ) throws -> ServerUser {
    let now = clock.now()
    return try writer.write { db in
      var user =
        try ServerUser.fetchOne(db, key: id)
        ?? ServerUser(id: id, email: email, createdAt: now, updatedAt: now)
      user.email = email
      if name != nil || !keepingName { user.name = name }
      user.picture = picture
      user.updatedAt = now
      try user.save(db)
      return user
    }
  }

  public func user(id: String) throws -> ServerUser? {
    try writer.read { db in try ServerUser.fetchOne(db, key: id) }
  }

  /// Deletes the user's sign-in record and store grants and notes the instant, so that every
  /// session issued until then is refused (`deletedAt(userId:)`). Returns the rows deleted.
  @discardableResult
  public func deleteUser(id: String) throws -> Int {
    let now = clock.now()
    return try writer.write { db in
      let users = try ServerUser.deleteOne(db, key: id) ? 1 : 0
      let grants = try StoreGrant.filter(StoreGrant.Columns.userId == id).deleteAll(db)
      try db.execute(
        sql: """
          INSERT INTO deleted_user (id, deleted_at) VALUES (?, ?)
          ON CONFLICT (id) DO UPDATE SET deleted_at = excluded.deleted_at
          """, arguments: [id, now.millisecondsSinceEpoch])
      return users + grants
    }
  }

  /// Whether the database answers a read (`/readyz`).
  public func answers() throws {
    try writer.read { db in _ = try Int.fetchOne(db, sql: "SELECT 1") }
  }

  /// When the user's account was last deleted, if ever: sessions issued until then are void.
  public func deletedAt(userId: String) throws -> Instant? {
    try writer.read { db in
      try Int64.fetchOne(
        try db.cachedStatement(sql: "SELECT deleted_at FROM deleted_user WHERE id = ?"),
        arguments: [userId]
      ).map(Instant.init(millisecondsSinceEpoch:))
    }
  }

  // MARK: Grants

  /// Lets a user read a store (`role` is kept for owners and viewers alike; both may read).
  public func grant(userId: String, storeId: String, role: StoreRole) throws {
    try writer.write { db in
      try StoreGrant(userId: userId, storeId: storeId, role: role).save(db)
    }
  }

  /// Takes a store away from a user.
  ///
  /// - throws: `TallyError` (`.notFound`) when the user had no grant on that store.
  public func revoke(userId: String, storeId: String) throws {
    try writer.write { db in
      let deleted = try StoreGrant.filter(
        StoreGrant.Columns.userId == userId && StoreGrant.Columns.storeId == storeId
      ).deleteAll(db)
      guard deleted > 0 else {
        throw TallyError.notFound(
          "grant", "\(userId) on \(storeId)", expected: "a store the user was granted")
      }
    }
  }

  /// The stores a user may read.
  public func grantedStores(userId: String) throws -> Set<String> {
    // A cached statement: asked on every store request (query interface: 7% of the server's
    // CPU answering `get_store_metrics`, perf).
    try writer.read { db in
      Set(
        try String.fetchAll(
          try db.cachedStatement(sql: "SELECT store_id FROM store_grant WHERE user_id = ?"),
          arguments: [userId]))
    }
  }

  // MARK: POS keys

  /// Makes a new key for a store's POS and keeps only its hash: the key is shown once, with the
  /// id that lists and revocations name it by.
  public func createPOSKey(storeId: String) throws -> (key: String, id: Int64) {
    let key = POSKey.generate()
    let id = try writer.write { db in
      var record = POSKey(
        id: nil, storeId: storeId, keyHash: POSKey.hash(key), keyHint: POSKey.hint(of: key),
        createdAt: clock.now())
      try record.insert(db)
      return record.id!
    }
    return (key, id)
  }

  /// The POS keys, of one store or all, oldest first: what `pos-key list` shows.
  public func posKeys(storeId: String? = nil) throws -> [POSKeySummary] {
    try writer.read { db in
      var request = POSKey.order(POSKey.Columns.id)
      if let storeId { request = request.filter(POSKey.Columns.storeId == storeId) }
      return try request.fetchAll(db).map {
        POSKeySummary(id: $0.id!, storeId: $0.storeId, hint: $0.keyHint, createdAt: $0.createdAt)
      }
    }
  }

  /// Deletes a POS key: the next order sent with it is refused (401). Keys are read on every
  /// request, so a running server stops taking it at once.
  ///
  /// - throws: `TallyError` (`.notFound`) for an unknown id.
  public func revokePOSKey(id: Int64) throws {
    try writer.write { db in
      guard try POSKey.deleteOne(db, key: id) else {
        let known = try Int64.fetchAll(db, sql: "SELECT id FROM pos_key ORDER BY id")
        throw TallyError.notFound(
          "POS key", String(id),
          expected: known.isEmpty
            ? "a key (there are none)" : "one of " + known.map(String.init).joined(separator: ", "))
      }
    }
  }

  /// The store a POS key writes to, or `nil` for an unknown key.
  public func store(ofPOSKey key: String) throws -> String? {
    let hash = POSKey.hash(key)
    return try writer.read { db in
      try POSKey.filter(POSKey.Columns.keyHash == hash).fetchOne(db)?.storeId
    }
  }
}
