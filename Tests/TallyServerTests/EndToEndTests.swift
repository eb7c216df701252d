import AnalyticsCore
import Foundation
import StoreAnalytics
import StoreSQLite
import Testing

@testable import TallyServer

#if canImport(FoundationNetworking)
  import FoundationNetworking
#endif

/// The real binary on a free loopback port, driven over HTTP: Google sign-in with a test JWKS,
/// visits, favorites, analytics, search, the store RPCs and views, POS ingestion then metrics
/// that reflect it; then SIGTERM.
@Suite(.serialized) struct EndToEndTests {
  /// The built `tally-server` beside the test bundle.
  static let binary: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.path != "/" {
      url.deleteLastPathComponent()
      let candidate = url.appendingPathComponent("tally-server")
      if FileManager.default.isExecutableFile(atPath: candidate.path) { return candidate }
    }
    return URL(fileURLWithPath: ".build/debug/tally-server")
  }()

  @Test func bothContractsOverLoopback() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-server-e2e-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    func path(_ name: String) -> String { folder.appendingPathComponent(name).path }
    try Data(String(repeating: "e2e-secret-", count: 4).utf8).write(
      to: URL(fileURLWithPath: path("secret")))
    let google = try GoogleKey()
    try Data(google.jwks.utf8).write(to: URL(fileURLWithPath: path("jwks.json")))
    _ = try StoreBackends.sqlite.open(.sqlite(.file(path("store.sqlite"))), environment: [:])
      .addStore(
        id: "1", name: "One", zone: .utc)
    let serverDB = try ServerDatabase.open(.file(path("server.sqlite")))
    try serverDB.grant(userId: "google-user-1", storeId: "1", role: .owner)
    let posKey = try serverDB.createPOSKey(storeId: "1").key

    let process = Process()
    process.executableURL = Self.binary
    process.arguments = [
      "serve", "--host", "127.0.0.1", "--port", "0", "--secret-file", path("secret"),
      "--google-client-id", TestServer.iosClient, "--google-jwks", path("jwks.json"),
      "--rvu-db", path("rvu.sqlite"), "--store-db", path("store.sqlite"),
      "--server-db", path("server.sqlite"),
    ]
    let errors = Pipe()
    process.standardError = errors
    process.standardOutput = Pipe()
    try process.run()
    defer { if process.isRunning { process.terminate() } }
    let log = LogReader(errors.fileHandleForReading)
    let line = try #require(log.waitFor("listening on "), "\(log.text)")
    let port = try #require(line.split(separator: ":").last.flatMap { Int($0) })
    let http = HTTP(base: "http://127.0.0.1:\(port)")

    // RVU API.
    let idToken = try await google.idToken()
    let signIn = try await http.send(
      "POST", "/api/auth/mobile/google", json: #"{"idToken":"\#(idToken)"}"#)
    #expect(signIn.status == 200)
    let token = try #require(try JSON(signIn.body)["sessionToken"]?.string)
    let visit = try await http.send(
      "POST", "/api/visits", token: token,
      json: #"{"date":"2026-02-08","procedures":[{"hcpcs":"99214","quantity":1}]}"#)
    #expect(visit.status == 201, "\(visit.body)")
    #expect(try JSON(try await http.send("GET", "/api/visits", token: token).body).array.count == 1)
    #expect(
      try await http.send("POST", "/api/favorites", token: token, json: #"{"hcpcs":"99213"}"#)
        .status == 201)
    #expect(
      try await http.send("POST", "/api/favorites", token: token, json: #"{"hcpcs":"99214"}"#)
        .status == 201)
    let reorder = try await http.send(
      "PATCH", "/api/favorites", token: token,
      json: #"{"favorites":[{"hcpcs":"99214"},{"hcpcs":"99213"}]}"#)
    #expect(reorder.body == #"{"success":true}"#)
    let favorites = try JSON(try await http.send("GET", "/api/favorites", token: token).body)
    #expect(favorites.array.map { $0["hcpcs"] } == [.string("99214"), .string("99213")])
    let analytics = try await http.send(
      "GET", "/api/analytics?start=2026-02-01&end=2026-02-08&period=daily", token: token)
    // 99214 × 1 = 1.92 on the 8th.
    #expect(
      analytics.body
        == #"[{"period_start":"2026-02-08","total_work_rvu":1.92,"total_encounters":1,"total_no_shows":0}]"#
    )
    let search = try await http.send("GET", "/api/rvu/search?q=office", token: token)
    #expect(search.status == 200)
    #expect(!(try JSON(search.body).array.isEmpty))

    // Store API: nothing yet, then a POS order, then metrics and views reflect it.
    let rpc = #"{"p_store_id":1,"p_date_range":"today"}"#
    let before = try await http.send(
      "POST", "/rest/v1/rpc/get_store_metrics", token: token, json: rpc)
    #expect(try JSON(before.body)[0]?["total_orders"] == .number(0))
    let placed = TestServer.now.adding(seconds: -60).description
    let order = try await http.send(
      "POST", "/api/stores/1/orders", token: posKey,
      json:
        #"{"order_id":"E1","placed_at":"\#(placed)","lines":[{"item_name":"Club","category":"Sandwiches","quantity":3,"unit_price":4.50}]}"#
    )
    #expect(order.status == 200, "\(order.body)")
    let after = try JSON(
      try await http.send("POST", "/rest/v1/rpc/get_store_metrics", token: token, json: rpc).body)
    // 3 × 4.50 = 13.50.
    #expect(after[0]?["total_revenue"] == .number(13.5))
    #expect(after[0]?["total_orders"] == .number(1))
    let chart = try await http.send(
      "POST", "/rest/v1/rpc/get_revenue_chart_data", token: token, json: rpc)
    #expect(try JSON(chart.body).array.count == 24)
    let popular = try await http.send(
      "GET", "/rest/v1/analytics_popular_items?select=*&store_id=eq.1&limit=5", token: token)
    #expect(try JSON(popular.body)[0]?["item_name"] == .string("Club"))
    for view in [
      "analytics_daily_stats", "analytics_hourly_today", "analytics_time_distribution",
      "analytics_category_distribution",
    ] {
      let rows = try await http.send("GET", "/rest/v1/\(view)?select=*", token: token)
      #expect(rows.status == 200, "\(view)")
      #expect(!(try JSON(rows.body).array.isEmpty), "\(view)")
    }

    // SIGTERM: a clean stop; the log named routes and users, never a token or key.
    process.terminate()
    process.waitUntilExit()
    #expect(process.terminationStatus == 0)
    let text = log.rest()
    #expect(text.contains("route=/api/visits"))
    #expect(text.contains("user=google-user-1"))
    #expect(!text.contains(token))
    #expect(!text.contains(posKey))
    #expect(!text.contains(idToken))
  }
}

