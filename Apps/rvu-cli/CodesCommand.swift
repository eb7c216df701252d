import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import RVUDomain
import Storage

extension RVUCommand {
  /// `rvu-cli codes …`: the HCPCS catalog.
  struct Codes: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "codes",
      abstract: "Import, search and show HCPCS/CPT codes and their RVUs.",
      discussion: "Example:\n  rvu-cli codes search \"knee injection\"",
      subcommands: [Import.self, Search.self, Show.self, Versions.self, Custom.self])
  }
}

extension RVUCommand.Codes {
  /// `rvu-cli codes import FILE [--year YYYY] [--effective DAY]`.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Import a CMS Physician Fee Schedule RVU file (PPRRVU CSV) as a catalog version.",
      discussion: """
        The version's year comes from --year, else from the file's title row; the day it takes \
        effect from --effective, else from the title's release (October Release: October 1), \
        else January 1. A visit takes its values from the release in force on its date of \
        service. Re-importing a release (same day) replaces it atomically; visits already \
        logged keep their values.

        Examples:
          rvu-cli codes import PPRRVU2025_Oct.csv
          rvu-cli codes import PPRRVU25_APR.csv --year 2025 --effective 2025-04-01
        """)

    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("The PPRRVU CSV file.", valueName: "file")) var file: String
    @Option(
      help: ArgumentHelp("The catalog year (default: from the title row).", valueName: "yyyy"))
    var year: Int?
    @Option(
      help: ArgumentHelp(
        "The day the release takes effect (default: from the title, else January 1).",
        valueName: "yyyy-mm-dd"),
      transform: { try LocalDate(parsing: $0) })
    var effective: LocalDate?

    func run() throws {
      let name = PathText.name(of: file)
      let parsed = try RelativeValueFile(data: try readFile(file), fileName: name)
      let store = try global.openRVUStore()
      let progress = Progress(label: "importing \(name)", total: parsed.codes.count)
      let summary = try withRVUHints {
        try store.importCatalog(
          parsed, year: year, effectiveOn: effective, source: name, progress: progress.update)
      }
      progress.finish()
      let object: JSONObject = [
        "year": .int(summary.year), "effective_on": .date(summary.effectiveOn),
        "title": .string(summary.title),
        "row_count": .int(summary.rowCount), "code_count": .int(summary.codeCount),
        "replaced": .bool(summary.replacedExisting),
      ]
      if global.format == .table {
        Terminal.writeOutput(
          "Imported \(counted(summary.rowCount, "row")) "
            + "(\(counted(summary.codeCount, "code"))) as the \(summary.year) catalog "
            + "in force from \(summary.effectiveOn)"
            + "\(summary.replacedExisting ? ", replacing the earlier one" : "").\n")
      } else {
        global.print(object: object)
      }
    }
  }

  /// `rvu-cli codes search QUERY`.
  struct Search: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "search",
      abstract: "Search codes: exact code first, then code prefix, then description words.",
      discussion: """
        Every word must match the start of a word of the description, in any case.

        Example:
          rvu-cli codes search "office est" --limit 5
        """)

    @OptionGroup var global: GlobalOptions
    @OptionGroup var user: UserOptions
    @OptionGroup var catalog: CatalogOptions
    @Argument(help: ArgumentHelp("A code, a code prefix or description words.", valueName: "query"))
    var query: String
    @Option(help: "The most results to show (1 to 1000).")
    var limit: Int = RVUStore.defaultSearchLimit

    /// An empty query finds nothing (the API's answer while nothing is typed); here it is a slip.
    func validate() throws {
      if query.allSatisfy(\.isWhitespace) {
        throw ValidationError(
          TallyError.invalid(nil, query, expected: "a code, a code prefix or description words")
            .description)
      }
    }

    func run() throws {
      let hits = try withRVUHints {
        try global.openRVUStoreToRead().searchCodes(
          query, limit: limit, catalogYear: catalog.year, userId: user.id)
      }
      global.print(rows: hits.map(\.jsonObject), columns: CodeSearchResult.columns)
    }
  }

  /// `rvu-cli codes show CODE`.
  struct Show: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "show",
      abstract: "Show a code with all its RVU columns.",
      discussion: "Example:\n  rvu-cli codes show 71045 --modifier 26")

    @OptionGroup var global: GlobalOptions
    @OptionGroup var catalog: CatalogOptions
    @Argument(
      help: ArgumentHelp("The HCPCS/CPT code.", valueName: "code"), completion: codeCompletion)
    var code: String
    @Option(help: ArgumentHelp("The modifier (26, TC, 53, …).", valueName: "mod")) var modifier:
      String?

    func run() throws {
      let row = try withRVUHints {
        try global.openRVUStoreToRead().code(code, modifier: modifier, catalogYear: catalog.year)
      }
      global.print(object: row.jsonObject)
    }
  }

  /// `rvu-cli codes versions`.
  struct Versions: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "versions",
      abstract: "List the catalog versions, newest (the default) first.",
      discussion: "Example:\n  rvu-cli codes versions --format json")

    @OptionGroup var global: GlobalOptions

    func run() throws {
      global.print(
        rows: try global.openRVUStoreToRead().catalogVersions().map(\.jsonObject),
        columns: CatalogVersion.columns)
    }
  }
}
