import NIOCore

/// Runs a task's jobs on one NIO event loop, so that postgres-nio's async-only calls (`copyFrom`)
/// can be awaited from the synchronous repository without a thread of Swift's cooperative pool:
/// the task runs where the connection's I/O runs, and the caller blocks on an `EventLoopFuture`
/// as every other query of this backend does (see `PostgresPool`). swift-nio 2.101 has no such
/// executor of its own.
final class EventLoopExecutor: TaskExecutor {
  let eventLoop: any EventLoop

  init(_ eventLoop: any EventLoop) { self.eventLoop = eventLoop }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    eventLoop.execute { job.runSynchronously(on: self.asUnownedTaskExecutor()) }
  }

  /// Starts `body` on this loop and returns its result as a future, which a thread that is not
  /// the loop's may `wait()` for.
  func run(_ body: @escaping @Sendable () async throws -> Void) -> EventLoopFuture<Void> {
    let promise = eventLoop.makePromise(of: Void.self)
    Task(executorPreference: self) {
      do {
        try await body()
        promise.succeed(())
      } catch {
        promise.fail(error)
      }
    }
    return promise.futureResult
  }
}
