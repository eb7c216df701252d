import AnalyticsCore

/// One labelled number a chart draws: a bar, a point, a slice.
///
/// Charts take these plain values, never domain types: the domain computes the numbers, the app
/// turns its periods and categories into labels, and the chart only scales them to the drawing.
public struct ChartDatum: Sendable, Equatable {
  public var label: String
  public var value: Double
  /// Whether it covers only part of its period (a week the window cuts): a bar chart hatches it
  /// and says so in its tooltip, so a short week is not read as a collapse.
  public var partial: Bool

  public init(_ label: String, _ value: Double, partial: Bool = false) {
    self.label = label
    self.value = value
    self.partial = partial
  }

  /// An exact amount (RVUs, money) drawn at its nearest `Double`: a chart only scales it, so the
  /// rounding never reaches a total.
  public init(_ label: String, _ amount: FixedDecimal, partial: Bool = false) {
    self.init(label, amount.doubleValue, partial: partial)
  }

  /// Data from `(label, value)` pairs, the shape a domain's report rows map to most directly.
  public static func series(_ pairs: [(label: String, value: Double)]) -> [ChartDatum] {
    pairs.map { ChartDatum($0.label, $0.value) }
  }
}

/// One named series of a grouped bar chart: one value per category, in the categories' order.
public struct ChartSeries: Sendable, Equatable {
  public var name: String
  public var values: [Double]

  public init(name: String, values: [Double]) {
    self.name = name
    self.values = values
  }
}

/// A target drawn across a chart as a dashed line with its label written beside it, e.g. a
/// weekly distance goal.
public struct ChartGoal: Sendable, Equatable {
  public var label: String
  public var value: Double

  public init(label: String, value: Double) {
    self.label = label
    self.value = value
  }
}

extension DataTable {
  /// The table under a chart of labelled values: each label with its value as the chart writes it.
  init(caption: String, data: [ChartDatum], format: ValueFormat) {
    self.init(
      caption: caption, columns: [.init("Label"), .init("Value", .numeric)],
      // A partial period is flagged in the table too.
      rows: data.map { [$0.label + ($0.partial ? " (partial)" : ""), format.string($0.value)] })
  }
}
