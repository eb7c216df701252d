import AnalyticsCore
import CLIKit
import DataFormats
import Foundation
import Storage
import Testing

private let rows: [JSONObject] = [
  [
    "period_start": .string("2026-02-02"),
    "total_work_rvu": .decimal(FixedDecimal(hundredths: 1240)),
    "total_encounters": .int(9), "note": .null,
  ],
  [
    "period_start": .string("2026-02-09"),
    "total_work_rvu": .decimal(FixedDecimal(hundredths: 485)),
    "total_encounters": .int(4), "note": .string("say \"hi\", ok"),
  ],
]

@Suite("Rendering")
struct RenderingTests {
  @Test("JSON keeps key order, exact decimals, nulls, escapes") func json() {
    let expected = """
      [
        {
          "period_start": "2026-02-02",
          "total_work_rvu": 12.40,
          "total_encounters": 9,
          "note": null
        },
        {
          "period_start": "2026-02-09",
          "total_work_rvu": 4.85,
          "total_encounters": 4,
          "note": "say \\"hi\\", ok"
        }
      ]

      """
    #expect(OutputFormat.json.render(rows: rows) == expected)
  }

  @Test(
    "JSON scalars",
    arguments: [
      (JSONValue.number(2.0 / 3, decimals: 1), "0.7"), (.number(-0.001, decimals: 2), "0.00"),
      (.number(.infinity, decimals: 2), "null"), (.number(3, decimals: nil), "3"),
      (.number(2.5, decimals: nil), "2.5"), (.number(nil), "null"), (.bool(true), "true"),
      (.string("tab\tnew\nline\u{01}é"), #""tab\tnew\nline\u0001é""#), (.string(nil), "null"),
      (.array([]), "[]"), (.object([:]), "{}"), (.date(day("2026-02-08")), #""2026-02-08""#),
      (.decimal(FixedDecimal(hundredths: -5)), "-0.05"),
      (.object(["a": .array([.int(1), .null])]), #"{"a":[1,null]}"#),
    ])
  func scalars(value: JSONValue, text: String) {
    #expect(JSONWriter.compact(value) == text)
  }

  @Test("an object renders as JSON, key/value table and one CSV row") func object() {
    let object: JSONObject = [
      "total_revenue": .decimal(FixedDecimal(hundredths: 12_050)),
      "period": .object(["start": .string("2026-02-02"), "end": .string("2026-02-08")]),
    ]
    #expect(
      OutputFormat.json.render(object: object) == """
        {
          "total_revenue": 120.50,
          "period": {
            "start": "2026-02-02",
            "end": "2026-02-08"
          }
        }

        """)
    #expect(
      OutputFormat.table.render(object: object) == """
        total_revenue  120.50
        period.start   2026-02-02
        period.end     2026-02-08

        """)
    #expect(
      OutputFormat.csv.render(object: object)
        == "total_revenue,period.start,period.end\r\n120.50,2026-02-02,2026-02-08\r\n")
  }

