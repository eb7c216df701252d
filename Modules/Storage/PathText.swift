/// File paths split as text, the way `NSString`'s path methods split them.
///
/// On Linux, swift-corelibs-foundation's `deletingLastPathComponent` and `lastPathComponent`
/// trap on a one-character name (`--db r` and `--output r` crashed every app), and `URL` makes
/// a relative path absolute, which an error message should not show. Trailing slashes are
/// ignored, as there.
public enum PathText {
  /// The folder part of `path`: `a/b` → `a`, `/b` → `/`, `b` → `""` (the current folder).
  public static func folder(of path: String) -> String {
    let whole = trimmed(path)
    guard let slash = whole.lastIndex(of: "/") else { return "" }
    var folder = whole[..<slash]
    while folder.count > 1, folder.hasSuffix("/") { folder = folder.dropLast() }
    return folder.isEmpty ? "/" : String(folder)
  }

  /// The last part of `path`: `a/b` → `b`, `x/` → `x`, `/` → `/`.
  public static func name(of path: String) -> String {
    let whole = trimmed(path)
    guard whole != "/", let slash = whole.lastIndex(of: "/") else { return String(whole) }
    return String(whole[whole.index(after: slash)...])
  }

  /// `path` without trailing slashes, except a lone `/`.
  private static func trimmed(_ path: String) -> Substring {
    var whole = Substring(path)
    while whole.count > 1, whole.hasSuffix("/") { whole = whole.dropLast() }
    return whole
  }
}
