import AnalyticsCore
import Foundation
import Storage
import Testing

@testable import StoreAnalytics
@testable import StorePostgres
@testable import StoreSQLite

/// The PostgreSQL server of the tests, from `scripts/with-postgres`.
enum PostgresTesting {
  static let url = ProcessInfo.processInfo.environment["TALLY_TEST_PG_URL"]

  /// A repository in a schema of its own, so tests running in parallel share the server and
  /// nothing else.
  static func freshRepository() throws -> PostgresStoreRepository {
    try PostgresStoreRepository.open(location(schema: freshSchema()))
  }

  static func freshSchema() -> String {
    "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "")
  }

  static func location(schema: String) throws -> PostgresLocation {
    var location = try PostgresLocation(url: try #require(url))
    location.schema = schema
    return location
  }
}

extension PostgresStoreRepository: RecountingRepository {
  /// Rows as PostgreSQL's text of each record, `(NYC,2026-03-07,2,2000,…)`: the stored
  /// aggregates and their recounts print alike.
  private func text(_ sql: String) throws -> [[String]] {
    try read { session in
      try session.query("SELECT t::text FROM (\(unescaped: sql)) t").map {
        [try $0.decode(String.self)]
      }
    }
  }

  func aggregatesAndRecounts() throws -> [(
    table: String, stored: [[String]], recounted: [[String]]
  )] {
    // `item_month` and `category_month` are SQLite's (store-18, store-19): PostgreSQL sums a
    // window's items and categories from its lines.
    try recountQueries.filter { !["item_month", "category_month"].contains($0.table) }.map {
      table, key, recount in
      (table, try text("SELECT * FROM \(table) ORDER BY \(key)"), try text(recount))
    }
  }

  /// No foreign keys are declared (store-pg-3): this counts what they would refuse.
  func indexDefinitions() throws -> [String] {
    try read { session in
      try session.query(
        """
        SELECT indexname || ': ' || indexdef FROM pg_indexes WHERE schemaname = current_schema()
        UNION ALL
        SELECT conrelid::regclass::text || '.' || conname || ': ' || pg_get_constraintdef(oid)
        FROM pg_constraint WHERE connamespace = current_schema()::regnamespace
        ORDER BY 1
        """
      ).map { try $0.decode(String.self) }
    }
  }

  func danglingReferences() throws -> Int {
    try read { session in
      try session.query(
        """
        SELECT (SELECT COUNT(*) FROM order_line l
                WHERE NOT EXISTS (SELECT 1 FROM store_order o WHERE o.key = l.order_key)
                   OR NOT EXISTS (SELECT 1 FROM menu_item m WHERE m.id = l.menu_item_id))
             + (SELECT COUNT(*) FROM store_order o
                WHERE NOT EXISTS (SELECT 1 FROM shop s WHERE s.id = o.store_id))
        """)[0].decode(Int.self)
    }
  }
}

@Suite("The PostgreSQL backend")
struct PostgresBackendTests {
  @Test(
    "the repository tests ran on PostgreSQL too",
    .enabled(
      if: PostgresTesting.url != nil,
      "TALLY_TEST_PG_URL is unset, so the PostgreSQL cases were skipped: run scripts/with-postgres swift test"
    ))
  func serverReachable() throws {
    let store = ShopAnalytics(repository: try PostgresTesting.freshRepository())
    #expect(try store.stores().isEmpty)
  }

  @Test(
    "a schema written by a newer Tally is refused, naming the unknown migration",
    .enabled(if: PostgresTesting.url != nil, "TALLY_TEST_PG_URL is unset"))
  func newerSchema() throws {
    let location = try PostgresTesting.location(schema: PostgresTesting.freshSchema())
    let repository = try PostgresStoreRepository.open(location)
    _ = try repository.read { session in
      try session.query("INSERT INTO tally_migration (name) VALUES ('store-pg-99-future')")
    }
    let error = try #require(throws: TallyError.self) {
      try PostgresStoreRepository.open(location)
    }
    #expect("\(error)".contains("store-pg-99-future"))
    #expect("\(error)".contains("newer version of Tally"))
  }

