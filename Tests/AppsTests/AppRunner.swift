import Foundation

/// Runs a built app binary the way a user does and captures what it prints.
struct AppRunner {
  /// What a run produced.
  struct Result {
    let status: Int32
    let output: String
    let error: String
  }

  /// The folder holding the built products (next to the test bundle).
  static let productsDirectory: URL = {
    var url = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    while url.path != "/" {
      url.deleteLastPathComponent()
      if FileManager.default.fileExists(atPath: url.appendingPathComponent("rvu-cli").path) {
        return url
      }
    }
    return URL(fileURLWithPath: ".build/debug")
  }()

  /// Runs `app` with `arguments`, an optional standard input and extra environment.
  static func run(
    _ app: String, _ arguments: [String], input: String? = nil, environment: [String: String] = [:],
    directory: String? = nil
  ) throws -> Result {
    let process = Process()
    process.executableURL = productsDirectory.appendingPathComponent(app)
    process.arguments = arguments
    if let directory { process.currentDirectoryURL = URL(fileURLWithPath: directory) }
    var env = ProcessInfo.processInfo.environment
    for (key, value) in environment { env[key] = value }
    process.environment = env
    let out = Pipe()
    let err = Pipe()
    let inPipe = Pipe()
    process.standardOutput = out
    process.standardError = err
    process.standardInput = inPipe
    try process.run()
    if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
    try inPipe.fileHandleForWriting.close()
    let outData = out.fileHandleForReading.readDataToEndOfFile()
    let errData = err.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return Result(
      status: process.terminationStatus, output: String(decoding: outData, as: UTF8.self),
      error: String(decoding: errData, as: UTF8.self))
  }
}
