import AnalyticsCore
import DataFormats
import Foundation
import StoreModel

/// The unit cost of menu items, as an owner keeps them: a CSV of `item` (the item's name on the
/// menu) and `unit_cost`, its own header mapped like an import's.
public struct MenuCosts: Sendable, Equatable {
  public var costs: [String: FixedDecimal]
  /// Where each item's cost was read, for an error about it.
  public var sources: [String: TallyError.Source]

  public init(costs: [String: FixedDecimal], sources: [String: TallyError.Source] = [:]) {
    self.costs = costs
    self.sources = sources
  }

  /// Reads a costs CSV.
  ///
  /// - throws: `TallyError` (bad data) naming the line, column and value of every bad row, an
  ///   item named twice, or a file without rows.
  public static func parse(
    _ data: Data, fileName: String, dialect: CSVDialect = CSVDialect(),
    columns: [String: String] = [:]
  ) throws -> MenuCosts {
    var problems = Problems()
    let table = try CSVTable(
      data, fileName: fileName, required: ["item", "unit_cost"], renamed: columns,
      delimiter: dialect.delimiter, problems: &problems)
    var costs: [String: FixedDecimal] = [:]
    var sources: [String: TallyError.Source] = [:]
    for row in table.rows {
      try problems.collect {
        let item = try row.required("item")
        let text = try row.required("unit_cost")
        guard let cost = try? FixedDecimal(parsing: dialect.pointDecimal(text)), cost >= .zero
        else {
          throw TallyError.invalid(
            "unit_cost", text, expected: "an amount of 0 or more, such as 3.40",
            source: row.source)
        }
        guard costs[item] == nil else {
          throw TallyError.invalid(
            "item", item, expected: "each item once (its cost is given on an earlier line)",
            source: row.source)
        }
        costs[item] = cost
        sources[item] = row.source
      }
    }
    try problems.check()
    guard !costs.isEmpty else {
      throw TallyError(
        .badData, .missing(field: "rows", expected: "at least one item and its unit cost"),
        source: TallyError.Source(fileName))
    }
    return MenuCosts(costs: costs, sources: sources)
  }
}

/// The Kasavana–Smith menu-engineering matrix of a store's items over a window: each item's
/// share of the items sold (its mix) against 70% of an equal share, and its contribution margin
/// (price less unit cost) against the menu's average, which labels it a star (popular and
/// profitable), a plowhorse (popular, less profitable), a puzzle (profitable, not popular) or a
/// dog (neither). Kasavana & Smith, *Menu Engineering* (1982).
public struct MenuMatrix: Sendable, Equatable {
  public enum Label: String, Sendable {
    case star, plowhorse, puzzle, dog
  }

  public struct Item: Sendable, Equatable {
    public let name: String
    public let quantity: Quantity
    public let revenue: FixedDecimal
    public let unitCost: FixedDecimal
    /// Revenue − unit cost × quantity, exact.
    public let contribution: FixedDecimal
    /// Its share of the quantity sold, in percent to the tenth.
    public let mixPercent: Double
    /// Contribution ÷ quantity, to the cent.
    public let unitMargin: FixedDecimal
    public let label: Label
  }

  public let storeId: String
  public let range: DayRange
  /// Best contribution first.
  public let items: [Item]
  /// Items sold in the window without a cost: left out of the averages, named.
  public let withoutCost: [String]
  /// Items of the costs file not sold in the window (or whose sales net to nothing).
  public let notSold: [String]
  /// 70% of an equal share of the items classified, in percent.
  public let popularityThreshold: Double
  /// The menu's contribution ÷ quantity, to the cent.
  public let averageMargin: FixedDecimal
  public let revenue: FixedDecimal
  public let contribution: FixedDecimal

  /// The items sold for less than they cost (a negative contribution): a cost typed wrong, or a
  /// price to raise. They stay in the matrix, as sold; the owner is told.
  public var belowCost: [Item] { items.filter { $0.contribution < .zero } }
}

