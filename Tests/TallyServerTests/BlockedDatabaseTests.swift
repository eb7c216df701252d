import AnalyticsCore
import Foundation
import GRDB
import Hummingbird
import HummingbirdTesting
import RVUDomain
import Testing

@testable import TallyServer

/// Issue 32: while another process held the RVU database's write lock, four `POST /api/visits`
/// waiting on it stalled the whole server (`/healthz` timed out at 5 s): synchronous database
/// work ran on Swift's cooperative pool, one thread per core.
@Suite struct BlockedDatabaseTests {
  @Test func writersWaitingOnALockStallOnlyThemselves() async throws {
    let folder = FileManager.default.temporaryDirectory
      .appendingPathComponent("tally-blocked-\(UUID().uuidString)")
    try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(at: folder) }
    let path = folder.appendingPathComponent("rvu.sqlite").path
    let clock = TallyClock(
      now: { Instant(Date()) }, today: { _ in try! LocalDate(parsing: "2026-02-10") })
    let server = try await TestServer(rvu: try RVUStore.open(.file(path), clock: clock))
    let token = try await server.token("u1")

    _ = try server.api.shops.addStore(id: "1", name: "Downtown", zone: .utc)
    try server.api.server.grant(userId: "u1", storeId: "1", role: .owner)

    try await server.test { client in
      // rvu-cli's part: another connection takes the write lock and keeps it until the test lets
      // go (at most two minutes), on a thread of its own.
      let holder = try DatabaseQueue(path: path)
      let held = LockedValue(false)
      let release = LockedValue(false)
      defer { release.withLock { $0 = true } }
      Thread {
        try? holder.inDatabase { db in
          try db.execute(sql: "BEGIN IMMEDIATE")
          held.withLock { $0 = true }
          for _ in 0..<12000 where !release.withLock({ $0 }) { Thread.sleep(forTimeInterval: 0.01) }
          try db.execute(sql: "COMMIT")
        }
      }.start()
      while !held.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(10)) }
      // More writers than the cooperative pool has threads, and than the RVU database's own
      // threads (12), each waiting on the lock.
      let writers = 30
      try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
        let start = ContinuousClock.now
        for _ in 0..<writers {
          group.addTask {
            try await client.json(
              .post, "/api/visits", token: token, body: VisitRoutesTests.visit
            ).status
          }
        }
        try await Task.sleep(for: .milliseconds(300))
        // Issue 32's mark is 100 ms (measured with the real server by scripts/server-limits);
        // here, beside the other suites on two busy cores, 3 s: a request held by the lock would
        // wait for its release, two minutes away.
        var clock = ContinuousClock.now
        #expect(try await client.json(.get, "/healthz").status == .ok)
        #expect(ContinuousClock.now - clock < .seconds(3), "healthz")
        // The store's database is another file, on threads of its own: not held up either.
        clock = ContinuousClock.now
        let metrics = try await client.json(
          .post, "/rest/v1/rpc/get_store_metrics", token: token,
          body: #"{"p_store_id": "1", "p_date_range": "today"}"#)
        #expect(metrics.status == .ok, "\(metrics.body)")
        #expect(ContinuousClock.now - clock < .seconds(3), "store RPC")
        // /readyz names the database whose threads all wait on the lock.
        let ready = try await client.json(.get, "/readyz")
        #expect(ready.status == .serviceUnavailable)
        #expect(
          ready.body
            == #"{"status":"unavailable","databases":{"rvu":"busy","store":"ok","server":"ok"}}"#)
        let waited = ContinuousClock.now - start
        #expect(waited < .seconds(60), "\(waited) with the lock held (it is held two minutes)")
        // The lock released, every writer is served, and every database answers again.
        release.withLock { $0 = true }
        for try await status in group { #expect(status == .created) }
        let readyAgain = try await client.json(.get, "/readyz")
        #expect(readyAgain.status == .ok, "\(readyAgain.body)")
      }
    }
  }
}
