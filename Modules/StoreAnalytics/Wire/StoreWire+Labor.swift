import AnalyticsCore
import DataFormats
import StoreModel

extension StoreWire {
  /// `{labor_hours, labor_cost, net_sales, labor_percent, sales_per_labor_hour}`: `null` where
  /// there is nothing to divide by.
  public static func laborFigures(_ figures: LaborFigures) -> JSONObject {
    [
      "labor_hours": .decimal(figures.hours), "labor_cost": .decimal(figures.cost),
      "net_sales": .decimal(figures.netSales),
      "labor_percent": .number(figures.percentOfSales, decimals: 1),
      "sales_per_labor_hour": figures.salesPerLaborHour.map(JSONValue.decimal) ?? .null,
    ]
  }

  public static let laborDayColumns = [
    "date", "labor_hours", "labor_cost", "net_sales", "labor_percent", "sales_per_labor_hour",
  ]

  public static func laborDay(_ date: LocalDate, _ figures: LaborFigures) -> JSONObject {
    var object: JSONObject = ["date": .date(date)]
    for field in laborFigures(figures).fields { object[field.key] = field.value }
    return object
  }

  public static func laborHour(_ hour: Int, _ figures: LaborFigures) -> JSONObject {
    var object: JSONObject = ["hour": .int(hour)]
    for field in laborFigures(figures).fields { object[field.key] = field.value }
    return object
  }

  /// `{store_id, start, end, shifts, employees, labor_hours, …, days: [...], hours: [...]}`.
  public static func labor(_ report: LaborReport) -> JSONObject {
    var object: JSONObject = [
      "store_id": .string(report.storeId), "start": .date(report.range.start),
      "end": .date(report.range.end), "shifts": .int(report.shifts),
      "employees": .int(report.employees),
    ]
    for field in laborFigures(report.total).fields { object[field.key] = field.value }
    object["days"] = .array(report.days.map { .object(laborDay($0.date, $0.figures)) })
    object["hours"] = .array(
      report.hours.enumerated().map { .object(laborHour($0.offset, $0.element)) })
    return object
  }
}
