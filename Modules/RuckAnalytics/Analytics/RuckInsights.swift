import AnalyticsCore

/// What terrain, weather and load do to pace and effort.
public struct RuckInsights: Sendable, Equatable {
  /// Sessions per pace bin of one minute per kilometre.
  public struct PaceBin: Sendable, Equatable {
    /// The bin's edges, s/km (`from` included, `to` excluded; the last bin includes `to`).
    public let from: Double, to: Double
    /// Sessions whose pace falls in it.
    public let sessions: Int
  }

  /// Effect of one terrain (or of sessions without one: `terrain` nil).
  public struct TerrainImpact: Sendable, Equatable {
    /// The terrain.
    public let terrain: Terrain?
    /// Sessions on it.
    public let sessions: Int
    /// Distance-weighted average pace over its sessions with a moving time, s/km.
    public let averagePaceSecondsPerKm: Double?
    /// Sessions left out of the pace: no known moving time.
    public let sessionsWithoutMovingTime: Int
    /// Σ calories ÷ Σ elapsed hours over its sessions with calories.
    public let caloriesPerHour: Double?
  }

  /// Pace in one temperature band.
  public struct WeatherImpact: Sendable, Equatable {
    public let band: TemperatureBand
    /// Sessions in it.
    public let sessions: Int
    /// Distance-weighted average pace over its sessions with a moving time, s/km.
    public let averagePaceSecondsPerKm: Double?
    /// Sessions left out of the pace: no known moving time.
    public let sessionsWithoutMovingTime: Int
  }

  /// Average load of one month.
  public struct LoadMonth: Sendable, Equatable {
    /// Its first day.
    public let month: LocalDate
    /// Sessions that month.
    public let sessions: Int
    /// Mean load, kg.
    public let averageLoadKg: Double
  }

  /// A session's burn rate.
  public struct BurnRate: Sendable, Equatable {
    /// The session.
    public let sessionId: Int64
    /// Its day.
    public let date: LocalDate
    /// kcal per elapsed hour.
    public let kilocaloriesPerHour: Double
  }

  /// Pace histogram over sessions of at least 1 km with a moving time.
  public let paceDistribution: [PaceBin]
  /// The most one-minute pace bins: 0:00 to 60:00 /km past the fastest covers any walk; slower
  /// paces share the last bin.
  public static let maximumPaceBins = 60
  /// Sessions left out of every pace figure: no known moving time.
  public let sessionsWithoutMovingTime: Int
  /// Per terrain.
  public let terrainImpact: [TerrainImpact]
  /// Per temperature band (sessions with a temperature).
  public let weatherImpact: [WeatherImpact]
  /// Per month with sessions.
  public let loadProgression: [LoadMonth]
  /// Least-squares slope of the monthly average load, kg per month (`nil` under two months).
  public let loadSlopeKgPerMonth: Double?
  /// Per session with calories.
  public let calorieBurn: [BurnRate]
  /// Σ calories ÷ Σ elapsed hours over them.
  public let averageKilocaloriesPerHour: Double?
  /// Sessions up to the as-of day of types insights leave out (runs, rides, `other`, unloaded
  /// walks).
  public let sessionsOfOtherTypes: Int

  /// A band of air temperatures, °C: below 0, 0–10, 10–20, 20–30, 30 and above.
  public struct TemperatureBand: Sendable, Equatable {
    /// The lower edge, included (`nil`: no lower edge).
    public let fromC: Double?
    /// The upper edge, excluded (`nil`: no upper edge).
    public let toC: Double?

    var range: Range<Double> { (fromC ?? -.infinity)..<(toC ?? .infinity) }

    /// Ten-degree bands from freezing up, with open ends: how people describe the weather.
    static let all: [TemperatureBand] = [
      .init(fromC: nil, toC: 0), .init(fromC: 0, toC: 10), .init(fromC: 10, toC: 20),
      .init(fromC: 20, toC: 30), .init(fromC: 30, toC: nil),
    ]
  }
}

