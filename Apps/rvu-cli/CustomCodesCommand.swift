import AnalyticsCore
import ArgumentParser
import CLIKit
import RVUDomain

extension RVUCommand.Codes {
  /// `rvu-cli codes custom …`: the user's own codes.
  struct Custom: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "custom",
      abstract:
        "Keep your own codes (ones the catalog lacks), which visits log like catalog codes.",
      discussion: """
        Example:
          rvu-cli codes custom add 0591T --description "Coaching" --work-rvu 1.20
        """,
      subcommands: [List.self, Add.self, Delete.self])
  }
}

extension RVUCommand.Codes.Custom {
  /// `rvu-cli codes custom list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List your own codes, newest first.",
      discussion: "Example:\n  rvu-cli codes custom list")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions

    func run() throws {
      global.print(
        rows: try global.openRVUStoreToRead().customCodes(userId: user.id).map(\.jsonObject),
        columns: CustomCode.columns)
    }
  }

  /// `rvu-cli codes custom add CODE --description TEXT --work-rvu N`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add",
      abstract: "Add your own code, or change the description and work RVU of one you have.",
      discussion: """
        Example:
          rvu-cli codes custom add 0591T --description "Coaching" --work-rvu 1.20
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The code: 5 letters and digits, as catalog codes.") var code: String
    @Option(help: ArgumentHelp("What the code is.", valueName: "text")) var description: String
    @Option(
      name: .customLong("work-rvu"),
      help: ArgumentHelp("The work RVU of one unit (0 or more, 2 decimals).", valueName: "rvu"))
    var workRVU: String

    func run() throws {
      let rvu = try ProcedureInput.parseWorkRVU(workRVU)
      let (saved, created) = try global.openRVUStore().saveCustomCode(
        code, description: description, workRVU: rvu, userId: user.id)
      if global.format == .table {
        Terminal.writeOutput(
          (created ? "Added " : "Updated ")
            + "\(saved.hcpcs): \(saved.description), \(saved.workRVU) wRVU.\n")
      } else {
        global.print(object: saved.jsonObject)
      }
    }
  }

  /// `rvu-cli codes custom delete ID`.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete",
      abstract: "Delete one of your own codes (visits logged with it keep their values).",
      discussion: "Example:\n  rvu-cli codes custom delete 0591T")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The code, or its id (codes custom list).") var code: String

    func run() throws {
      let store = try global.openRVUStore()
      let codes = try store.customCodes(userId: user.id)
      let wanted = code.trimmingCharacters(in: .whitespaces).uppercased()
      guard let found = codes.first(where: { $0.hcpcs == wanted || String($0.id ?? 0) == wanted })
      else {
        throw TallyError.notFound(
          "custom code", code,
          expected: codes.isEmpty
            ? "one of your custom codes (none yet: codes custom add)"
            : "one of " + codes.map(\.hcpcs).joined(separator: ", "))
      }
      try store.deleteCustomCode(id: found.id ?? 0, userId: user.id)
      Terminal.writeOutput("Deleted custom code \(found.hcpcs) (\(found.description)).\n")
    }
  }
}
