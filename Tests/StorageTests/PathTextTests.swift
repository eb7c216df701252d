import Testing

@testable import Storage

/// The splits `NSString`'s path methods give on macOS, written out by hand; on Linux those
/// methods trap on a one-character name.
@Suite("Paths split as text")
struct PathTextTests {
  @Test(
    "folder and name",
    arguments: [
      ("r", "", "r"), ("rr", "", "rr"), ("x/", "", "x"), ("./r", ".", "r"), ("a/b", "a", "b"),
      ("a/b/", "a", "b"), ("/b", "/", "b"), ("/", "/", "/"), ("a//b", "a", "b"),
      ("/tmp/x.sqlite", "/tmp", "x.sqlite"), ("", "", ""),
    ])
  func split(path: String, folder: String, name: String) {
    #expect(PathText.folder(of: path) == folder)
    #expect(PathText.name(of: path) == name)
  }
}
