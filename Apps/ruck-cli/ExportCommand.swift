import AnalyticsCore
import ArgumentParser
import CLIKit
import Foundation
import RuckAnalytics

extension RuckCommand {
  /// `ruck-cli export`: the whole database as one JSON backup, for `import`.
  struct Export: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "export",
      abstract: "Write every session, track, imported file's record and the profile as JSON.",
      discussion: """
        A backup: hand-logged sessions and imported ones with their tracks (time, position, \
        elevation and heart rate of every point), the imported files' names and hashes (so \
        the same GPX is still recognised), the profile (heart rates too), the goals and the \
        gear with each session's items. 'ruck-cli import' \
        restores it; into an empty database it exports the same bytes again. The file is \
        created readable by you alone.

        Example:
          ruck-cli export --output all.json
          ruck-cli import all.json --db new.sqlite
        """)

    @OptionGroup var database: DatabaseOption
    @Option(help: ArgumentHelp("The file to write (default: standard output).", valueName: "path"))
    var output: String?

    func run() throws {
      // Not openRuckStore(): this command takes no --as-of.
      let global = GlobalOptions(database: database)
      let store = try RuckStore.open(global.databaseLocation(app: RuckAnalyticsModule.appName))
      let data = try hinting { try store.exportBackup() }
      try OutputFile.write([UInt8](data), to: output)
      if let output {
        Terminal.writeError("Wrote \(output) (\(counted(data.count, "byte"))).\n")
      }
    }
  }
}
