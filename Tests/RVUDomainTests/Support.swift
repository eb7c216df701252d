import AnalyticsCore
import Foundation
import RVUDomain

/// `../shared/data`, beside the repository, where CI keeps the real data sets.
let sharedData = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
  .deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
  .appendingPathComponent("shared/data")

/// The CMS PPRRVU file, when the shared data is present.
let pprrvuURL = sharedData.appendingPathComponent("cms/PPRRVU2025_Oct.csv")
let hasPPRRVU = FileManager.default.fileExists(atPath: pprrvuURL.path)

/// A store with the real CMS 2025 file imported, today 2025-12-31 (the suites that use it skip
/// without the file).
func cmsStore() -> RVUStore {
  let store = try! RVUStore.inMemory(clock: .on(day("2025-12-31")))
  let file = try! RelativeValueFile(
    data: try! Data(contentsOf: pprrvuURL), fileName: "PPRRVU2025_Oct.csv")
  _ = try! store.importCatalog(file, year: nil, source: "PPRRVU2025_Oct.csv")
  return store
}

func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }
func rvu(_ text: String) -> FixedDecimal { try! FixedDecimal(parsing: text) }
func procedure(_ spec: String) -> ProcedureInput { try! ProcedureInput(parsing: spec) }

/// A small PPRRVU file in the CMS layout: title rows, the two-line header, code rows.
func miniPPRRVU(
  title: String = "2026 National Physician Fee Schedule Relative Value File January Release",
  rows: [String]
) -> Data {
  let header = """
    ,,\(title),,,,,,,,,,,,,,,,,,,,,,,,,,,,
    ,,CPT codes and descriptions only are copyright,,,,,,,,,,,,,,,,,,,,,,,,,,,,
    ,,,STATUS,MEDICARE ,WORK,NON-FAC,NA,FACILITY,NA,MP,NON-FACILITY,FACILITY,PCTC,GLOB,PRE,INTRA,POST,MULT,BILAT,ASST,CO-,TEAM,ENDO,CONV,DIAGNOSTIC,CALCULATION,FAMILY,PAYMENT,PAYMENT,PAYMENT
    HCPCS,MOD,DESCRIPTION,CODE,PAYMENT,RVU,PE RVU,INDICATOR,PE RVU,INDICATOR,RVU,TOTAL,TOTAL,IND,DAYS,OP,OP,OP,PROC,SURG,SURG,SURG,SURG,BASE,FACTOR,PROCEDURES,FLAG,INDICATOR,AMOUNT,AMOUNT,AMOUNT

    """
  return Data((header + rows.joined(separator: "\n") + "\n").utf8)
}

/// A code row of `miniPPRRVU`.
func row(_ code: String, _ description: String, modifier: String = "", work: String) -> String {
  "\(code),\(modifier),\(description),A,,\(work),1.00,,0.50,,0.10,2.00,1.50,0,XXX,0.00,0.00,0.00,0,0,0,0,0,,33.4009,09,0,99,0.00,0.00,0.00"
}
