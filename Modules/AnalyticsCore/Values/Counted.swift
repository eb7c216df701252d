/// A count with its noun agreeing (`1 entry`, `2 entries`, `0 entries`), for every sentence a
/// domain or an app writes: "1 days" reads as a bug and makes people doubt the count.
///
/// - Parameters:
///   - singular: the noun for exactly one.
///   - plural: the noun for any other count; by default `singular` + "s".
public func counted(_ count: Int, _ singular: String, _ plural: String? = nil) -> String {
  "\(count) " + (count == 1 ? singular : plural ?? singular + "s")
}
