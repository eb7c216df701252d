import AnalyticsCore
import DataFormats

// The JSON shapes of the RVU domain: the seed API's keys (seed 001), key for key, in a stable
// order, so that the CLI and a server write the same bytes. Amounts are JSON numbers with their
// exact digits.

extension Instant {
  /// Whole seconds, as the API has always written its timestamps (`2026-02-01T10:00:00Z`).
  var wireValue: JSONValue {
    .string(Instant(secondsSinceEpoch: wholeSecondsSinceEpoch).description)
  }
}

extension CodeSearchResult {
  /// The keys of `jsonObject`, in order: the header of an empty CSV.
  public static let columns = [
    "hcpcs", "modifier", "description", "status_code", "work_rvu", "is_favorite",
  ]

  public var jsonObject: JSONObject {
    [
      "hcpcs": .string(hcpcs), "modifier": .string(modifier), "description": .string(description),
      "status_code": .string(statusCode), "work_rvu": .amount(workRVU),
      "is_favorite": .bool(isFavorite),
    ]
  }
}

extension CatalogCode {
  public var jsonObject: JSONObject {
    [
      "year": .int(version / 10_000), "hcpcs": .string(hcpcs), "modifier": .string(modifier),
      "description": .string(description), "status_code": .string(statusCode),
      "work_rvu": .amount(workRVU),
      "non_facility_pe_rvu": .amount(nonFacilityPracticeExpenseRVU),
      "facility_pe_rvu": .amount(facilityPracticeExpenseRVU),
      "malpractice_rvu": .amount(malpracticeRVU),
      "non_facility_total": .amount(nonFacilityTotal),
      "facility_total": .amount(facilityTotal), "global_days": .string(globalDays),
      "conversion_factor": Self.number(conversionFactor),
    ]
  }

  /// The factor as a JSON number with the file's own digits (`32.3465`), `null` when the file
  /// left it empty.
  static func number(_ text: String) -> JSONValue {
    guard let value = Double(text) else { return .null }
    let decimals = text.firstIndex(of: ".").map { text.distance(from: $0, to: text.endIndex) - 1 }
    return .number(value, decimals: decimals ?? 0)
  }
}

extension CatalogVersion {
  public static let columns = [
    "year", "effective_on", "title", "source", "imported_at", "row_count",
  ]

  public var jsonObject: JSONObject {
    [
      "year": .int(year), "effective_on": .date(effectiveOn), "title": .string(title),
      "source": .string(source),
      "imported_at": importedAt.wireValue, "row_count": .int(rowCount),
    ]
  }
}

extension Procedure {
  /// The procedure with its own `id` and its `visit_id`, which the published TrackMyRVU app
  /// requires of every procedure (`VisitProcedure`: without them its visit history fails to
  /// load, issue 31).
  public var jsonObject: JSONObject {
    [
      "id": .int(Int(id ?? 0)), "visit_id": .int(Int(visitId)), "hcpcs": .string(hcpcs),
      "modifier": .string(modifier), "description": .string(description),
      "status_code": .string(statusCode), "work_rvu": .decimal(workRVU),
      "quantity": .int(quantity), "work_rvu_unadjusted": .decimal(workRVUUnadjusted ?? workRVU),
      "adjustment": .string(adjustment),
    ]
  }

  /// `99213x2:25`: the form a user types, for one-line listings.
  public var compactText: String {
    hcpcs + (quantity > 1 ? "x\(quantity)" : "") + (modifier.map { ":" + $0 } ?? "")
  }
}

extension VisitDetail {
  /// The keys of `jsonObject(nested: false)`, in order.
  public static let columns = [
    "id", "user_id", "date", "time", "notes", "is_no_show", "total_work_rvu", "procedures",
    "created_at", "updated_at",
  ]

