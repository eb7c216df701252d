import AnalyticsCore
import ArgumentParser
import BehaviorPatterns
import CLIKit
import DataFormats
import Foundation

extension BehaviorCommand {
  /// `behavior-cli patterns`.
  struct Patterns: HintedCommand {
    static let configuration = CommandConfiguration(
      commandName: "patterns",
      abstract: "List the 37 pattern types by category, with what each takes.",
      discussion: """
        TYPE arguments elsewhere accept a type id, its display name, or an unambiguous prefix \
        (sensory-o, meltdown). The last column is the intensity's polarity: better (a higher \
        intensity is a better day), harder (a harder day: these make the hard-day score) or \
        blank (it says how much, not how good).

        Example:
          behavior-cli patterns
          behavior-cli patterns --format json
        """)

    @OptionGroup var global: GlobalOptions

    func execute() throws {
      switch global.format {
      case .json:
        let categories = PatternCategory.allCases.map { category -> JSONValue in
          .object([
            "id": .string(category.id), "name": .string(category.name),
            "types": .array(
              PatternCatalog.types(in: category).map { .object(BehaviorJSON.patternType($0)) }),
          ])
        }
        let custom = PatternCatalog.type(id: PatternType.customID)!
        Terminal.writeOutput(
          JSONWriter.pretty(
            .object([
              "categories": .array(categories),
              "custom": .object([
                "id": .string(custom.id), "name": .string(custom.name),
                "takes_intensity": .bool(true), "takes_duration": .bool(true),
                "requires": .array([.string("name"), .string("category")]),
              ]),
            ])))
      case .csv:
        global.print(
          rows: PatternCatalog.all.map { type in
            var row = BehaviorJSON.patternType(type)
            if type.isCustom { row["category"] = .string("(chosen per entry)") }
            return row
          })
      case .table:
        var text = ""
        for category in PatternCategory.allCases {
          text += "\(category.name) (\(category.id))\n"
          for type in PatternCatalog.types(in: category) {
            let takes = [
              type.takesIntensity ? "intensity" : nil, type.takesDuration ? "duration" : nil,
            ]
            .compactMap { $0 }.joined(separator: ", ")
            let polarity =
              switch type.polarity {
              case .higherIsBetter: "better"
              case .higherIsHarder: "harder"
              case .neither: ""
              }
            text +=
              "  " + type.id.padding(toLength: 28, withPad: " ", startingAt: 0)
              + type.name.padding(toLength: 28, withPad: " ", startingAt: 0)
              + (polarity.isEmpty
                ? (takes.isEmpty ? "-" : takes)
                : (takes.isEmpty ? "-" : takes).padding(toLength: 21, withPad: " ", startingAt: 0)
                  + polarity) + "\n"
          }
          text += "\n"
        }
        text +=
          "Custom Pattern (custom-pattern): --name and --category required; intensity, duration\n"
        Terminal.writeOutput(text)
      }
    }
  }
}
