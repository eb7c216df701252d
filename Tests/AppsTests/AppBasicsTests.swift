import Testing

@Suite("Every app: help, version, usage errors")
struct AppBasicsTests {
  static let apps = ["rvu-cli", "behavior-cli", "store-metrics", "ruck-cli"]

  @Test("--help explains the app and where its data lives", arguments: apps)
  func help(app: String) throws {
    let result = try AppRunner.run(app, ["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("OVERVIEW:"))
    #expect(result.output.contains("USAGE: \(app)"))
    #expect(result.output.contains("TALLY_"))
    #expect(result.output.contains("Example"))
    #expect(result.error.isEmpty)
  }

  @Test("--version prints the version", arguments: apps)
  func version(app: String) throws {
    let result = try AppRunner.run(app, ["--version"])
    #expect(result.status == 0)
    #expect(result.output == "0.1.0\n")
  }

  @Test("an unknown option is one line on stderr with status 64", arguments: apps)
  func unknownOption(app: String) throws {
    let result = try AppRunner.run(app, ["--frobnicate"])
    #expect(result.status == 64)
    #expect(result.error == "\(app): Unknown option '--frobnicate'\n")
    #expect(result.output.isEmpty)
  }
}
