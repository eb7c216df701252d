import Foundation
import GRDB
import Storage
import Testing

@Suite("Batch inserts")
struct BatchInsertTests {
  private func table() throws -> DatabaseQueue {
    let queue = try DatabaseQueue()
    try queue.write { db in
      try db.execute(sql: "CREATE TABLE t (k INTEGER PRIMARY KEY, n INTEGER, r REAL, s TEXT)")
    }
    return queue
  }

  @Test(
    "every row is written, whether batches are full or not",
    arguments: [(0, 4), (1, 4), (3, 4), (4, 4), (5, 4), (9, 4), (130, 64), (1, 1)])
  func rows(count: Int, perStatement: Int) throws {
    let queue = try table()
    try queue.write { db in
      var batch = try BatchInsert(
        db, into: "t", columns: ["k", "n", "r", "s"], rowsPerStatement: perStatement)
      for row in 0..<count {
        try batch.append(Int64(row))
        try batch.append(row % 3 == 0 ? nil : Int64(row * 10))
        try batch.append(Double(row) / 4)
        try batch.append(row % 2 == 0 ? "row \(row)" : nil)
      }
      try batch.flush()
    }
    let rows = try queue.read { db in try Row.fetchAll(db, sql: "SELECT * FROM t ORDER BY k") }
    #expect(rows.count == count)
    for (row, stored) in rows.enumerated() {
      #expect(stored["k"] == Int64(row))
      #expect(stored["n"] == (row % 3 == 0 ? nil : Int64(row * 10)))
      #expect(stored["r"] == Double(row) / 4)
      #expect(stored["s"] == (row % 2 == 0 ? "row \(row)" : nil))
    }
  }

  @Test("whole rows from arrays mix with single values across batch edges")
  func contentsOf() throws {
    let queue = try table()
    try queue.write { db in
      var batch = try BatchInsert(db, into: "t", columns: ["k", "s"], rowsPerStatement: 3)
      try batch.append(Int64(1))
      try batch.append("one")
      // Fills the pending batch, writes one full batch from the array, keeps two rows.
      try batch.append(contentsOf: (2...7).flatMap { [.integer(Int64($0)), .text("n\($0)")] })
      try batch.append(contentsOf: [])
      try batch.flush()
    }
    #expect(
      try queue.read { db in try String.fetchAll(db, sql: "SELECT s FROM t ORDER BY k") }
        == ["one", "n2", "n3", "n4", "n5", "n6", "n7"])
  }

  @Test("text: empty is not NULL; long, non-ASCII and NUL-free bytes survive")
  func text() throws {
    let queue = try table()
    let values = ["", "é", "日本語のテキスト", String(repeating: "x", count: 5000), "a\"b'c"]
    try queue.write { db in
      var batch = try BatchInsert(db, into: "t", columns: ["k", "s"])
      for (key, value) in values.enumerated() {
        try batch.append(Int64(key))
        try batch.append(value)
      }
      try batch.flush()
    }
    let stored = try queue.read { db in
      try Row.fetchAll(db, sql: "SELECT s, s IS NULL FROM t ORDER BY k")
    }
    #expect(stored.map { $0[0] as String } == values)
    #expect(stored.map { $0[1] as Bool }.allSatisfy { !$0 })
  }

  @Test("texts bound in place: each row keeps its own text across full batches")
  func textsInFullBatches() throws {
    let queue = try table()
    // Empty texts between others (no bytes of their own), a bridged Foundation string and
    // multi-byte ones: each is bound at its own offset of the batch's buffer.
    let values = [
      "", "é", "", "日本", String(NSString(string: "bridged")), "", "z",
      String(repeating: "ü", count: 300),
    ]
    try queue.write { db in
      var batch = try BatchInsert(db, into: "t", columns: ["k", "s"], rowsPerStatement: 3)
      try batch.append(
        contentsOf: values.enumerated().flatMap { [.integer(Int64($0.offset)), .text($0.element)] })
      try batch.flush()
    }
    #expect(
      try queue.read { db in try String.fetchAll(db, sql: "SELECT s FROM t ORDER BY k") } == values)
  }

  @Test("an upsert applies rows of one batch that conflict in order")
  func upsert() throws {
    let queue = try table()
    try queue.write { db in
      var batch = try BatchInsert(
        db, into: "t", columns: ["k", "n"],
        upsert: "ON CONFLICT (k) DO UPDATE SET n = n + excluded.n")
      for (key, amount) in [(1, 5), (2, 1), (1, -2), (1, 10), (2, 1)] {
        try batch.append(Int64(key))
        try batch.append(Int64(amount))
      }
      try batch.flush()
    }
    #expect(
      try queue.read { db in try Int.fetchAll(db, sql: "SELECT n FROM t ORDER BY k") } == [13, 2])
  }
}
