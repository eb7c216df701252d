import AnalyticsCore
import DataFormats

extension JSONValue {
  /// An optional amount: the number, or `null` when unset.
  static func amount(_ value: FixedDecimal?) -> JSONValue { value.map(JSONValue.decimal) ?? .null }
}

extension RVUSettings {
  public var jsonObject: JSONObject {
    [
      "user_id": .string(userId), "dollars_per_rvu": .amount(dollarsPerRVU),
      "annual_target": .amount(annualTarget), "bonus_rate": .amount(bonusRate),
      "bonus_threshold": .amount(bonusThreshold), "setting": .string(practiceSetting.rawValue),
      "target_start": targetStart.map(JSONValue.date) ?? .null,
      "target_end": targetEnd.map(JSONValue.date) ?? .null, "bonus_per_rvu": .amount(bonusPerRVU),
      "reminder_enabled": .bool(reminderEnabled), "credit": .string(credit.rawValue),
      "gpci_work": .gpci(gpci?.work), "gpci_pe": .gpci(gpci?.practiceExpense),
      "gpci_mp": .gpci(gpci?.malpractice),
    ]
  }
}

extension JSONValue {
  /// An index in thousandths as CMS writes it (`0.869`), or `null` when unset (national).
  static func gpci(_ thousandths: Int64?) -> JSONValue {
    thousandths.map { .number(Double($0) / 1000, decimals: 3) } ?? .null
  }
}

extension RVUGoal {
  public var jsonObject: JSONObject {
    [
      "year": .int(year), "through": through.map(JSONValue.date) ?? .null,
      "work_rvu_to_date": .decimal(workRVUToDate), "annual_target": .amount(annualTarget),
      "working_days_elapsed": .int(workingDaysElapsed),
      "working_days_in_year": .int(workingDaysInYear),
      "expected_to_date": .amount(expectedToDate),
      "percent_of_expected": .amount(percentOfExpected),
      "projected_year_end": .amount(projectedYearEnd), "dollars_to_date": .amount(dollarsToDate),
      "projected_dollars": .amount(projectedDollars), "bonus_to_date": .amount(bonusToDate),
      "projected_bonus": .amount(projectedBonus), "period_start": .date(periodStart),
      "period_end": .date(periodEnd), "paced_from": .date(pacedFrom),
      "time_off_days": .int(timeOffDays),
    ]
  }
}

extension TimeOff {
  /// The keys of `jsonObject`, in order.
  public static let columns = ["id", "user_id", "from", "to", "working_days", "note", "created_at"]

  public var jsonObject: JSONObject {
    [
      "id": .int(Int(id ?? 0)), "user_id": .string(userId), "from": .date(from), "to": .date(to),
      "working_days": .int(workingDays), "note": .string(note), "created_at": createdAt.wireValue,
    ]
  }
}

extension RVUComparison {
  /// `{start, end, totals}` of the previous window.
  public var previousObject: JSONObject {
    ["start": .date(range.start), "end": .date(range.end), "totals": .object(totals.jsonObject)]
  }

  /// Percent change per total; `null` from zero.
  public var changeObject: JSONObject {
    [
      "total_work_rvu": .amount(workRVUChange), "total_encounters": .amount(encountersChange),
      "total_no_shows": .amount(noShowsChange),
    ]
  }
}
