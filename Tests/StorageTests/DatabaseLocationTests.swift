import Storage
import Testing

@Suite("Database location")
struct DatabaseLocationTests {
  @Test(
    "resolution order: --db, environment variable, XDG, home",
    arguments: [
      ("/x/a.sqlite", ["TALLY_RVU_DB": "/env.sqlite"], DatabaseLocation.file("/x/a.sqlite")),
      (":memory:", [:], .memory),
      (nil, ["TALLY_RVU_DB": "/env.sqlite", "XDG_DATA_HOME": "/xdg"], .file("/env.sqlite")),
      (nil, ["TALLY_RVU_DB": ":memory:"], .memory),
      (
        nil, ["XDG_DATA_HOME": "/xdg", "HOME": "/home/u"],
        .file("/xdg/tally/rvu.sqlite", createsFolder: true)
      ),
      (
        nil, ["HOME": "/home/u"],
        .file("/home/u/.local/share/tally/rvu.sqlite", createsFolder: true)
      ),
      // A relative XDG_DATA_HOME is invalid per the XDG spec and ignored.
      (
        nil, ["XDG_DATA_HOME": "rel", "HOME": "/home/u"],
        .file("/home/u/.local/share/tally/rvu.sqlite", createsFolder: true)
      ),
      (
        "", ["TALLY_RVU_DB": "", "HOME": "/h"],
        .file("/h/.local/share/tally/rvu.sqlite", createsFolder: true)
      ),
    ] as [(String?, [String: String], DatabaseLocation)])
  func resolves(explicit: String?, environment: [String: String], expected: DatabaseLocation) {
    #expect(
      DatabaseLocation.resolve(app: "rvu", explicitPath: explicit, environment: environment)
        == expected)
  }

  @Test("environment variable names") func names() {
    #expect(DatabaseLocation.environmentVariable(for: "store") == "TALLY_STORE_DB")
    #expect(DatabaseLocation.file("/a/b.sqlite").description == "/a/b.sqlite")
    #expect(DatabaseLocation.memory.description == ":memory:")
  }
}