extension RuckStore {
  /// Insights over every counted session up to the as-of day (as records, not flagged or
  /// excluded ones).
  public func insights(asOf: LocalDate, zone: Zone) throws -> RuckInsights {
    // A session flagged as implausible on foot (a drive recorded by mistake) and not confirmed,
    // or one the user left out, would skew paces and burn rates as it skews records.
    let (dated, leftOut, _, _) = try dated(zone: zone, asOf: asOf)
    let all = dated.filter { $0.session.recordStatus == .counted }
    let sessions = all.map(\.session)

    let paces = sessions.filter { $0.distanceMeters >= RuckRecords.paceMinimumMeters }.compactMap(
      \.paceSecondsPerKm)
    var bins: [RuckInsights.PaceBin] = []
    if let low = paces.min(), let high = paces.max() {
      let first = (low / 60).rounded(.down) * 60
      let last = max(first + 60, ((high / 60).rounded(.down) + 1) * 60)
      // One-minute bins, at most `RuckInsights.maximumPaceBins`: the last one then reaches to
      // the slowest pace, so a session of 300,000 hours makes one wide bin, not millions.
      var edges = Array(
        stride(
          from: first, through: min(last, first + 60 * Double(RuckInsights.maximumPaceBins)), by: 60
        ))
      if last > edges[edges.count - 1] { edges[edges.count - 1] = high }
      let histogram = try Histogram(paces, edges: edges)
      bins = histogram.bins.map { .init(from: $0.lower, to: $0.upper, sessions: $0.count) }
    }

    let terrains: [Terrain?] = Terrain.allCases.map { $0 } + [nil]
    let terrainImpact = terrains.compactMap { terrain -> RuckInsights.TerrainImpact? in
      let group = sessions.filter { $0.terrain == terrain }
      guard !group.isEmpty else { return nil }
      let totals = RuckTotals(group)
      return .init(
        terrain: terrain, sessions: group.count,
        averagePaceSecondsPerKm: totals.averagePaceSecondsPerKm,
        sessionsWithoutMovingTime: totals.sessionsWithoutMovingTime,
        caloriesPerHour: Self.burnRate(group))
    }

    let weatherImpact = RuckInsights.TemperatureBand.all.compactMap {
      band -> RuckInsights.WeatherImpact? in
      let group = sessions.filter { $0.temperatureC.map(band.range.contains) ?? false }
      guard !group.isEmpty else { return nil }
      let totals = RuckTotals(group)
      return .init(
        band: band, sessions: group.count, averagePaceSecondsPerKm: totals.averagePaceSecondsPerKm,
        sessionsWithoutMovingTime: totals.sessionsWithoutMovingTime)
    }

    var byMonth: [LocalDate: [SessionFacts]] = [:]
    for (day, session) in all { byMonth[Period.month.start(of: day), default: []].append(session) }
    let months = byMonth.keys.sorted()
    let loadProgression = months.map { month in
      let group = byMonth[month]!
      return RuckInsights.LoadMonth(
        month: month, sessions: group.count,
        averageLoadKg: group.reduce(0) { $0 + $1.loadKg } / Double(group.count))
    }
    let slope = LinearFit(
      points: zip(months, loadProgression).map { month, row in
        (
          Double((month.year - months[0].year) * 12 + month.month - months[0].month),
          row.averageLoadKg
        )
      })?.slope

    let burn = all.compactMap { day, session -> RuckInsights.BurnRate? in
      guard let calories = session.calories, session.elapsedSeconds > 0 else { return nil }
      return .init(
        sessionId: session.id, date: day,
        kilocaloriesPerHour: calories / (session.elapsedSeconds / 3600))
    }
    return RuckInsights(
      paceDistribution: bins,
      sessionsWithoutMovingTime: sessions.filter { $0.movingSeconds <= 0 }.count,
      terrainImpact: terrainImpact, weatherImpact: weatherImpact,
      loadProgression: loadProgression, loadSlopeKgPerMonth: slope, calorieBurn: burn,
      averageKilocaloriesPerHour: Self.burnRate(sessions), sessionsOfOtherTypes: leftOut.count)
  }

  /// Σ calories ÷ Σ elapsed hours over sessions with calories.
  static func burnRate(_ sessions: [SessionFacts]) -> Double? {
    let withCalories = sessions.filter { $0.calories != nil && $0.elapsedSeconds > 0 }
    let hours = withCalories.reduce(0) { $0 + $1.elapsedSeconds } / 3600
    guard hours > 0 else { return nil }
    return withCalories.reduce(0) { $0 + $1.calories! } / hours
  }
}
