import AnalyticsCore
import GRDB
import Storage

/// Where a physician works, which decides the practice-expense RVU of a payment estimate: CMS
/// pays less practice expense in a facility (hospital, ASC), where the facility bears the cost.
public enum PracticeSetting: String, Sendable, CaseIterable {
  case facility
  case nonFacility = "non-facility"

  /// Parses `facility` or `non-facility` (also `nonfacility`, `office`).
  public init(parsing text: String) throws {
    switch text.lowercased() {
    case "facility": self = .facility
    case "non-facility", "nonfacility", "office": self = .nonFacility
    default: throw TallyError(value: text, expected: "facility or non-facility")
    }
  }
}

/// Which work RVUs an employer credits: after CMS's modifier and multiple-procedure rules (as
/// Medicare pays), or as the catalog lists them, unreduced (some contracts do).
public enum RVUCredit: String, Sendable, CaseIterable {
  case adjusted
  case unadjusted

  /// Parses `adjusted` or `unadjusted`.
  public init(parsing text: String) throws {
    guard let credit = RVUCredit(rawValue: text.lowercased()) else {
      throw TallyError(value: text, expected: "adjusted or unadjusted")
    }
    self = credit
  }
}

/// A user's money and target settings (table `rvu_setting`); every value is optional until set.
public struct RVUSettings: Sendable, Equatable, FetchableRecord, PersistableRecord {
  public static let databaseTableName = "rvu_setting"

  public var userId: String
  /// What one work RVU is paid, in dollars.
  public var dollarsPerRVU: FixedDecimal?
  /// Work RVUs aimed for in a calendar year.
  public var annualTarget: FixedDecimal?
  /// The share of the RVU rate paid again for every work RVU above `bonusThreshold` (0.25: a
  /// quarter more).
  public var bonusRate: FixedDecimal?
  /// Work RVUs in a year above which the bonus is paid.
  public var bonusThreshold: FixedDecimal?
  public var practiceSetting: PracticeSetting
  /// The period `annualTarget` is aimed over when it is not the calendar year: the TrackMyRVU
  /// backend's target period (`targetStartDate`, `targetEndDate`); `nil` until set.
  public var targetStart: LocalDate?
  public var targetEnd: LocalDate?
  /// Dollars paid for every work RVU above the target: the backend's `bonusRate`, a simpler
  /// contract than `bonusRate` × `dollarsPerRVU` above `bonusThreshold`.
  public var bonusPerRVU: FixedDecimal?
  /// Whether the user asked for logging reminders (the backend's `reminderEnabled`).
  public var reminderEnabled: Bool
  /// Which work RVUs visits logged from now on are credited (`CreditRules`).
  public var credit: RVUCredit
  /// The GPCIs of the user's payment locality; `nil`: the national amounts.
  public var gpci: GPCI?

  public enum Columns {
    public static let userId = Column("user_id")
    public static let dollarsPerRVU = Column("dollars_per_rvu")
    public static let annualTarget = Column("annual_target")
    public static let bonusRate = Column("bonus_rate")
    public static let bonusThreshold = Column("bonus_threshold")
    public static let practiceSetting = Column("practice_setting")
    public static let targetStart = Column("target_start")
    public static let targetEnd = Column("target_end")
    public static let bonusPerRVU = Column("bonus_per_rvu")
    public static let reminderEnabled = Column("reminder_enabled")
    public static let credit = Column("credit")
    public static let gpci = Column("gpci")
  }

  /// The target period when none is set: the calendar year, as the RVU backend defaults it.
  public static func defaultTargetPeriod(year: Int) -> (start: LocalDate, end: LocalDate) {
    (LocalDate(year: year, month: 1, day: 1)!, LocalDate(year: year, month: 12, day: 31)!)
  }

  /// Nothing set yet: a non-facility practice, as most office-based physicians are.
  public init(userId: String) {
    self.userId = userId
    practiceSetting = .nonFacility
    reminderEnabled = false
    credit = .adjusted
  }

  public init(row: Row) throws {
    userId = row[Columns.userId]
    dollarsPerRVU = row[Columns.dollarsPerRVU]
    annualTarget = row[Columns.annualTarget]
    bonusRate = row[Columns.bonusRate]
    bonusThreshold = row[Columns.bonusThreshold]
    practiceSetting = PracticeSetting(rawValue: row[Columns.practiceSetting]) ?? .nonFacility
    targetStart = row[Columns.targetStart]
    targetEnd = row[Columns.targetEnd]
    bonusPerRVU = row[Columns.bonusPerRVU]
    reminderEnabled = row[Columns.reminderEnabled]
    credit = RVUCredit(rawValue: row[Columns.credit]) ?? .adjusted
    gpci = (row[Columns.gpci] as String?).flatMap { try? GPCI(parsing: $0) }
  }

  public func encode(to container: inout PersistenceContainer) throws {
    container[Columns.userId] = userId
    container[Columns.dollarsPerRVU] = dollarsPerRVU
    container[Columns.annualTarget] = annualTarget
    container[Columns.bonusRate] = bonusRate
    container[Columns.bonusThreshold] = bonusThreshold
    container[Columns.practiceSetting] = practiceSetting.rawValue
    container[Columns.targetStart] = targetStart
    container[Columns.targetEnd] = targetEnd
    container[Columns.bonusPerRVU] = bonusPerRVU
    container[Columns.reminderEnabled] = reminderEnabled
    container[Columns.credit] = credit.rawValue
    container[Columns.gpci] = gpci?.description
  }
}

