import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import Foundation
import Storage
import StoreAnalytics

extension StoreMetricsCommand {
  /// `store-metrics stores …`.
  struct Stores: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "stores",
      abstract: "Add, edit and list stores.",
      discussion:
        "Example:\n  store-metrics stores add downtown --time-zone America/Chicago",
      subcommands: [Add.self, Edit.self, List.self])

    struct Add: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "add",
        abstract: "Add a store with its IANA time zone.",
        discussion: """
          Example:
            store-metrics stores add downtown --name Downtown \\
                --time-zone America/Chicago
          """)
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The store id, as the POS exports it.") var id: String
      @Option(help: "The display name (default: the id).") var name: String?

      func validate() throws {
        guard global.timeZoneOption != nil else {
          throw ValidationError("give the store's zone with --time-zone Area/City")
        }
      }

      func run() throws {
        let shop = try global.openStoreMetrics().addStore(
          id: id, name: name ?? id, zone: global.timeZoneOption!)
        global.print(object: StoreWire.shop(shop))
      }
    }

    struct Edit: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "edit",
        abstract: "Rename a store or correct its time zone.",
        discussion: """
          A new zone re-derives every order of the store and every figure, in one transaction: \
          orders imported with an offset (…Z, -06:00) keep their instant and take the new zone's \
          local day and hour; orders imported as a local time (2026-02-08 14:30) keep that local \
          time.

          Example:
            store-metrics stores edit downtown --time-zone America/Denver
          """)
      @OptionGroup var global: GlobalOptions
      @Argument(help: "The store id.") var id: String
      @Option(help: "The new display name.") var name: String?

      func validate() throws {
        guard name != nil || global.timeZoneOption != nil else {
          throw ValidationError("give --name or --time-zone (or both)")
        }
      }

      func run() throws {
        let edit = try global.openStoreMetrics().editStore(
          id, name: name, zone: global.timeZoneOption)
        if edit.ordersMoved + edit.ordersRetimed > 0 {
          Terminal.writeNotice(
            "\(counted(edit.ordersMoved, "order")) moved to other local days or "
              + "hours, \(counted(edit.ordersRetimed, "local-time order")) re-timed")
        }
        if edit.shiftsRetimed > 0 {
          Terminal.writeNotice(
            "\(counted(edit.shiftsRetimed, "local-time shift")) re-timed (their local times kept)")
        }
        global.print(object: StoreWire.shop(edit.shop))
      }
    }

    struct List: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list",
        abstract: "List stores.", discussion: "Example:\n  store-metrics stores list --format json")
      @OptionGroup var global: GlobalOptions

      func run() throws {
        global.print(
          rows: try global.openStoreMetricsToRead().stores().map(StoreWire.shop),
          columns: StoreWire.shopColumns)
      }
    }
  }

  /// `store-metrics import FILE`.
  struct Import: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import",
      abstract: "Import order lines from CSV or JSON Lines; all or nothing.",
      discussion: """
        One row per order line; columns by header name in any order: order_id, store_id, \
        placed_at, status?, customer_id?, item_id?, item_name, category, subcategory?, quantity, \
        unit_price, tax?, kind? (? = optional). kind is sale (the default), refund, discount, \
        comp or tip; a negative quantity or price (-1, -4.50, (4.50)) is a refund. Refunds, \
        discounts and comps take away from the order's sales, tips count in none. placed_at is an instant with offset \
        (2026-02-08T14:30:00-06:00, …Z, 2026-02-08 14:30:00 -0600) or a local time read in \
        the store's zone, as a spreadsheet writes it (2026-02-08 14:30, 2026-02-08 \
        14:30:00.123, 2/8/2026 2:30 PM, 2/8/26 14:30); slashed dates are read the way the \
        file's first unambiguous one says (13/2/2026: day first), else as --month-first or \
        --day-first says. A day after today in the store's zone is refused. Unknown stores are created with \
        --time-zone (default UTC).

        Order ids are unique per store: each store numbers its own orders. An order the store \
        has already (same order_id) is skipped and counted as already present when unchanged, \
        and updated when not (a refund, a corrected line), so importing a file again adds only \
        what is new or changed; --replace writes every such order again. Ids may be 100 bytes \
        long, names 200; quantities to 100000 (weighed ones to the thousandth: 0.375, priced \
        to the cent halves up) and prices and tax to 1000000.00, negative on a refund line.

        A point-of-sale export is read through a mapping: which of its columns holds each of \
        Tally's, what its values mean, which it does not read (Docs/Store.md; Docs/Mappings \
        has Square's Items Detail, Toast's ItemSelectionDetails and Shopify's orders export). \
        --map column='File column' maps one column (over the mapping's, if any).

        Examples:
          store-metrics import orders.csv --time-zone America/Chicago
          store-metrics import items-2026-07-18.csv \\
              --mapping Docs/Mappings/square-items-detail.json \\
              --time-zone America/New_York
          store-metrics import sales.csv --map order_id='Order #' --map placed_at=Date
        """)
    @OptionGroup var global: GlobalOptions
    @Argument(help: ArgumentHelp("A .csv or .jsonl file.", valueName: "file")) var file: String
    @Flag(help: "Write again orders the store has already, unchanged ones too.")
    var replace = false
    @OptionGroup var dialectOptions: CSVDialectOptions
    @Option(
      help: ArgumentHelp(
        "A mapping (JSON) for a file not in Tally's shape, such as a POS export.",
        valueName: "file"))
    var mapping: String?
    @OptionGroup var columnMap: ColumnMapOptions

    func run() throws {
      let name = PathText.name(of: file)
      try inputFileAttributes(file)
      var mapping: OrderLineMapping?
      if let path = self.mapping {
        mapping = try OrderLineMapping.parse(readFile(path), fileName: PathText.name(of: path))
      }
      if !columnMap.columns.isEmpty {
        mapping = try (mapping ?? OrderLineMapping()).adding(columns: columnMap.columns)
          .checked(source: nil)
      }
      // Read in chunks as the import goes: memory stays bounded however long the file.
      let handle = try FileHandle(forReadingFrom: URL(fileURLWithPath: file))
      defer { try? handle.close() }
      let read = { @Sendable in try handle.read(upToCount: ShopAnalytics.fileChunkSize) }
      // A file without --month-first or --day-first is read once first, up to its first date
      // that says how its slashed dates are written, then from its start again (a pipe, which
      // has no offset, cannot be read twice).
      var dialect = dialectOptions.dialect
      if dialect.dateOrder == nil, (try? handle.offset()) != nil {
        do {
          dialect.dateOrder = try OrderLineFile.dateOrder(
            ofFileNamed: name, delimiter: dialect.delimiter, mapping: mapping, read: read)
        } catch let error as TallyError {
          throw CSVDialectOptions.hinted(
            error, amountFields: ["unit_price", "tax"], quantityFields: ["quantity"])
        }
        try handle.seek(toOffset: 0)
      }
      do {
        try StoreMetricsCommand.importing(name, replace: replace, global: global) {
          db, progress in
          try db.importFile(
            named: name, read: read, replace: replace,
            newStoreZone: global.timeZoneOption ?? .utc, dialect: dialect, mapping: mapping,
            progress: progress)
        }
      } catch let error as TallyError {
        throw Self.exportHinted(
          CSVDialectOptions.hinted(
            error, amountFields: ["unit_price", "tax"], quantityFields: ["quantity"]),
          mapped: mapping != nil)
      }
    }

    /// A header of many columns that are not Tally's (a point-of-sale export read without a
    /// mapping) is hinted with the mappings, not with its long list of unknown names.
    static func exportHinted(_ error: TallyError, mapped: Bool) -> TallyError {
      guard error.field == "column", case .invalid = error.cause else { return error }
      if mapped {
        return error.hinted(
          "a column the mapping neither reads nor ignores: add it to the mapping's \"ignored\" "
            + "list, or --map a column to it")
      }
      guard let hint = error.hint, hint.hasPrefix("also not known"),
        hint.components(separatedBy: "\", ").count >= 3
      else { return error }
      return TallyError(
        .badData,
        .invalid(
          field: "column", value: error.value ?? "", expected: "Tally's columns, or a mapping"),
        source: error.source
      ).hinted(
        "a point-of-sale export? read it with --mapping FILE (Docs/Mappings has Square, Toast "
          + "and Shopify) or --map column='File column'")
    }
  }

  /// `store-metrics import-split`.
  struct ImportSplit: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "import-split",
      abstract: "Import a data set kept in four files: orders, order lines, items and item types.",
      discussion: """
        The layout of the pizza sales set: orders (order_id, date, time), lines (order_id, \
        pizza_id, quantity), items (pizza_id, pizza_type_id, size, price), types (pizza_type_id, \
        name, category, ingredients?). All orders go to one store (created with --time-zone when \
        new); order ids are that store's own. Orders the store has already are skipped when \
        unchanged and updated when not; --replace writes them all again.

        Example:
          store-metrics import-split --store pizza --orders orders.csv \\
              --lines order_details.csv --items pizzas.csv \\
              --types pizza_types.csv --time-zone America/New_York
        """)
    @OptionGroup var global: GlobalOptions
    @Option(help: "The store the orders belong to.") var store: String
    @Option(help: ArgumentHelp("The orders file.", valueName: "file")) var orders: String
    @Option(help: ArgumentHelp("The order lines file.", valueName: "file")) var lines: String
    @Option(help: ArgumentHelp("The items file.", valueName: "file")) var items: String
    @Option(help: ArgumentHelp("The item types file.", valueName: "file")) var types: String
    @Flag(help: "Write again orders the store has already, unchanged ones too.")
    var replace = false

    func run() throws {
      func read(_ path: String) throws -> (String, Data) {
        (
          PathText.name(of: path),
          try readFile(path)
        )
      }
      // Checked before the database is opened (and perhaps created), read after: store-metrics
      // hands a postgres:// database over to store-metrics-postgres when it opens it, and files
      // that are pipes must still be unread then.
      for path in [orders, lines, items, types] { try inputFileAttributes(path) }
      try StoreMetricsCommand.importing("the split files", replace: replace, global: global) {
        db, progress in
        let converted = try SplitOrderFiles.lines(
          orders: try read(orders), lines: try read(lines), items: try read(items),
          types: try read(types), storeId: store)
        return try db.importLines(
          converted, replace: replace, newStoreZone: global.timeZoneOption ?? .utc,
          progress: progress)
      }
    }
  }

  /// Runs an import with a progress line and prints what it did.
  static func importing(
    _ name: String, replace: Bool, global: GlobalOptions,
    _ body: (ShopAnalytics, (Int) -> Void) throws -> OrderImportSummary
  ) throws {
    let progress = Progress(label: "importing \(name)", total: nil)
    // A failed import into a database this command created leaves no empty database behind.
    var created: String?
    if case .sqlite(.file(let path, _)) = StoreLocation(
      global.databaseLocation(app: StoreAnalyticsModule.appName)),
      !FileManager.default.fileExists(atPath: path)
    {
      created = path
    }
    let summary: OrderImportSummary
    do {
      summary = try body(global.openStoreMetrics(), progress.update)
    } catch {
      // Only a file this process made, and only while it holds no store: another import that
      // opened it meanwhile keeps what it wrote.
      if let created {
        DatabaseOpener.removeIfCreatedAndUnused(created) {
          try global.openStoreMetrics().stores().isEmpty
        }
      }
      throw error
    }
    progress.finish()
    for store in summary.createdStores {
      let zone = summary.createdStoreZones[store] ?? global.timeZoneOption ?? .utc
      // UTC by default only: a store's days in the wrong zone move its evening sales to the
      // next day, so the way to its own is said.
      let defaulted = zone == .utc && global.timeZoneOption == nil
      Terminal.writeNotice(
        "created store \(store) in \(zone.identifier)"
          + (defaulted
            ? " (no --time-zone given: 'store-metrics stores edit \(store) --time-zone "
              + "Area/City' recounts its days in its own)" : ""))
    }
    if global.format == .table, summary.linesRead == 0 {
      Terminal.writeOutput("Imported 0 new orders: \(name) has a header and no rows.\n")
    } else if global.format == .table {
      // The lines written are those of the new orders, and of the updated or replaced ones too:
      // said after every count when there are such, so that they are not read as the new ones'.
      let lines = counted(summary.lines, "line")
      let rewritten = summary.updated + summary.replaced > 0
      Terminal.writeOutput(
        "Imported \(counted(summary.newOrders, "new order"))" + (rewritten ? "" : " (\(lines))")
          + (summary.updated > 0 ? ", \(summary.updated) updated" : "")
          + (summary.replaced > 0 ? ", \(summary.replaced) replaced" : "")
          + (summary.alreadyPresent > 0 ? ", \(summary.alreadyPresent) already present" : "")
          + (rewritten ? " (\(lines) written)" : "") + ".\n")
    } else {
      global.print(object: StoreWire.importSummary(summary))
    }
  }
}
