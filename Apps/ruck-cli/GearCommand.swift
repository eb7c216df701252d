import AnalyticsCore
import ArgumentParser
import CLIKit
import DataFormats
import RuckAnalytics
import RuckReports

extension RuckCommand {
  /// `ruck-cli gear add|list|retire`.
  struct Gear: ParsableCommand {
    static let configuration = CommandConfiguration(
      commandName: "gear",
      abstract: "Packs, boots and vests: distance and weight moved per item, a retire distance.",
      discussion: """
        Sessions get gear with --gear NAME (log, import; sessions edit replaces a session's), \
        and a new ruck the default item of each kind it names none of. An item past its retire \
        distance is said after each log, import or edit of gear.

        Example:
          ruck-cli gear add "GR1 26L" --kind pack --retire-at 1000km --default
          ruck-cli gear list
        """,
      subcommands: [Add.self, List.self, Retire.self])

    struct Add: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "add", abstract: "Add an item.",
        discussion: """
          Example:
            ruck-cli gear add "Merrell boots" --kind boots --retire-at 800km --default
          """)
      @OptionGroup var global: GlobalOptions
      @Argument(help: "Its name.") var name: String
      @Option(
        help: ArgumentHelp("pack, boots, vest or other.", valueName: "kind"),
        transform: { text in
          guard let kind = GearKind(rawValue: text.lowercased()) else {
            throw TallyError(value: text, expected: "pack, boots, vest or other")
          }
          return kind
        })
      var kind: GearKind
      @Option(
        help: ArgumentHelp("Retire it after this distance: 1000km, 600mi.", valueName: "distance"),
        transform: { try Quantities.distance(parsing: $0) })
      var retireAt: Double?
      @Flag(help: "Put it on every new ruck that names no gear of its kind.")
      var `default` = false

      func run() throws {
        let store = try global.openRuckStore()
        _ = try hinting {
          try store.addGear(name: name, kind: kind, retireAtMeters: retireAt, isDefault: `default`)
        }
        try List.print(store: store, global: global, units: nil)
      }
    }

    struct List: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "list", abstract: "Each item with its sessions, distance and weight moved.",
        discussion: "Example:\n  ruck-cli gear list --format json")
      @OptionGroup var global: GlobalOptions
      @OptionGroup var units: UnitsOption

      func run() throws {
        let store = try global.openRuckStoreToRead()
        try Self.print(store: store, global: global, units: units.units)
      }

      static func print(store: RuckStore, global: GlobalOptions, units: UnitSystem?) throws {
        let usage = try store.gear()
        guard global.format == .table else {
          return global.print(rows: usage.map(RuckWire.gear))
        }
        let format = UnitFormatter(system: try units ?? store.profile().units)
        global.print(
          rows: usage.map { row in
            [
              "name": .string(row.item.name), "kind": .string(row.item.kind.rawValue),
              "default": .string(row.item.isDefault ? "yes" : ""), "sessions": .int(row.sessions),
              "distance": .string(format.distance(row.distanceMeters)),
              "weight moved": .string(format.weightMoved(row.weightMovedKgKm)),
              "retire at": .string(row.item.retireAtMeters.map { format.distance($0) } ?? "-"),
              "retired": .string(row.item.retiredOn?.description ?? ""),
            ]
          })
      }
    }

    struct Retire: ParsableCommand {
      static let configuration = CommandConfiguration(
        commandName: "retire", abstract: "Retire an item: it goes on no new session.",
        discussion: "Example:\n  ruck-cli gear retire \"GR1 26L\"")
      @OptionGroup var global: GlobalOptions
      @Argument(help: "Its name.") var name: String

      func run() throws {
        let store = try global.openRuckStore()
        _ = try hinting { try store.retireGear(name: name, on: global.asOf) }
        try List.print(store: store, global: global, units: nil)
      }
    }

    /// Says each item in use that has passed its retire distance.
    static func warnWorn(_ store: RuckStore) throws {
      let format = UnitFormatter(system: try store.profile().units)
      for usage in try store.gear() where usage.pastRetireDistance && usage.item.retiredOn == nil {
        Terminal.writeNotice(
          "warning: \(usage.item.name) has \(format.distance(usage.distanceMeters)), past its "
            + "retire distance of \(format.distance(usage.item.retireAtMeters)): "
            + "'ruck-cli gear retire \"\(usage.item.name)\"'")
      }
    }
  }
}
