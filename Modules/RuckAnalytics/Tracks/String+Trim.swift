extension String {
  /// The string without leading and trailing ASCII white space (cheaper than Foundation's
  /// trimming, which matters on the per-point path of track parsing).
  var trimmedASCII: String {
    let utf8 = self.utf8
    // The usual case, a value with nothing to trim, without searching.
    if let first = utf8.first, first > 0x20, let last = utf8.last, last > 0x20 { return self }
    guard let first = utf8.firstIndex(where: { $0 > 0x20 }) else { return "" }
    let last = utf8.lastIndex(where: { $0 > 0x20 })!
    if first == utf8.startIndex, last == utf8.index(before: utf8.endIndex) { return self }
    return String(self[first...last])
  }
}
