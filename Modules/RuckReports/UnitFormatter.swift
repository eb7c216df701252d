import AnalyticsCore
import Foundation
import RuckAnalytics

/// Renders SI values for people in metric or imperial units (the conversions are the domain's).
public struct UnitFormatter: Sendable {
  public let system: UnitSystem

  public init(system: UnitSystem) { self.system = system }

  public func distance(_ metres: Double?) -> String {
    guard let metres else { return "-" }
    return FixedNotation.format(system.distance(metres: metres), decimals: 2) + " "
      + system.distanceSymbol
  }

  public func pace(_ secondsPerKm: Double?) -> String {
    guard let secondsPerKm else { return "-" }
    let seconds = system.pace(secondsPerKm: secondsPerKm)
    guard let clock = TimeSpan.minutesAndSeconds(seconds) else {
      return FixedNotation.format(seconds / 3600, decimals: 0) + " h /" + system.distanceSymbol
    }
    return clock + " /" + system.distanceSymbol
  }

  public func load(_ kg: Double?) -> String {
    guard let kg else { return "-" }
    return FixedNotation.format(system.load(kg: kg), decimals: 1) + " " + system.loadSymbol
  }

  public func weightMoved(_ kgKm: Double) -> String {
    FixedNotation.format(system.weightMoved(kgKm: kgKm), decimals: 1) + " " + system.loadSymbol
      + "·" + system.distanceSymbol
  }

  public func elevation(_ metres: Double?) -> String {
    guard let metres else { return "-" }
    return FixedNotation.format(system.elevation(metres: metres), decimals: 0) + " "
      + system.elevationSymbol
  }

  public func temperature(_ celsius: Double?) -> String {
    guard let celsius else { return "-" }
    return FixedNotation.format(system.temperature(celsius: celsius), decimals: 1) + " "
      + system.temperatureSymbol
  }

  /// A temperature band of the insights in these units (its bounds are whole °C).
  public func temperatureBand(_ band: RuckInsights.TemperatureBand) -> String {
    func degrees(_ celsius: Double) -> String {
      FixedNotation.format(
        system.temperature(celsius: celsius), decimals: system == .metric ? 0 : 1)
        + " " + system.temperatureSymbol
    }
    switch (band.fromC, band.toC) {
    case (nil, let to?): return "below \(degrees(to))"
    case (let from?, nil): return "\(degrees(from)) and above"
    case (let from?, let to?): return "\(degrees(from)) to \(degrees(to))"
    case (nil, nil): return "any temperature"
    }
  }

  /// A goal's measure in these units.
  public func goalValue(_ measure: GoalMeasure, _ value: Double) -> String {
    switch measure {
    case .distance: return distance(value)
    case .weightMoved: return weightMoved(value)
    case .elevation: return elevation(value)
    }
  }

  /// `weekly distance: 18.20 / 25.00 km (73%), 2026-02-02 to 2026-02-08`.
  public func goalLine(_ progress: GoalProgress) -> String {
    let goal = progress.goal
    let name =
      "\(goal.period == .week ? "weekly" : "monthly") "
      + goal.measure.rawValue.replacingOccurrences(of: "_", with: " ")
    return "\(name): \(goalValue(goal.measure, progress.done)) of "
      + "\(goalValue(goal.measure, goal.target)) (\(FixedNotation.format(progress.percent, decimals: 0))%"
      + (progress.met ? ", met" : "") + "), \(progress.start) to \(progress.end)"
  }

  public func duration(_ seconds: Double?) -> String {
    guard let seconds else { return "-" }
    guard let whole = TimeSpan.wholeSeconds(seconds) else {
      return FixedNotation.format(seconds / 3600, decimals: 0) + " h"
    }
    return TimeSpan(seconds: whole).clock
  }
}

/// `value` written as `%02d` writes it (`"07"`, `"42"`, `"-5"`), without Foundation's
/// formatter: the splits of a long session's page are hundreds of paces and times.
public func twoDigits(_ value: Int) -> String {
  (0..<10).contains(value) ? "0\(value)" : String(value)
}

extension TimeSpan {
  /// `H:MM:SS`.
  public var clock: String {
    "\(seconds / 3600):\(twoDigits(seconds / 60 % 60)):\(twoDigits(seconds % 60))"
  }
}