  @Test("CSV follows RFC 4180") func csv() {
    #expect(
      OutputFormat.csv.render(rows: rows)
        == "period_start,total_work_rvu,total_encounters,note\r\n"
        + "2026-02-02,12.40,9,\r\n"
        + "2026-02-09,4.85,4,\"say \"\"hi\"\", ok\"\r\n")
    #expect(CSVWriter.escape("a\nb") == "\"a\nb\"")
    #expect(CSVWriter.escape("plain") == "plain")
    // Columns are the union of all rows' keys, in first-seen order.
    #expect(CSVWriter.write([["a": .int(1)], ["b": .int(2)]]) == "a,b\r\n1,\r\n,2\r\n")
    #expect(CSVWriter.write([]) == "")
  }

  @Test("tables align numbers right and text left") func table() {
    let expected = """
      PERIOD START  TOTAL WORK RVU  TOTAL ENCOUNTERS  NOTE
      ------------  --------------  ----------------  ------------
      2026-02-02             12.40                 9  -
      2026-02-09              4.85                 4  say "hi", ok

      """
    #expect(OutputFormat.table.render(rows: rows) == expected)
    #expect(OutputFormat.table.render(rows: []) == "(no rows)\n")
  }

  @Test("object subscripts set, replace and remove") func subscripts() {
    var object: JSONObject = ["a": .int(1)]
    object["b"] = .int(2)
    object["a"] = .int(3)
    #expect(object.keys == ["a", "b"])
    #expect(object["a"] == .int(3))
    object["a"] = nil
    #expect(object.keys == ["b"])
  }

  @Test("bar chart scales to the largest value in eighths") func barChart() {
    let chart = BarChart.render(
      [("Mon", 8), ("Tue", 2), ("Wednesday", 0), ("Thu", -1), ("Fri", 1)], width: 8)
    let expected = """
      Mon        ████████ 8.00
      Tue        ██       2.00
      Wednesday           0.00
      Thu                 -1.00
      Fri        █        1.00

      """
    #expect(chart == expected)
    // 3 of 8 over a width of 4 is 1.5 cells: one full block and a half block.
    #expect(BarChart.render([("a", 8), ("b", 3)], width: 4).contains("█▌"))
    #expect(BarChart.render([]) == "")
  }

  @Test("sparklines span the minimum to the maximum") func sparkline() {
    #expect(Sparkline.render([1, 2, 3, 4, 5, 6, 7, 8]) == "▁▂▃▄▅▆▇█")
    #expect(Sparkline.render([0, nil, 7]) == "▁ █")
    #expect(Sparkline.render([5, 5]) == "▄▄")
    // A span wider than a Double holds (1e308 − −1e308 = inf): the minimum is still 0/inf = 0,
    // the maximum's inf/inf has no ratio and draws the middle block instead of trapping.
    #expect(Sparkline.render([-1e308, 1e308]) == "▁▄")
    #expect(Sparkline.render([nil, nil]) == "  ")
  }
}

private func day(_ text: String) -> LocalDate { try! LocalDate(parsing: text) }

@Suite("Tables that fit")
struct FittingTests {
  @Test("long text is cut with an ellipsis; numbers are kept whole") func fits() {
    let rows: [JSONObject] = [
      [
        "code": .string("99214"), "description": .string("Office o/p est mod 30 min"),
        "rvu": .decimal(FixedDecimal(hundredths: 192)),
      ]
    ]
    // Full width: 5 + 2 + 25 + 2 + 4 = 38 characters.
    #expect(TableWriter.write(rows).split(separator: "\n")[2].count == 38)
    // In 30 columns the description gives 8 characters: 25 → 17, cut to 16 + "…".
    let narrow = TableWriter.write(rows, width: 30).split(separator: "\n")
    #expect(narrow[2] == "99214  Office o/p est m…  1.92")
    #expect(narrow.allSatisfy { $0.count <= 30 })
  }

  @Test("an empty CSV still has its header") func emptyCSV() {
    #expect(CSVWriter.write([], columns: ["id", "date"]) == "id,date\r\n")
    #expect(CSVWriter.write([]) == "")
  }
}

@Suite("Completing names from the database")
struct DatabaseCompletionTests {
  @Test("names of an existing database, filtered by prefix; none without a database") func names()
    throws
  {
    let path = NSTemporaryDirectory() + "tally-completion-\(UUID().uuidString).sqlite"
    let list: (DatabaseLocation, String) throws -> [String] = { _, _ in
      ["downtown", "Dockside", "uptown"]
    }
    #expect(
      DatabaseCompletion.suggestions(
        app: "store", words: ["store-metrics", "daily", "--db", path, "--store"], prefix: "do",
        environment: [:], names: list) == [])
    FileManager.default.createFile(atPath: path, contents: Data())
    defer { try? FileManager.default.removeItem(atPath: path) }
    #expect(
      DatabaseCompletion.suggestions(
        app: "store", words: ["store-metrics", "daily", "--db", path, "--store"], prefix: "do",
        environment: [:], names: list) == ["downtown", "Dockside"])
    #expect(
      DatabaseCompletion.suggestions(
        app: "store", words: ["store-metrics", "daily"], prefix: "",
        environment: ["TALLY_STORE_DB": path], names: list
      ).count == 3)
  }
}
