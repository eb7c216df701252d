/// Orders names as people read them: ignoring case, then exactly (so `Noise` and `noise` keep a
/// fixed order).
func caseInsensitiveOrder(_ lhs: String, _ rhs: String) -> Bool {
  let (left, right) = (lhs.lowercased(), rhs.lowercased())
  return left == right ? lhs < rhs : left < right
}