  @Test(
    "a schema of store-pg-1 with orders keeps them, gets revision 0 and loses its foreign keys",
    .enabled(if: PostgresTesting.url != nil, "TALLY_TEST_PG_URL is unset"))
  func migratesFromFirstSchema() throws {
    let location = try PostgresTesting.location(schema: PostgresTesting.freshSchema())
    // Written as a Tally of store-pg-1 wrote them: one store, one order of 2 × 1.50, its day.
    try PostgresPool(location).withSession { session in
      try PostgresSchema.migrate(
        session, location: location, upTo: "store-pg-1-orders-and-aggregates")
      try session.execute(
        """
        INSERT INTO shop VALUES ('NYC', 'New York', 'UTC');
        INSERT INTO menu_item VALUES (1, NULL, 'Tea', 'Drinks', NULL, 150);
        INSERT INTO store_order VALUES (1, 'A1', 'NYC', NULL, '2026-03-08 10:00+00', true,
          '2026-03-08', 10, 'completed', 300, 0, 300);
        INSERT INTO order_line VALUES (1, 1, 1, 'Tea', 150, 2, 300, 0);
        INSERT INTO store_day VALUES ('NYC', '2026-03-08', 1, 300, 0, 300, 0)
        """)
    }

    let repository = try PostgresStoreRepository.open(location)
    // Nothing counted the writes before the revision existed: it starts at 0.
    #expect(try repository.revision() == 0)
    let days = try ShopAnalytics(repository: repository).daily(
      storeId: "NYC", limit: 1, asOf: try LocalDate(parsing: "2026-03-08"))
    #expect(days.map(\.totalOrders) == [1])
    #expect(days.map(\.totalRevenue) == [FixedDecimal(hundredths: 300)])
    let foreignKeys = try repository.read { session in
      try session.query(
        """
        SELECT COUNT(*) FROM pg_constraint
        WHERE contype = 'f' AND connamespace = \(location.schema)::regnamespace
        """)[0].decode(Int.self)
    }
    #expect(foreignKeys == 0)
    // store-pg-7: the line is a sale, and its day's sale lines are counted.
    let kinds = try repository.read { session in
      try session.query("SELECT t::text FROM store_day_kind t").map { try $0.decode(String.self) }
    }
    #expect(kinds == ["(NYC,2026-03-08,sale,1,300)"])
  }

  @Test("a URL's password is never shown; a bad URL is refused naming what was expected")
  func urls() throws {
    let location = try PostgresLocation(
      url: "postgres://ann:s3cret@db.example:6543/sales?schema=chain_a")
    #expect(location.password == "s3cret")
    #expect(location.description == "postgres://ann@db.example:6543/sales?schema=chain_a")
    let defaults = try PostgresLocation(
      url: "postgresql://ann@db.example/sales", environment: ["PGPASSWORD": "fromenv"])
    #expect(defaults.port == 5432 && defaults.schema == "tally_store")
    #expect(defaults.password == "fromenv")
    let error = try #require(throws: TallyError.self) {
      try PostgresLocation(url: "postgres://ann:s3cret@db.example")
    }
    #expect(!"\(error)".contains("s3cret"))
    #expect(error.field == "database URL")
  }

  @Test(
    "URL settings, ports, hosts and schemas are checked before any connection",
    arguments: [
      ("postgres://a@h:99587/d", "port \"99587\" is not valid: expected a port from 1 to 65535"),
      ("postgres://a@h:0/d", "port \"0\" is not valid: expected a port from 1 to 65535"),
      (
        "postgres://a@h/d?connect_timeout=2",
        "database URL setting \"connect_timeout\" is not valid"
      ),
      ("postgres://a@h/d?schema=x&schema=y", "database URL setting \"schema\" is not valid"),
      ("postgres://a@h/d?schema=information_schema", "schema \"information_schema\" is not valid"),
      ("postgres://a@h/d?schema=pg_catalog", "schema \"pg_catalog\" is not valid"),
      ("postgres://a@h/d?schema=" + String(repeating: "s", count: 64), "at most 63"),
      ("postgres://a@h/d?sslmode=on", "sslmode \"on\" is not valid: expected one of disable, "),
      ("postgres://a@h/d?sslrootcert=", "sslrootcert \"\" is not valid"),
    ])
  func refusedURLs(url: String, message: String) throws {
    let error = try #require(throws: TallyError.self) { try PostgresLocation(url: url) }
    #expect(error.category == .usage)
    #expect(error.description.contains(message))
  }

  @Test("sslmode is libpq's, prefer by default; an IPv6 host loses its brackets; any case")
  func settings() throws {
    let plain = try PostgresLocation(url: "POSTGRESQL://ann@[::1]:6543/sales")
    #expect(plain.host == "::1" && plain.port == 6543 && plain.tlsMode == .prefer)
    #expect(plain.description == "postgres://ann@[::1]:6543/sales")
    let verified = try PostgresLocation(
      url: "postgres://ann@db.example/sales?sslmode=verify-full&sslrootcert=/etc/ca.pem")
    #expect(verified.tlsMode == .verifyFull && verified.rootCertificate == "/etc/ca.pem")
    #expect(
      verified.description
        == "postgres://ann@db.example:5432/sales?sslmode=verify-full&sslrootcert=/etc/ca.pem")
    #expect(StoreLocation.isPostgresURL("Postgres://ann@h/d"))
    #expect(!StoreLocation.isPostgresURL("postgres.db"))
  }

  @Test("~/.pgpass lines match host, port, database and user, * matching anything")
  func pgpass() throws {
    let home = FileManager.default.temporaryDirectory.appendingPathComponent(UUID().uuidString)
    try FileManager.default.createDirectory(at: home, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: home) }
    try """
    # comment
    other:5432:sales:ann:wrong
    db.example:*:sales:ann:right
    """.write(to: home.appendingPathComponent(".pgpass"), atomically: true, encoding: .utf8)
    let location = try PostgresLocation(
      url: "postgres://ann@db.example/sales", environment: ["HOME": home.path])
    #expect(location.password == "right")
  }
}
