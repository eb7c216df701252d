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

/// A bulk insert (or upsert) that writes many rows per statement run.
///
/// SQLite pays a fixed cost every time a statement runs — starting the program, opening a cursor
/// on the table and on each index — which is as large as the insert itself for a narrow row.
/// Binding 64 rows into one multi-row `INSERT … VALUES (…), (…), …` pays it once per 64 rows:
/// measured here, 1,000,000 orders went in 2.9 s instead of 5.8 s. Values are appended row by row,
/// in column order; a full batch is written at once, and `flush()` writes what is left. Use it
/// inside a GRDB write transaction.
///
/// Its statements are `INSERT OR FAIL`. With the default conflict action (`ABORT`) a statement
/// that changes several rows must be undoable on its own, so SQLite first copies every page it is
/// about to change into a statement journal, a temporary file; rows with random keys (a unique
/// index on customer ids) touch a page each. `FAIL` stops at the bad row and keeps the
/// statement's earlier rows, which the enclosing transaction's rollback removes with everything
/// else, so no copy is needed: 200,000 customers went in 0.8 s instead of 16.6 s (python's sqlite3, same library).
public struct BatchInsert {
  /// One value of a row.
  public enum Value: Sendable {
    /// An integer.
    case integer(Int64)
    /// A floating-point number.
    case real(Double)
    /// Text.
    case text(String)
    /// NULL.
    case null
  }

  private let db: Database
  private let insert: String
  private let upsert: String
  private let columns: Int
  private let rowsPerStatement: Int
  /// The statement of a full batch, prepared when the first is written: most batches of a POS
  /// order's transaction are one short batch, and making the full statement's text to look it
  /// up cost more than writing the rows.
  private var full: BulkStatement?
  private var pending: [Value] = []
  /// The UTF-8 bytes of a batch's texts, one after another (see `write`).
  private var texts: [UInt8] = []

  /// A batch insert into `table`; its statements are prepared as rows come.
  ///
  /// - Parameters:
  ///   - table: the table written to.
  ///   - columns: its columns, in the order each row's values are appended.
  ///   - upsert: what follows the values, if anything: `ON CONFLICT (a) DO UPDATE SET …`. Rows of
  ///     one batch that conflict with each other are applied in order, as separate inserts are.
  ///   - rowsPerStatement: rows per statement run, capped so a statement binds at most 999 values
  ///     (the lowest limit SQLite builds have).
  public init(
    _ db: Database, into table: String, columns: [String], upsert: String = "",
    rowsPerStatement: Int = 64
  ) throws {
    precondition(!columns.isEmpty && rowsPerStatement > 0)
    self.db = db
    self.insert = "INSERT OR FAIL INTO \(table) (\(columns.joined(separator: ", ")))"
    self.upsert = upsert
    let columns = columns.count
    self.columns = columns
    self.rowsPerStatement = min(rowsPerStatement, max(1, 999 / columns))
    pending.reserveCapacity(columns * self.rowsPerStatement)
  }

  /// Appends the next value of the current row; writes the batch when it is full.
  public mutating func append(_ value: Value) throws {
    pending.append(value)
    if pending.count == columns * rowsPerStatement { try write(fullStatement()) }
  }

  /// Appends whole rows: full batches are bound straight from `values`.
  public mutating func append(contentsOf values: [Value]) throws {
    let batch = columns * rowsPerStatement
    var start = values.startIndex
    if !pending.isEmpty {
      let end = min(values.endIndex, start + batch - pending.count)
      pending += values[start..<end]
      start = end
      if pending.count == batch { try write(fullStatement()) }
    }
    while values.endIndex - start >= batch {
      try write(fullStatement(), values[start..<start + batch])
      start += batch
    }
    pending += values[start...]
  }

  /// Appends an integer.
  public mutating func append(_ value: Int64) throws { try append(.integer(value)) }

  /// Appends an integer, or NULL.
  public mutating func append(_ value: Int64?) throws {
    try append(value.map { .integer($0) } ?? .null)
  }

  /// Appends a number.
  public mutating func append(_ value: Double) throws { try append(.real(value)) }

  /// Appends text, or NULL.
  public mutating func append(_ value: String?) throws {
    try append(value.map { .text($0) } ?? .null)
  }

  /// Writes the rows appended since the last full batch.
  public mutating func flush() throws {
    precondition(pending.count % columns == 0, "a row is incomplete")
    guard !pending.isEmpty else { return }
    try write(
      BulkStatement(
        db, sql: Self.sql(insert, columns: columns, rows: pending.count / columns, upsert: upsert)
      ))
  }

  private mutating func fullStatement() throws -> BulkStatement {
    if let full { return full }
    let made = try BulkStatement(
      db, sql: Self.sql(insert, columns: columns, rows: rowsPerStatement, upsert: upsert))
    full = made
    return made
  }

  private mutating func write(_ statement: BulkStatement) throws {
    try write(statement, pending[...])
    pending.removeAll(keepingCapacity: true)
  }

  /// Binds `values` and runs `statement` once.
  ///
  /// The batch's texts are first copied one after another into one buffer, kept from batch to
  /// batch, and bound where they lie: bound the usual way, SQLite made its own copy of every text
  /// (an allocation and a free per value, under its memory mutex) — 12% of the writing thread of a
  /// store import (perf).
  private mutating func write(_ statement: BulkStatement, _ values: ArraySlice<Value>) throws {
    texts.removeAll(keepingCapacity: true)
    for case .text(let text) in values { texts.append(contentsOf: text.utf8) }
    try texts.withUnsafeBufferPointer { buffer in
      var start = 0
      for (offset, value) in values.enumerated() {
        let index = Int32(offset + 1)
        switch value {
        case .integer(let integer): try statement.bind(index, integer)
        case .real(let real): try statement.bind(index, real)
        case .text(let text):
          let count = text.utf8.count
          if let base = buffer.baseAddress, count > 0 {
            try statement.bindInPlace(index, base + start, count: count)
          } else {
            try statement.bind(index, "")
          }
          start += count
        case .null: try statement.bindNull(index)
        }
      }
      defer { try? statement.clearBindings() }
      try statement.step()
    }
  }

  private static func sql(_ insert: String, columns: Int, rows: Int, upsert: String) -> String {
    let row = "(" + Array(repeating: "?", count: columns).joined(separator: ", ") + ")"
    return insert + " VALUES " + Array(repeating: row, count: rows).joined(separator: ", ") + " "
      + upsert
  }
}
