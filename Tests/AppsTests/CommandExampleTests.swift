import ArgumentParser
import Testing

@testable import StoreMetricsCommands
@testable import behavior_cli
@testable import ruck_cli
@testable import rvu_cli
@testable import tally_server

/// Every command's help shows an example, groups included (`behavior-cli entries --help` showed
/// none): the whole tree of each app, walked from its configuration.
@Suite("Every command has an example")
struct CommandExampleTests {
  static func commands(_ root: any ParsableCommand.Type, path: String) -> [(String, String)] {
    let configuration = root.configuration
    let name = path.isEmpty ? configuration.commandName ?? "" : path
    return [(name, configuration.discussion)]
      + configuration.subcommands.flatMap {
        commands($0, path: name + " " + ($0.configuration.commandName ?? ""))
      }
  }

  @Test(
    "each command's discussion has an example",
    arguments: [
      ("rvu-cli", RVUCommand.self as any ParsableCommand.Type),
      ("behavior-cli", BehaviorCommand.self), ("store-metrics", StoreMetricsCommand.self),
      ("ruck-cli", RuckCommand.self), ("tally-server", TallyServerCommand.self),
    ])
  func examples(app: String, root: any ParsableCommand.Type) {
    let missing = Self.commands(root, path: app).filter { !$0.1.contains("Example") }.map(\.0)
    #expect(missing.isEmpty, "no example: \(missing)")
    // Help is wrapped at 80 columns: an example line longer than that broke mid-command
    // ("--time-zone" on one line, "America/Chicago" on the next); long ones continue with "\".
    let examples = Self.commands(root, path: app).flatMap { command in
      command.1.split(separator: "\n").map(String.init).filter {
        let text = $0.drop { $0 == " " }
        return text.count < $0.count && (text.hasPrefix(app + " ") || text.hasPrefix("--"))
      }
    }
    let long = examples.filter { $0.count > 78 }
    #expect(long.isEmpty, "longer than 78 columns: \(long)")
  }
}