  /// A visit with nested procedures (`nested`, as the API returns it) or a compact
  /// `99213x2:25 G2211` list for flat formats (tables, CSV).
  public func jsonObject(nested: Bool) -> JSONObject {
    let procedures: JSONValue =
      nested
      ? .array(self.procedures.map { .object($0.jsonObject) })
      : .string(self.procedures.map(\.compactText).joined(separator: " "))
    return [
      "id": .int(Int(visit.id ?? 0)), "user_id": .string(visit.userId), "date": .date(visit.date),
      "time": .string(visit.time), "notes": .string(visit.notes),
      "is_no_show": .bool(visit.isNoShow), "total_work_rvu": .decimal(visit.totalWorkRVU),
      "procedures": procedures, "created_at": visit.createdAt.wireValue,
      "updated_at": visit.updatedAt.wireValue,
    ]
  }
}

extension VisitDetail {
  /// The keys of `jsonObject(nested: false, estimate:)`, in order.
  public static let columnsWithPayment = columns + ["setting", "estimated_payment"]

  /// The visit as the CLI shows it: the API's object, then its place of service (`null`: the
  /// user's setting) and its payment estimate in dollars.
  public func jsonObject(nested: Bool, estimate: PaymentEstimate) -> JSONObject {
    var object = jsonObject(nested: nested)
    object["setting"] = .string(visit.setting?.rawValue)
    object["estimated_payment"] = .decimal(estimate.amount)
    return object
  }
}

extension Favorite {
  public static let columns = ["id", "user_id", "hcpcs", "sort_order", "created_at"]

  public var jsonObject: JSONObject {
    [
      "id": .int(Int(id ?? 0)), "user_id": .string(userId), "hcpcs": .string(hcpcs),
      "sort_order": .int(sortOrder), "created_at": createdAt.wireValue,
    ]
  }
}

extension CustomCode {
  public static let columns = ["id", "user_id", "hcpcs", "description", "work_rvu", "created_at"]

  public var jsonObject: JSONObject {
    [
      "id": .int(Int(id ?? 0)), "user_id": .string(userId), "hcpcs": .string(hcpcs),
      "description": .string(description), "work_rvu": .decimal(workRVU),
      "created_at": createdAt.wireValue,
    ]
  }
}

extension VisitTemplate {
  /// The keys of `jsonObject(nested: false)`, in order.
  public static let columns = [
    "id", "user_id", "name", "sort_order", "created_at", "updated_at", "items",
  ]

  /// A template with its items as objects (`nested`, as the API answers them; `details` adds
  /// each code's description, status and work RVU where known) or as a `99213 20610x2` list for
  /// flat formats.
  public func jsonObject(nested: Bool, details: [String: JSONObject] = [:]) -> JSONObject {
    let items: JSONValue =
      nested
      ? .array(
        self.items.map { item in
          var object: JSONObject = ["hcpcs": .string(item.hcpcs), "quantity": .int(item.quantity)]
          for field in details[item.hcpcs]?.fields ?? [] { object[field.key] = field.value }
          return .object(object)
        })
      : .string(
        self.items.map { $0.hcpcs + ($0.quantity > 1 ? "x\($0.quantity)" : "") }
          .joined(separator: " "))
    return [
      "id": .int(Int(id)), "user_id": .string(userId), "name": .string(name),
      "sort_order": .int(sortOrder), "created_at": createdAt.wireValue,
      "updated_at": updatedAt.wireValue, "items": items,
    ]
  }
}

extension RVUSummaryRow {
  public static let columns = [
    "period_start", "total_work_rvu", "total_encounters", "total_no_shows",
  ]

  public var jsonObject: JSONObject {
    [
      "period_start": .date(periodStart), "total_work_rvu": .decimal(totalWorkRVU),
      "total_encounters": .int(totalEncounters), "total_no_shows": .int(totalNoShows),
    ]
  }
}

extension RVUCodeRow {
  public static let columns = [
    "period_start", "hcpcs", "description", "status_code", "total_work_rvu", "total_quantity",
    "encounter_count",
  ]

  public var jsonObject: JSONObject {
    [
      "period_start": .date(periodStart), "hcpcs": .string(hcpcs),
      "description": .string(description), "status_code": .string(statusCode),
      "total_work_rvu": .decimal(totalWorkRVU), "total_quantity": .int(totalQuantity),
      "encounter_count": .int(encounterCount),
    ]
  }
}

