import AnalyticsCore
import Crypto
import Foundation
import GRDB
import Storage

/// A store's POS key (table `pos_key`), kept as its SHA-256 only: a stolen database gives no
/// key, and the key itself has 256 random bits, so an unsalted hash cannot be guessed back.
struct POSKey: Sendable, Equatable, FetchableRecord, MutablePersistableRecord {
  static let databaseTableName = "pos_key"
  var id: Int64?
  var storeId: String
  var keyHash: String
  /// `hint(of:)` of the key; empty for keys made before hints were kept.
  var keyHint: String
  var createdAt: Instant

  enum Columns {
    static let id = Column("id")
    static let storeId = Column("store_id")
    static let keyHash = Column("key_hash")
    static let keyHint = Column("key_hint")
    static let createdAt = Column("created_at")
  }

  init(id: Int64? = nil, storeId: String, keyHash: String, keyHint: String, createdAt: Instant) {
    self.id = id
    self.storeId = storeId
    self.keyHash = keyHash
    self.keyHint = keyHint
    self.createdAt = createdAt
  }

  init(row: Row) throws {
    id = row[Columns.id]
    storeId = row[Columns.storeId]
    keyHash = row[Columns.keyHash]
    keyHint = row[Columns.keyHint]
    createdAt = row[Columns.createdAt]
  }

  func encode(to container: inout PersistenceContainer) throws {
    container[Columns.id] = id
    container[Columns.storeId] = storeId
    container[Columns.keyHash] = keyHash
    container[Columns.keyHint] = keyHint
    container[Columns.createdAt] = createdAt
  }

  /// The prefix and the last 4 of the key's 64 hex digits (`tpos_…1a2b`): enough to tell a
  /// store's keys apart, 16 bits of 256, so nothing towards guessing one.
  static func hint(of key: String) -> String { prefix + "…" + key.suffix(4) }

  mutating func didInsert(_ inserted: InsertionSuccess) { id = inserted.rowID }

  /// Random bytes in a key: 256 bits, as much as the hash keeps.
  static let keyBytes = 32
  /// Keys say what they are, so one pasted in the wrong place is recognised.
  static let prefix = "tpos_"

  /// A new key: the prefix and 32 random bytes in hex.
  static func generate() -> String {
    var generator = SystemRandomNumberGenerator()
    let bytes = (0..<keyBytes).map { _ in UInt8.random(in: .min ... .max, using: &generator) }
    return prefix + hex(bytes)
  }

  static func hash(_ key: String) -> String { hex(Array(SHA256.hash(data: Data(key.utf8)))) }

  private static func hex(_ bytes: [UInt8]) -> String {
    bytes.map { String(format: "%02x", $0) }.joined()
  }
}

/// A POS key as a list shows it: never the key, which only its holder has.
public struct POSKeySummary: Sendable, Equatable {
  public var id: Int64
  public var storeId: String
  /// The key's prefix and last characters (`tpos_…1a2b`), empty for a key made before hints.
  public var hint: String
  public var createdAt: Instant
}
