import AnalyticsCore
import CLIKit
import DataFormats
import Foundation
import RVUDomain

/// The JSON shapes of `rvu-cli`: the seed API's keys, key for key, in a stable order.
enum RVUJSON {
  static func timestamp(_ date: Date) -> JSONValue {
    .string(date.ISO8601Format())
  }

  static func searchResult(_ hit: CodeSearchResult) -> JSONObject {
    [
      "hcpcs": .string(hit.hcpcs), "modifier": .string(hit.modifier),
      "description": .string(hit.description), "status_code": .string(hit.statusCode),
      "work_rvu": .decimal(hit.workRVU), "is_favorite": .bool(hit.isFavorite),
    ]
  }

  static func code(_ code: CatalogCode) -> JSONObject {
    [
      "year": .int(code.year), "hcpcs": .string(code.hcpcs), "modifier": .string(code.modifier),
      "description": .string(code.description), "status_code": .string(code.statusCode),
      "work_rvu": .decimal(code.workRVU),
      "non_facility_pe_rvu": .decimal(code.nonFacilityPracticeExpenseRVU),
      "facility_pe_rvu": .decimal(code.facilityPracticeExpenseRVU),
      "malpractice_rvu": .decimal(code.malpracticeRVU),
      "non_facility_total": .decimal(code.nonFacilityTotal),
      "facility_total": .decimal(code.facilityTotal), "global_days": .string(code.globalDays),
      "conversion_factor": .string(code.conversionFactor),
    ]
  }

  static func version(_ version: CatalogVersion) -> JSONObject {
    [
      "year": .int(version.year), "title": .string(version.title),
      "source": .string(version.source), "imported_at": timestamp(version.importedAt),
      "row_count": .int(version.rowCount),
    ]
  }

  static func procedure(_ procedure: Procedure) -> JSONObject {
    [
      "hcpcs": .string(procedure.hcpcs), "modifier": .string(procedure.modifier),
      "description": .string(procedure.description), "status_code": .string(procedure.statusCode),
      "work_rvu": .decimal(procedure.workRVU), "quantity": .int(procedure.quantity),
    ]
  }

  /// A visit; nested procedures for JSON, a compact `99213x2:25 G2211` list for tables and CSV.
  static func visit(_ detail: VisitDetail, nested: Bool) -> JSONObject {
    let visit = detail.visit
    let procedures: JSONValue =
      nested
      ? .array(detail.procedures.map { .object(procedure($0)) })
      : .string(
        detail.procedures.map { entry in
          entry.hcpcs + (entry.quantity > 1 ? "x\(entry.quantity)" : "")
            + (entry.modifier.map { ":" + $0 } ?? "")
        }.joined(separator: " "))
    return [
      "id": .int(Int(visit.id ?? 0)), "user_id": .string(visit.userId), "date": .date(visit.date),
      "time": .string(visit.time), "notes": .string(visit.notes),
      "is_no_show": .bool(visit.isNoShow), "total_work_rvu": .decimal(visit.totalWorkRVU),
      "procedures": procedures, "created_at": timestamp(visit.createdAt),
      "updated_at": timestamp(visit.updatedAt),
    ]
  }

  static func favorite(_ favorite: Favorite) -> JSONObject {
    [
      "id": .int(Int(favorite.id ?? 0)), "user_id": .string(favorite.userId),
      "hcpcs": .string(favorite.hcpcs), "sort_order": .int(favorite.sortOrder),
      "created_at": timestamp(favorite.createdAt),
    ]
  }

  static func summary(_ row: RVUSummaryRow) -> JSONObject {
    [
      "period_start": .date(row.periodStart), "total_work_rvu": .decimal(row.totalWorkRVU),
      "total_encounters": .int(row.totalEncounters), "total_no_shows": .int(row.totalNoShows),
    ]
  }

  static func codeRow(_ row: RVUCodeRow) -> JSONObject {
    [
      "period_start": .date(row.periodStart), "hcpcs": .string(row.hcpcs),
      "description": .string(row.description), "status_code": .string(row.statusCode),
      "total_work_rvu": .decimal(row.totalWorkRVU), "total_quantity": .int(row.totalQuantity),
      "encounter_count": .int(row.encounterCount),
    ]
  }

  static func totals(_ totals: RVUTotals) -> JSONObject {
    [
      "total_work_rvu": .decimal(totals.totalWorkRVU),
      "total_encounters": .int(totals.totalEncounters),
      "total_no_shows": .int(totals.totalNoShows),
      "avg_rvu_per_encounter": .decimal(totals.averageRVUPerEncounter),
    ]
  }
}
