import AnalyticsCore
import ArgumentParser
import CLIKit
import RVUDomain

extension RVUCommand {
  /// `rvu-cli templates …`: named sets of procedures (the RVU backend's favorite groups).
  struct Templates: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "templates",
      abstract: "Keep visit templates: named sets of procedures logged together.",
      discussion: """
        Example:
          rvu-cli templates add "Knee injection" --procedure 99213 --procedure 20610x2
          rvu-cli visits add --template "Knee injection"
        """,
      subcommands: [List.self, Add.self, Edit.self, Delete.self, Reorder.self])
  }
}

/// `--procedure CODE[xQTY]`, repeated: a template's procedures.
struct TemplateItemOptions: ParsableArguments {
  @Option(
    name: .customLong("procedure"),
    help: ArgumentHelp("A procedure as CODE[xQTY] (repeat for several).", valueName: "code"),
    transform: ProcedureInput.init(parsing:))
  var procedures: [ProcedureInput] = []

  var items: [VisitTemplate.Item] {
    procedures.map { VisitTemplate.Item(hcpcs: $0.hcpcs, quantity: $0.quantity) }
  }
}

extension RVUCommand.Templates {
  /// `rvu-cli templates list`.
  struct List: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "list", abstract: "List your templates in order.",
      discussion: "Example:\n  rvu-cli templates list --format json")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions

    func run() throws {
      global.print(
        rows: try global.openRVUStoreToRead().templates(userId: user.id).map {
          $0.jsonObject(nested: global.format == .json)
        }, columns: VisitTemplate.columns)
    }
  }

  /// `rvu-cli templates add NAME --procedure …`.
  struct Add: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "add", abstract: "Add a template at the end of your list.",
      discussion: """
        Example:
          rvu-cli templates add "Knee injection" --procedure 99213 --procedure 20610x2
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "Its name (1 to 100 characters, one of a kind).") var name: String
    @OptionGroup var procedures: TemplateItemOptions

    func run() throws {
      let template = try global.openRVUStore().addTemplate(
        name: name, items: procedures.items, userId: user.id)
      global.print(object: template.jsonObject(nested: global.format == .json))
    }
  }

  /// `rvu-cli templates edit NAME [--name NEW] [--procedure …]`.
  struct Edit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "edit",
      abstract: "Rename a template or replace its procedures (--procedure replaces them all).",
      discussion: """
        Example:
          rvu-cli templates edit "Knee injection" --procedure 99214 --procedure 20610
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The template's name.") var template: String
    @Option(help: ArgumentHelp("A new name.", valueName: "name")) var name: String?
    @OptionGroup var procedures: TemplateItemOptions

    func validate() throws {
      guard name != nil || !procedures.procedures.isEmpty else {
        throw ValidationError("nothing to change: expected --name or --procedure")
      }
    }

    func run() throws {
      let store = try global.openRVUStore()
      let found = try store.template(named: template, userId: user.id)
      let saved = try store.updateTemplate(
        id: found.id, name: name,
        items: procedures.procedures.isEmpty ? nil : procedures.items, userId: user.id)
      global.print(object: saved.jsonObject(nested: global.format == .json))
    }
  }

  /// `rvu-cli templates delete NAME`.
  struct Delete: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "delete", abstract: "Delete a template (visits logged with it stay).",
      discussion: "Example:\n  rvu-cli templates delete \"Knee injection\"")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "The template's name.") var template: String

    func run() throws {
      let store = try global.openRVUStore()
      let found = try store.template(named: template, userId: user.id)
      try store.deleteTemplate(id: found.id, userId: user.id)
      Terminal.writeOutput("Deleted template \(found.name).\n")
    }
  }

  /// `rvu-cli templates reorder NAME…`.
  struct Reorder: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "reorder",
      abstract: "Put these templates first, in this order; the others follow in theirs.",
      discussion: "Example:\n  rvu-cli templates reorder \"Knee injection\" \"New patient\"")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @Argument(help: "Template names.") var templates: [String]

    func validate() throws {
      var seen: Set<String> = []
      let repeated = templates.filter {
        !seen.insert($0.trimmingCharacters(in: .whitespaces)).inserted
      }
      guard repeated.isEmpty else {
        throw ValidationError(
          "each template once: \(repeated.map(TallyError.quote).joined(separator: ", ")) given twice"
        )
      }
    }

    func run() throws {
      let store = try global.openRVUStore()
      let ids = try templates.map { try store.template(named: $0, userId: user.id).id }
      global.print(
        rows: try store.reorderTemplates(ids, userId: user.id).map {
          $0.jsonObject(nested: global.format == .json)
        }, columns: VisitTemplate.columns)
    }
  }
}
