/// Counts of values in bins given by their edges.
///
/// With edges `[e0, e1, …, ek]` there are k bins: `[e0, e1)`, `[e1, e2)`, …, and the last one
/// closed, `[e(k−1), ek]`. Values below `e0` or above `ek` are counted apart.
public struct Histogram: Sendable, Equatable {
  /// One bin.
  public struct Bin: Sendable, Equatable {
    /// The lower edge (included).
    public let lower: Double
    /// The upper edge (excluded, except for the last bin).
    public let upper: Double
    /// How many values fell in the bin.
    public let count: Int
  }

  /// The bins in ascending order.
  public let bins: [Bin]
  /// Values below the first edge.
  public let underflow: Int
  /// Values above the last edge.
  public let overflow: Int

  /// Bins `values` by `edges`.
  ///
  /// - throws: `TallyError` when there are fewer than two edges or they do not strictly ascend.
  public init(_ values: [Double], edges: [Double]) throws {
    guard edges.count >= 2, zip(edges, edges.dropFirst()).allSatisfy({ $0 < $1 }) else {
      throw TallyError(
        value: edges.map { "\($0)" }.joined(separator: ","),
        expected: "at least two strictly ascending bin edges")
    }
    var counts = [Int](repeating: 0, count: edges.count - 1)
    var under = 0
    var over = 0
    for value in values {
      if value < edges[0] {
        under += 1
      } else if value > edges[edges.count - 1] {
        over += 1
      } else {
        // The last edge e with e <= value, found by binary search; the top edge joins the last bin.
        var low = 0
        var high = edges.count - 1
        while low < high {
          let mid = (low + high + 1) / 2
          if edges[mid] <= value { low = mid } else { high = mid - 1 }
        }
        counts[min(low, counts.count - 1)] += 1
      }
    }
    bins = counts.indices.map { Bin(lower: edges[$0], upper: edges[$0 + 1], count: counts[$0]) }
    underflow = under
    overflow = over
  }
}