/// Reads a process's standard error as it comes.
final class LogReader: @unchecked Sendable {
  // @unchecked: `text` is only touched while holding `lock`.
  private let handle: FileHandle
  private let lock = NSLock()
  private var buffer = ""

  init(_ handle: FileHandle) { self.handle = handle }

  var text: String {
    lock.lock()
    defer { lock.unlock() }
    return buffer
  }

  /// The first line containing `marker`, reading until it comes or the output ends.
  func waitFor(_ marker: String) -> String? {
    while true {
      if let line = text.split(separator: "\n").first(where: { $0.contains(marker) }) {
        return String(line)
      }
      let data = handle.availableData
      if data.isEmpty { return nil }
      lock.lock()
      buffer += String(decoding: data, as: UTF8.self)
      lock.unlock()
    }
  }

  /// Everything, reading to the end (the process has exited).
  func rest() -> String {
    let data = handle.readDataToEndOfFile()
    lock.lock()
    defer { lock.unlock() }
    buffer += String(decoding: data, as: UTF8.self)
    return buffer
  }
}

/// A small URLSession client.
struct HTTP {
  let base: String

  func send(_ method: String, _ path: String, token: String? = nil, json: String? = nil)
    async throws -> (status: Int, body: String)
  {
    var request = URLRequest(url: URL(string: base + path)!)
    request.httpMethod = method
    if let token { request.setValue("Bearer \(token)", forHTTPHeaderField: "Authorization") }
    if let json {
      request.setValue("application/json", forHTTPHeaderField: "Content-Type")
      request.httpBody = Data(json.utf8)
    }
    let (data, response) = try await URLSession.shared.data(for: request)
    return ((response as? HTTPURLResponse)?.statusCode ?? 0, String(decoding: data, as: UTF8.self))
  }
}
