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

  /// A slot with no value (a day nothing was logged): charts on a time axis keep its place and
  /// draw nothing there — a gap, not a zero and not a neighbour — and the table says "—".
  public static func missing(_ label: String) -> ChartDatum { ChartDatum(label, .nan) }

  /// Whether this slot has no value.
  public var isMissing: Bool { value.isNaN }

  /// Two gaps of one label are equal (NaN is never equal to itself).
  public static func == (a: ChartDatum, b: ChartDatum) -> Bool {
    a.label == b.label && a.partial == b.partial
      && (a.value == b.value || (a.value.isNaN && b.value.isNaN))
  }

  /// A value, or a gap when `nil`.
  public static func day(_ label: String, _ value: Double?) -> ChartDatum {
    value.map { ChartDatum(label, $0) } ?? .missing(label)
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
      rows: data.map {
        [
          $0.label + ($0.partial ? " (partial)" : ""),
          $0.isMissing ? "—" : format.string($0.value),
        ]
      })
  }
}
