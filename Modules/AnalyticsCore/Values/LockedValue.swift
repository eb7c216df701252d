import Foundation

/// A value shared across threads behind a lock: for the few process-wide settings a command
/// sets once at start (which app is running, how to tell the user it is waiting).
///
/// Not a `@TaskLocal`: in Swift 6.3, nested synchronous `TaskLocal.withValue` calls crash in
/// optimized builds (`swift_task_localValuePush`), and commands run synchronously.
/// `@unchecked Sendable` because every access to `value` holds `lock`.
public final class LockedValue<Value>: @unchecked Sendable {
  private let lock = NSLock()
  private var value: Value

  /// A box holding `value`.
  public init(_ value: Value) { self.value = value }

  /// Runs `body` on the value while holding the lock: a read and a write that no other thread
  /// can come between.
  public func withLock<Result>(_ body: (inout Value) throws -> Result) rethrows -> Result {
    lock.lock()
    defer { lock.unlock() }
    return try body(&value)
  }

  /// The current value.
  public var current: Value {
    get {
      lock.lock()
      defer { lock.unlock() }
      return value
    }
    set {
      lock.lock()
      value = newValue
      lock.unlock()
    }
  }
}
