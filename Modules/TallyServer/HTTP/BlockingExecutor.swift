import Foundation

/// The threads that requests touching a database run on. SQLite and PostgreSQL calls block — a
/// wait for another process's write lock, a query's `.wait()` — and on Swift's cooperative pool
/// (one thread per core: two here) four requests waiting on a lock held by `rvu-cli` stalled
/// every request, `/healthz` and the other database's too (issue 32). A request that blocks now
/// holds one of these threads; the cooperative pool, and the event loops, stay free.
final class BlockingExecutor: TaskExecutor, @unchecked Sendable {
  // @unchecked: `jobs`, `head` and `admitted` are read and written only with `condition` locked.
  private let condition = NSCondition()
  private var jobs: [UnownedJob] = []
  /// The next job to run: taken jobs are dropped from the front in batches, not one by one.
  private var head = 0
  /// Requests running on these threads or waiting for one.
  private var admitted = 0
  /// The most requests admitted at once: past it a request is refused at once (503) rather
  /// than queued behind a database that does not answer.
  let capacity: Int

  /// Starts `threads` threads named `name-N`; they live as long as the process.
  init(threads: Int, name: String, capacity: Int = 256) {
    self.capacity = capacity
    for index in 0..<threads {
      let thread = Thread { [self] in runJobs() }
      thread.name = "\(name)-\(index)"
      thread.start()
    }
  }

  /// Takes a request in when fewer than `capacity` are; it must `leave()` when done.
  func admit() -> Bool {
    condition.lock()
    defer { condition.unlock() }
    guard admitted < capacity else { return false }
    admitted += 1
    return true
  }

  func leave() {
    condition.lock()
    admitted -= 1
    condition.unlock()
  }

  func enqueue(_ job: consuming ExecutorJob) {
    let job = UnownedJob(job)
    condition.lock()
    jobs.append(job)
    condition.signal()
    condition.unlock()
  }

  private func runJobs() {
    while true {
      condition.lock()
      while head == jobs.count { condition.wait() }
      let job = jobs[head]
      head += 1
      if head == jobs.count || head >= 1024 {
        jobs.removeFirst(head)
        head = 0
      }
      condition.unlock()
      job.runSynchronously(on: asUnownedTaskExecutor())
    }
  }
}
