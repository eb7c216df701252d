import Foundation

/// A bounded queue between one producing thread and one consuming thread: `put` waits while it
/// is full, `take` while it is empty, and `close` (by the consumer, when it stops early) makes
/// every later `put` return false at once so the producer can end.
///
/// `@unchecked Sendable`: its mutable state is only touched while holding `condition`.
final class Handoff<Element: Sendable>: @unchecked Sendable {
  private let condition = NSCondition()
  private var items: [Element] = []
  private var closed = false
  private let capacity: Int

  /// A queue holding at most `capacity` elements.
  init(capacity: Int) { self.capacity = capacity }

  /// Adds an element, waiting for room; false when the consumer has closed the queue.
  func put(_ element: Element) -> Bool {
    condition.lock()
    defer { condition.unlock() }
    while items.count >= capacity && !closed { condition.wait() }
    guard !closed else { return false }
    items.append(element)
    condition.broadcast()
    return true
  }

  /// Removes the oldest element, waiting for one.
  func take() -> Element {
    condition.lock()
    defer { condition.unlock() }
    while items.isEmpty { condition.wait() }
    condition.broadcast()
    return items.removeFirst()
  }

  /// Stops the producer: pending and later elements are dropped.
  func close() {
    condition.lock()
    defer { condition.unlock() }
    closed = true
    items.removeAll()
    condition.broadcast()
  }
}