extension RVUSettings: UserOwned {
  static var ownerColumn: Column { Columns.userId }
}

/// What `settings set` changes; `nil` keeps the current value.
public struct RVUSettingsChanges: Sendable, Equatable {
  public var dollarsPerRVU: FixedDecimal?
  public var annualTarget: FixedDecimal?
  public var bonusRate: FixedDecimal?
  public var bonusThreshold: FixedDecimal?
  public var practiceSetting: PracticeSetting?
  public var targetStart: LocalDate?
  public var targetEnd: LocalDate?
  public var bonusPerRVU: FixedDecimal?
  public var reminderEnabled: Bool?
  public var credit: RVUCredit?
  public var gpci: GPCI?

  public init(
    dollarsPerRVU: FixedDecimal? = nil, annualTarget: FixedDecimal? = nil,
    bonusRate: FixedDecimal? = nil, bonusThreshold: FixedDecimal? = nil,
    practiceSetting: PracticeSetting? = nil, targetStart: LocalDate? = nil,
    targetEnd: LocalDate? = nil, bonusPerRVU: FixedDecimal? = nil, reminderEnabled: Bool? = nil,
    credit: RVUCredit? = nil, gpci: GPCI? = nil
  ) {
    self.credit = credit
    self.gpci = gpci
    self.targetStart = targetStart
    self.targetEnd = targetEnd
    self.bonusPerRVU = bonusPerRVU
    self.reminderEnabled = reminderEnabled
    self.dollarsPerRVU = dollarsPerRVU
    self.annualTarget = annualTarget
    self.bonusRate = bonusRate
    self.bonusThreshold = bonusThreshold
    self.practiceSetting = practiceSetting
  }
}

extension RVUStore {
  /// The plausible settings: a dollar rate far above any contract's (about $50 per RVU), RVU
  /// counts far above a year of any physician's work (about 5,000-10,000), and a bonus of at
  /// most the whole rate again. Within them every goal and estimate stays far inside 64-bit
  /// hundredths, so no product can overflow.
  public static let settingRanges = (
    dollarsPerRVU: FixedDecimal.zero...FixedDecimal(hundredths: 1_000_000),
    rvus: FixedDecimal.zero...FixedDecimal(hundredths: 100_000_000),
    bonusRate: FixedDecimal.zero...FixedDecimal(hundredths: 100)
  )

  /// The user's settings (all unset, non-facility, until first set).
  public func settings(userId: String) throws -> RVUSettings {
    try writer.read { db in
      try RVUSettings.owned(by: userId).fetchOne(db) ?? RVUSettings(userId: userId)
    }
  }

  /// Changes the settings `changes` gives and keeps the others.
  ///
  /// - throws: `TallyError` naming an amount outside `settingRanges`, such as a negative one or
  ///   a bonus rate above 1 (more than the whole rate again is a typing slip, not a contract);
  ///   nothing changes.
  public func updateSettings(_ changes: RVUSettingsChanges, userId: String) throws
    -> RVUSettings
  {
    let ranges = Self.settingRanges
    let amounts: [(String, FixedDecimal?, ClosedRange<FixedDecimal>, String)] = [
      ("dollars_per_rvu", changes.dollarsPerRVU, ranges.dollarsPerRVU, ""),
      ("annual_target", changes.annualTarget, ranges.rvus, " RVUs"),
      ("bonus_rate", changes.bonusRate, ranges.bonusRate, " (0.25 for a quarter)"),
      ("bonus_threshold", changes.bonusThreshold, ranges.rvus, " RVUs"),
      ("bonus_per_rvu", changes.bonusPerRVU, ranges.dollarsPerRVU, ""),
    ]
    for case (let field, let value?, let range, let unit) in amounts where !range.contains(value) {
      throw TallyError.invalid(
        field, "\(value)", expected: "\(range.lowerBound) to \(range.upperBound)\(unit)",
        category: .usage)
    }
    if let gpci = changes.gpci,
      ![gpci.work, gpci.practiceExpense, gpci.malpractice].allSatisfy(GPCI.plausible.contains)
    {
      throw TallyError.invalid(
        "gpci", gpci.description, expected: "three indices each 0.100 to 3.000", category: .usage)
    }
    return try writer.write { db in
      var settings = try RVUSettings.owned(by: userId).fetchOne(db) ?? RVUSettings(userId: userId)
      if let value = changes.dollarsPerRVU { settings.dollarsPerRVU = value }
      if let value = changes.annualTarget { settings.annualTarget = value }
      if let value = changes.bonusRate { settings.bonusRate = value }
      if let value = changes.bonusThreshold { settings.bonusThreshold = value }
      if let value = changes.practiceSetting { settings.practiceSetting = value }
      if let value = changes.targetStart { settings.targetStart = value }
      if let value = changes.targetEnd { settings.targetEnd = value }
      if let value = changes.bonusPerRVU { settings.bonusPerRVU = value }
      if let value = changes.reminderEnabled { settings.reminderEnabled = value }
      if let value = changes.credit { settings.credit = value }
      if let value = changes.gpci { settings.gpci = value }
      if let start = settings.targetStart, let end = settings.targetEnd, end < start {
        throw TallyError.invalid(
          "target_end", end.description, expected: "a day on or after target_start (\(start))",
          category: .usage)
      }
      try settings.save(db)
      return settings
    }
  }
}