extension RVUTotals {
  public var jsonObject: JSONObject {
    [
      "total_work_rvu": .decimal(totalWorkRVU), "total_encounters": .int(totalEncounters),
      "total_no_shows": .int(totalNoShows),
      "avg_rvu_per_encounter": .decimal(averageRVUPerEncounter),
    ]
  }
}

extension PaymentEstimate {
  /// The key an estimate's amount is added under, to a visit or an analytics row.
  public static let column = "medicare_payment_estimate"
}

extension ReconcileRow {
  /// The keys of `jsonObject`, in order.
  public static let columns = [
    "period", "hcpcs", "modifier", "statement_units", "logged_units", "units_difference",
    "statement_work_rvu", "logged_work_rvu", "work_rvu_difference", "status",
  ]

  /// `period` is `2025-11` per month, the day per day, `null` per code.
  public func jsonObject(_ grouping: ReconcileGrouping) -> JSONObject {
    let period: JSONValue =
      switch (grouping, self.period) {
      case (.month, let day?): .string(String(day.description.prefix(7)))
      case (.day, let day?): .date(day)
      default: .null
      }
    return [
      "period": period, "hcpcs": .string(hcpcs), "modifier": .string(modifier),
      "statement_units": .int(statementUnits), "logged_units": .int(loggedUnits),
      "units_difference": .int(unitsDifference),
      "statement_work_rvu": statementWorkRVU.map(JSONValue.decimal) ?? .null,
      "logged_work_rvu": .decimal(loggedWorkRVU),
      "work_rvu_difference": workRVUDifference.map(JSONValue.decimal) ?? .null,
      "status": .string(status.rawValue),
    ]
  }
}

extension Reconciliation {
  /// The sums of both sides and how many rows agree.
  public var totalsObject: JSONObject {
    [
      "statement_units": .int(statementUnits), "logged_units": .int(loggedUnits),
      "units_difference": .int(statementUnits - loggedUnits),
      "statement_work_rvu": statementWorkRVU.map(JSONValue.decimal) ?? .null,
      "logged_work_rvu": .decimal(loggedWorkRVU),
      "work_rvu_difference": statementWorkRVU.map { .decimal($0 - loggedWorkRVU) } ?? .null,
      "rows": .int(rows.count), "matching": .int(count(.match)),
      "differing": .int(count(.differs)), "statement_only": .int(count(.statementOnly)),
      "logged_only": .int(count(.loggedOnly)),
    ]
  }

  /// `{start, end, by, rows, totals}`.
  public var jsonObject: JSONObject {
    [
      "start": .date(range.start), "end": .date(range.end), "by": .string(grouping.rawValue),
      "rows": .array(rows.map { .object($0.jsonObject(grouping)) }),
      "totals": .object(totalsObject),
    ]
  }
}

extension VisitDetail {
  /// The visit as rows of the visits CSV `VisitImportFile` reads (`csvColumns`): one per
  /// procedure, or one without a code for a no-show that has none. `work_rvu` is the credit,
  /// `work_rvu_unadjusted` the value the rules start from, so an import applies them once.
  public var csvRows: [JSONObject] {
    let visitCells: JSONObject = [
      "visit": .int(Int(visit.id ?? 0)), "date": .date(visit.date), "time": .string(visit.time),
      "notes": .string(visit.notes), "no_show": .bool(visit.isNoShow),
      "setting": .string(visit.setting?.rawValue),
    ]
    func row(_ procedure: Procedure?) -> JSONObject {
      JSONObject(
        VisitImportFile.csvColumns.map { column in
          if let value = visitCells[column] { return (column, value) }
          guard let procedure else { return (column, .null) }
          let value: JSONValue =
            switch column {
            case "hcpcs": .string(procedure.hcpcs)
            case "modifier": .string(procedure.modifier)
            case "quantity": .int(procedure.quantity)
            case "work_rvu": .decimal(procedure.workRVU)
            case "work_rvu_unadjusted": .decimal(procedure.workRVUUnadjusted ?? procedure.workRVU)
            case "description": .string(procedure.description)
            case "status_code": .string(procedure.statusCode)
            default: .null
            }
          return (column, value)
        })
    }
    return procedures.isEmpty ? [row(nil)] : procedures.map(row)
  }
}
