import ArgumentParser
import Testing

@testable import StoreMetricsCommands
@testable import behavior_cli
@testable import ruck_cli
@testable import rvu_cli

/// Every command names itself. Without a `commandName`, ArgumentParser derives the name from
/// the type's name with `String(describing:)`, which demangles it at run time: a quarter of the
/// instructions of a short command (Docs/Performance.md, "Start-up").
@Suite("Command names are explicit")
struct CommandNameTests {
  static let roots: [any ParsableCommand.Type] = [
    RVUCommand.self, BehaviorCommand.self, StoreMetricsCommand.self, RuckCommand.self,
  ]

  @Test("every command in every app has a commandName")
  func explicitNames() {
    var unnamed: [String] = []
    var pending = Self.roots
    var seen = 0
    while let command = pending.popLast() {
      seen += 1
      if command.configuration.commandName == nil { unnamed.append("\(command)") }
      pending += command.configuration.subcommands
    }
    #expect(seen > 60)
    #expect(unnamed == [])
  }
}