extension ShopAnalytics {
  /// The menu-engineering matrix of a store's items over `range` (`MenuMatrix`).
  ///
  /// - throws: `TallyError` for an unknown store, or a costs file naming an item the store never
  ///   sold (bad data, with the closest name it did sell: a misspelt name would otherwise leave
  ///   an item without its cost).
  public func menuEngineering(storeId: String, range: DayRange, costs: MenuCosts) throws
    -> MenuMatrix
  {
    let store = try store(storeId)
    let menu = Set(try repository.itemSales(of: store.id).map(\.itemName))
    var problems = Problems()
    for name in costs.costs.keys.sorted() where !menu.contains(name) {
      try problems.collect {
        throw TallyError.invalid(
          "item", name,
          expected: "an item the store has sold"
            + (Suggestion.closest(to: name, in: menu.sorted()).map { " (did you mean '\($0)'?)" }
              ?? ""),
          source: costs.sources[name])
      }
    }
    try problems.check()
    // Items are classified by name: two menu items of one name (re-imported under another id)
    // are one dish.
    var sold: [String: (quantity: Quantity, revenue: FixedDecimal)] = [:]
    for row in try repository.itemSales(of: store.id, in: range) {
      sold[row.itemName, default: (.zero, .zero)].quantity += row.totalQuantity
      sold[row.itemName, default: (.zero, .zero)].revenue += row.totalRevenue
    }
    // An item whose sales net to nothing (sold and refunded) has no mix share to classify.
    let priced = sold.filter { costs.costs[$0.key] != nil && $0.value.quantity > .zero }
    let count = Int64(priced.count)
    let total = priced.values.reduce(Int64(0)) { $0 + $1.quantity.thousandths }
    func contribution(_ name: String) -> FixedDecimal {
      let (quantity, revenue) = priced[name]!
      // Unit cost × quantity (thousandths), to the cent, in 128 bits when it leaves 64.
      return revenue - costs.costs[name]!.scaled(by: quantity.thousandths, over: 1000)
    }
    /// Whether `a × b ≥ c × d`, exactly (products in 128 bits).
    func atLeast(_ a: Int64, _ b: Int64, _ c: Int64, _ d: Int64) -> Bool {
      let (left, right) = (a.multipliedFullWidth(by: b), c.multipliedFullWidth(by: d))
      return (left.high, left.low) >= (right.high, right.low)
    }
    let totalContribution = priced.keys.reduce(FixedDecimal.zero) { $0 + contribution($1) }
    let items = priced.map { name, value -> MenuMatrix.Item in
      let margin = contribution(name)
      // Popular: share ≥ 70% × 1/N ⇔ q × N × 10 ≥ 7 × Q. Profitable: margin / q ≥ Σ margin / Q
      // ⇔ margin × Q ≥ Σ margin × q (exact, in 128 bits).
      let popular = atLeast(value.quantity.thousandths, count * 10, 7, total)
      let profitable = atLeast(
        margin.hundredths, total, totalContribution.hundredths, value.quantity.thousandths)
      let label: MenuMatrix.Label =
        popular ? (profitable ? .star : .plowhorse) : (profitable ? .puzzle : .dog)
      return MenuMatrix.Item(
        name: name, quantity: value.quantity, revenue: value.revenue,
        unitCost: costs.costs[name]!, contribution: margin,
        mixPercent: (Double(value.quantity.thousandths) / Double(total) * 1000).rounded() / 10,
        unitMargin: Self.perUnit(margin, value.quantity), label: label)
    }.sorted { ($0.contribution, $1.name) > ($1.contribution, $0.name) }
    return MenuMatrix(
      storeId: store.id, range: range, items: items,
      withoutCost: sold.keys.filter { costs.costs[$0] == nil }.sorted(),
      notSold: costs.costs.keys.filter { priced[$0] == nil }.sorted(),
      popularityThreshold: count > 0 ? (700 / Double(count)).rounded() / 10 : 0,
      averageMargin: Self.perUnit(totalContribution, Quantity(thousandths: total)),
      revenue: priced.values.reduce(FixedDecimal.zero) { $0 + $1.revenue },
      contribution: totalContribution)
  }

  /// `amount` per unit of `quantity`, to the cent, halves away from zero; 0 without quantity.
  static func perUnit(_ amount: FixedDecimal, _ quantity: Quantity) -> FixedDecimal {
    quantity.thousandths > 0 ? amount.scaled(by: 1000, over: quantity.thousandths) : .zero
  }
}
