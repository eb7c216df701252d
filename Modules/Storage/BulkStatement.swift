import GRDB
import GRDBSQLite

/// A prepared insert whose values are bound through SQLite's C API, for bulk imports of millions
/// of rows, where boxing each row's values into GRDB's `StatementArguments` costs more than the
/// insert itself. Use it inside a GRDB write transaction; every result code is checked and turned
/// into a `DatabaseError`.
public struct BulkStatement {
  private let db: Database
  private let handle: SQLiteStatement

  /// Prepares (or reuses) the statement for `sql` on `db`.
  public init(_ db: Database, sql: String) throws {
    self.db = db
    handle = try db.cachedStatement(sql: sql).sqliteStatement
  }

  /// Binds an integer to the 1-based parameter `index`.
  public func bind(_ index: Int32, _ value: Int64) throws {
    try check(sqlite3_bind_int64(handle, index, value))
  }

  /// Binds an integer, or NULL.
  public func bind(_ index: Int32, _ value: Int64?) throws {
    guard let value else { return try bindNull(index) }
    try bind(index, value)
  }

  /// Binds NULL.
  public func bindNull(_ index: Int32) throws {
    try check(sqlite3_bind_null(handle, index))
  }

  /// Binds a number, or NULL.
  public func bind(_ index: Int32, _ value: Double?) throws {
    try check(
      value.map { sqlite3_bind_double(handle, index, $0) } ?? sqlite3_bind_null(handle, index))
  }

  /// Binds text (copied by SQLite), or NULL.
  public func bind(_ index: Int32, _ value: String?) throws {
    guard var value else { return try check(sqlite3_bind_null(handle, index)) }
    try check(Self.bindText(handle, index, &value))
  }

  /// Binds `count` bytes of UTF-8 text at `bytes` without copying them: SQLite reads them when
  /// the statement runs, so they must stay where they are until `step()` returns; call
  /// `clearBindings()` before they move.
  public func bindInPlace(_ index: Int32, _ bytes: UnsafePointer<UInt8>, count: Int) throws {
    try check(
      sqlite3_bind_text(
        handle, index, UnsafeRawPointer(bytes).assumingMemoryBound(to: CChar.self), Int32(count),
        nil))
  }

  /// Unbinds every parameter (they become NULL), so none points at memory that is gone.
  public func clearBindings() throws {
    try check(sqlite3_clear_bindings(handle))
  }

  /// Runs the statement with the bound values and resets it for the next row.
  public func step() throws {
    try check(sqlite3_step(handle))
    try check(sqlite3_reset(handle))
  }

  private func check(_ code: Int32) throws {
    guard code == SQLITE_OK || code == SQLITE_DONE else {
      throw DatabaseError(
        resultCode: ResultCode(rawValue: code),
        message: String(cString: sqlite3_errmsg(db.sqliteConnection)))
    }
  }

  /// Binds `text` by its UTF-8 bytes and length, which SQLite copies: no NUL-terminated copy of
  /// a short string is made first, as passing a `String` as a C string would.
  static func bindText(_ handle: SQLiteStatement, _ index: Int32, _ text: inout String) -> Int32 {
    text.withUTF8 { bytes in
      // An empty buffer may have no address, which SQLite would take for NULL.
      guard let address = bytes.baseAddress, !bytes.isEmpty else {
        return sqlite3_bind_text(handle, index, "", 0, transient)
      }
      return sqlite3_bind_text(
        handle, index, UnsafeRawPointer(address).assumingMemoryBound(to: CChar.self),
        Int32(bytes.count), transient)
    }
  }

  /// SQLite's "copy the bytes now" destructor for bound text.
  static let transient = unsafeBitCast(-1, to: sqlite3_destructor_type.self)
}
