import ArgumentParser
import CLIKit

/// The `tally-server` root command.
@main
struct TallyServerCommand: ParsableCommand {
  static let configuration = CommandConfiguration(
    commandName: "tally-server",
    abstract: "Serve the RVU and store domains over HTTP, on the databases the CLIs use.",
    discussion: """
      Two contracts: the RVU tracker's REST API (/api/…) and the store app's Supabase calls
      (/rest/v1/…). Users, store grants and POS keys live in the server's own database
      (--server-db, else $TALLY_SERVER_DB, else beside the CLIs' databases as server.sqlite).

      Example:
        tally-server serve --secret-file secret.txt --google-client-id ID \\
            --google-jwks certs.json
        tally-server grant --user 1234567890 --store 1 --role owner
      """,
    version: TallyVersion.current,
    subcommands: [Serve.self, Token.self, Grant.self, Revoke.self, POSKeyCommand.self])

  static func main() { CommandRunner.main(Self.self) }
}
