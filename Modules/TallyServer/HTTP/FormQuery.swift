import Foundation
import Hummingbird

/// A request's query read as a browser and every HTTP client write it (the URL Standard's
/// `application/x-www-form-urlencoded` parsing): `+` is a space and percent-escapes are decoded,
/// in names and values alike. Hummingbird's `queryParameters` decodes values only and keeps `+`,
/// so `q=knee+injection` searched for "knee+injection". A malformed escape is kept as sent.
struct FormQuery: Sendable {
  let pairs: [(name: String, value: String)]

  init(_ query: String?) {
    guard let query, !query.isEmpty else {
      pairs = []
      return
    }
    pairs = query.split(separator: "&", omittingEmptySubsequences: true).map { pair in
      let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
      return (Self.decode(parts[0]), parts.count > 1 ? Self.decode(parts[1]) : "")
    }
  }

  /// The first value of `name`, as the routes read one.
  subscript(name: String) -> Substring? {
    pairs.first { $0.name == name }.map { $0.value[...] }
  }

  /// Most names and values need no decoding (`start=2026-02-01`): those are taken as they are,
  /// without Foundation's string work (which cost a quarter of `GET /api/analytics` under wrk).
  private static func decode(_ text: Substring) -> String {
    guard text.utf8.contains(where: { $0 == UInt8(ascii: "%") || $0 == UInt8(ascii: "+") })
    else { return String(text) }
    let spaced = text.replacingOccurrences(of: "+", with: " ")
    return spaced.removingPercentEncoding ?? spaced
  }
}

extension Request {
  /// The query, form-decoded (`FormQuery`).
  var formQuery: FormQuery { FormQuery(uri.query) }
}

extension ServerContext {
  /// A path parameter, percent-decoded: `/reports/stores/caf%C3%A9` is store "café". Hummingbird
  /// matches and hands out the path's segments as sent; a malformed escape is kept as sent. A
  /// decoded NUL (`%00`) names nothing (`nil`): PostgreSQL refuses it in text, SQLite cuts at it.
  func pathParameter(_ name: String) -> String? {
    guard let decoded = parameters.get(name).map({ $0.removingPercentEncoding ?? $0 }),
      !decoded.contains("\u{0}")
    else { return nil }
    return decoded
  }
}
