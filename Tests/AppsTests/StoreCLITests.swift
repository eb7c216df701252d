import Foundation
import Testing

private struct StoreScratch {
  let folder = NSTemporaryDirectory() + "tally-store-cli-" + UUID().uuidString
  var db: String { folder + "/store.sqlite" }

  init() throws {
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
  }

  func run(_ arguments: [String]) throws -> AppRunner.Result {
    try AppRunner.run("store-metrics", arguments, environment: ["TALLY_STORE_DB": db])
  }

  func write(_ name: String, _ text: String) throws -> String {
    let path = folder + "/" + name
    try Data(text.utf8).write(to: URL(fileURLWithPath: path))
    return path
  }

  func remove() { try? FileManager.default.removeItem(atPath: folder) }
}

private let orders = """
  order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,unit_price,tax
  A1,NYC,2026-03-07 23:59,completed,c1,Burger,Mains,2,10.00,1.60
  A2,NYC,2026-03-08 00:01,completed,c1,Burger,Mains,1,10.00,0.80
  A3,NYC,2026-03-08 12:30,cancelled,c2,Burger,Mains,4,10.00,3.20
  """

@Suite("store-metrics end to end")
struct StoreCLITests {
  @Test("import, then metrics, chart and daily through the real output paths") func flow() throws {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    #expect(
      try scratch.run([
        "stores", "add", "NYC", "--name", "New York", "--time-zone", "America/New_York",
      ]).status == 0)
    let imported = try scratch.run(["import", try scratch.write("o.csv", orders)])
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output == "Imported 3 new orders (3 lines).\n")
    let metrics = try scratch.run([
      "metrics", "--store", "NYC", "--range", "today", "--as-of", "2026-03-08", "--format", "json",
    ])
    #expect(
      metrics.output == """
        {
          "total_revenue": 10.00,
          "total_orders": 1,
          "avg_order_value": 10.00,
          "unique_customers": 1,
          "revenue_change": -50.0,
          "orders_change": 0,
          "orders_change_percent": 0.0,
          "cancelled_orders": 1,
          "cancelled_amount": 40.00,
          "cancellation_rate": 50.0,
          "refunded_orders": 0,
          "refunded_amount": 0.00,
          "refund_rate": 0.0,
          "gross_sales": 10.00,
          "discounts": 0.00,
          "comps": 0.00,
          "refunds": 0.00,
          "net_sales": 10.00,
          "tips": 0.00,
          "total_tax": 0.80,
          "period": {
            "start": "2026-03-08",
            "end": "2026-03-08",
            "previous_start": "2026-03-07",
            "previous_end": "2026-03-07"
          }
        }

        """)
    let chart = try scratch.run([
      "chart", "--store", "NYC", "--range", "week", "--as-of", "2026-03-08", "--format", "csv",
    ])
    #expect(chart.output.hasPrefix("time_label,revenue,orders,partial\r\nMon,0.00,0,false\r\n"))
    #expect(chart.output.hasSuffix("Sat,20.00,1,false\r\nSun,10.00,1,false\r\n"))
    let daily = try scratch.run(["daily", "--store", "NYC", "--as-of", "2026-03-08"])
    #expect(daily.output.contains("2026-03-07"))
    #expect(daily.output.contains("█"))
    let hourly = try scratch.run([
      "hourly", "--store", "NYC", "--as-of", "2026-03-08", "--format", "csv",
    ])
    #expect(hourly.output.components(separatedBy: "\r\n").count == 26)  // header, 24 hours, ""
  }

  @Test("bad input: one line on stderr, a non-zero status, nothing stored") func badInput() throws {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    let cases: [([String], Int32, String)] = [
      (
        [
          "import",
          try scratch.write(
            "a.csv", "order_id,store_id,item_name,category,quantity,unit_price\nA,S,x,c,1,1\n"),
        ], 65, "placed_at"
      ),
      (
        [
          "import",
          try scratch.write(
            "b.csv",
            "order_id,store_id,placed_at,item_name,category,quantity,unit_price,kind\nA,S,2026-03-08 10:00,x,c,-2,1,sale\n"
          ),
        ], 65, "quantity"
      ),
      (
        [
          "import",
          try scratch.write(
            "c.csv",
            "order_id,store_id,placed_at,item_name,category,quantity,unit_price\nA,S,2026-03-08 10:00,x,c,1,ten\n"
          ),
        ], 65, "unit_price"
      ),
      (
        [
          "import",
          try scratch.write(
            "d.csv",
            "order_id,store_id,placed_at,item_name,category,quantity,unit_price\nA,S,soon,x,c,1,1\n"
          ),
        ], 65, "placed_at"
      ),
      (
        [
          "import",
          try scratch.write(
            "e.csv",
            "order_id,store_id,placed_at,item_name,category,quantity,unit_price\nA,S,2026-03-08 10:00,x,c,1,1\nA,S,2026-03-08 10:30,x,c,1,1\n"
          ),
        ], 65, "placed_at"
      ),
      (["import", try scratch.write("f.csv", "")], 65, "header is missing"),
      (
        ["import", try scratch.write("g.csv", orders), "--time-zone", "Mars/Olympus"], 64,
        "Mars/Olympus"
      ),
      (["metrics", "--store", "NYC", "--range", "fortnight"], 64, "fortnight"),
      (["daily", "--store", "nowhere"], 66, "nowhere"),
    ]
    for (arguments, status, named) in cases {
      let result = try scratch.run(arguments)
      #expect(result.status == status, "\(arguments): \(result.error)")
      #expect(result.error.contains(named), "\(arguments): \(result.error)")
      #expect(result.error.filter { $0 == "\n" }.count == 1, "\(arguments): \(result.error)")
    }
    #expect(
      try scratch.run(["stores", "list", "--format", "csv"]).output == "id,name,time_zone\r\n")
  }

  @Test("import-split: four files into one store; a missing file leaves no database behind")
  func importSplit() throws {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    // The pizza set's layout, two orders by hand: 1 × M at 16.75 + 2 × S at 12.75 = 42.25, and
    // 1 × S = 12.75, on 2015-01-01 and 02.
    let files = [
      "--orders",
      try scratch.write(
        "o.csv", "order_id,date,time\n1,2015-01-01,11:38:36\n2,2015-01-02,18:05:00\n"),
      "--lines",
      try scratch.write(
        "l.csv",
        "order_details_id,order_id,pizza_id,quantity\n1,1,bbq_m,1\n2,1,bbq_s,2\n3,2,bbq_s,1\n"),
      "--items",
      try scratch.write(
        "i.csv", "pizza_id,pizza_type_id,size,price\nbbq_s,bbq,S,12.75\nbbq_m,bbq,M,16.75\n"),
      "--types",
      try scratch.write(
        "t.csv", "pizza_type_id,name,category,ingredients\nbbq,The BBQ Pizza,Chicken,\"a, b\"\n"),
    ]
    var missing = files
    missing[3] = scratch.folder + "/nowhere.csv"
    let refused = try scratch.run(["import-split", "--store", "pizza"] + missing)
    #expect(refused.status == 66, "\(refused.error)")
    #expect(
      refused.error.contains("nowhere.csv") && refused.error.split(separator: "\n").count == 1)
    #expect(!FileManager.default.fileExists(atPath: scratch.db))

    let imported = try scratch.run(
      ["import-split", "--store", "pizza", "--time-zone", "America/New_York"] + files)
    #expect(imported.status == 0, "\(imported.error)")
    #expect(imported.output == "Imported 2 new orders (3 lines).\n")
    let days = try scratch.run([
      "daily", "--store", "pizza", "--as-of", "2015-01-02", "--format", "csv",
    ])
    #expect(
      days.output.contains("pizza,2015-01-01,1,42.25,0.00,42.25,42.25,")
        && days.output.contains("pizza,2015-01-02,1,12.75,"))
  }

  /// Issue 30: ids are each store's own, and a changed order is updated and counted.
  @Test(
    "re-import skips what is unchanged, updates what changed; another store's ids are its own"
  )
  func replace() throws {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    let file = try scratch.write("o.csv", orders)
    let first = try scratch.run(["import", file, "--time-zone", "America/New_York"])
    #expect(first.error == "store-metrics: created store NYC in America/New_York\n")
    let again = try scratch.run(["import", file])
    #expect(again.status == 0, "\(again.error)")
    #expect(again.output == "Imported 0 new orders (0 lines), 3 already present.\n")
    // LA's orders A1…A3 are LA's; NYC keeps its own.
    let la = try scratch.run([
      "import", try scratch.write("m.csv", orders.replacingOccurrences(of: ",NYC,", with: ",LA,")),
    ])
    #expect(la.status == 0)
    #expect(
      la.error
        == "store-metrics: created store LA in UTC (no --time-zone given: 'store-metrics stores "
        + "edit LA --time-zone Area/City' recounts its days in its own)\n")
    #expect(la.output == "Imported 3 new orders (3 lines).\n")
    // A2 refunded: updated; NYC 03-08 loses its 10.00 (A3 was cancelled already).
    let refund = try scratch.run([
      "import",
      try scratch.write(
        "r.csv",
        orders.replacingOccurrences(of: "c1,Burger,Mains,1,", with: "c1,Burger,Mains,1,")
          .replacingOccurrences(of: "00:01,completed", with: "00:01,refunded")),
    ])
    #expect(
      refund.output == "Imported 0 new orders, 1 updated, 2 already present (1 line written).\n")
    let days = try scratch.run([
      "daily", "--store", "NYC", "--as-of", "2026-03-08", "--format", "csv",
    ])
    #expect(!days.output.contains("NYC,2026-03-08"))
    #expect(days.output.contains("NYC,2026-03-07,1,20.00,"))
    let replaced = try scratch.run(["import", file, "--replace", "--format", "json"])
    #expect(replaced.status == 0)
    #expect(
      replaced.output.contains("\"replaced\": 3,\n  \"updated\": 0,\n  \"already_present\": 0,"))
  }

  @Test(
    "every command has help with an example",
    arguments: [
      ["stores", "add"], ["stores", "list"], ["import"], ["import-split"], ["daily"], ["hourly"],
      ["time-distribution"], ["categories"], ["popular"], ["metrics"], ["chart"],
      ["stores", "edit"], ["weekdays"],
    ])
  func help(command: [String]) throws {
    let result = try AppRunner.run("store-metrics", command + ["--help"])
    #expect(result.status == 0)
    #expect(result.output.contains("Example"))
  }
}

@Suite("store-metrics heatmap, forecast, cohorts, menu from the command line")
struct StoreWhenCLITests {
  @Test("the new commands answer; bad values name the option, one line, exit 64/65")
  func commands() throws {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    let file = try scratch.write("orders.csv", orders)
    #expect(try scratch.run(["import", file]).status == 0)
    let heat = try scratch.run([
      "heatmap", "--store", "NYC", "--as-of", "2026-03-08", "--range", "week", "--format", "csv",
    ])
    // A1 Saturday 23h, A2 Sunday 0h (A3 was cancelled): 168 cells and a header.
    #expect(heat.output.components(separatedBy: "\r\n").count == 170)
    #expect(heat.output.contains("Sat,23,1,20.00") && heat.output.contains("Sun,0,1,10.00"))
    let days = try scratch.run(["forecast", "--store", "NYC", "--days", "0"])
    #expect(
      days.status == 64
        && days.error == "store-metrics: --days \"0\" is not valid: expected 1 to 90\n")
    let short = try scratch.run(["forecast", "--store", "NYC", "--as-of", "2026-03-08"])
    #expect(short.status == 65 && short.error.contains("two whole weeks"))
    // Three whole weeks (Mon 2 – Sun 22 March 2026) of one 10.00 order a day forecast 10.00 a
    // day; the heading names the days ahead, then the days it stands on.
    let daily = (2...22).map {
      "D\($0),W,2026-03-\(String(format: "%02d", $0)) 12:00,Soup,Food,1,10.00"
    }
    let weeks = try scratch.write(
      "weeks.csv",
      "order_id,store_id,placed_at,item_name,category,quantity,unit_price\n"
        + daily.joined(separator: "\n") + "\n")
    #expect(try scratch.run(["import", weeks]).status == 0)
    let ahead = try scratch.run([
      "forecast", "--store", "W", "--days", "3", "--as-of", "2026-03-22",
    ])
    #expect(ahead.status == 0)
    #expect(
      ahead.output.hasPrefix(
        "Forecast for W, 2026-03-23 to 2026-03-25, from its days 2026-03-02 to 2026-03-22\n"))
    #expect(ahead.output.contains("2026-03-23  Mon        10.00     1.0\n"))
    let months = try scratch.run(["cohorts", "--store", "NYC", "--months", "61"])
    #expect(months.status == 64 && months.error.contains("--months \"61\""))
    let costs = try scratch.write("costs.csv", "item,unit_cost\nBurgr,4.00\n")
    let menu = try scratch.run([
      "menu", "--store", "NYC", "--costs", costs, "--as-of", "2026-03-08",
    ])
    #expect(menu.status == 65 && menu.error.contains("line 2") && menu.error.contains("'Burger'"))
    // Three burgers sold at 10.00 that cost 12.50: 2.50 lost on each, said on standard error.
    let dear = try scratch.write("dear.csv", "item,unit_cost\nBurger,12.50\n")
    let loss = try scratch.run([
      "menu", "--store", "NYC", "--costs", dear, "--as-of", "2026-03-08", "--format", "json",
    ])
    #expect(loss.status == 0 && loss.output.contains("\"unit_margin\": -2.50"))
    #expect(
      loss.error == "store-metrics: 1 item sold below cost in the window: Burger (-2.50 a unit)\n")
  }
}

@Suite("store-metrics over the chain and a group of stores")
struct StoreChainCLITests {
  /// Two stores in UTC: NYC as above (A1 Mar 7, A2 Mar 8; A3 cancelled) and LA's B1 on Mar 8 for
  /// the same customer c1.
  @Test("no --store is the chain; --store twice a group; an unknown store is refused")
  func chain() throws {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    let file = try scratch.write(
      "orders.csv", orders + "\nB1,LA,2026-03-08 09:00,completed,c1,Fries,Sides,1,4.00,0.32\n")
    #expect(try scratch.run(["import", file, "--time-zone", "UTC"]).status == 0)
    let metrics = try scratch.run([
      "metrics", "--range", "week", "--as-of", "2026-03-08", "--format", "json",
    ])
    // 20.00 + 10.00 + 4.00 in 3 orders, one customer across both stores.
    #expect(metrics.status == 0)
    #expect(metrics.output.contains("\"total_revenue\": 34.00"))
    #expect(metrics.output.contains("\"unique_customers\": 1,"))
    #expect(metrics.output.contains("\"same_store\": {"))
    let daily = try scratch.run([
      "daily", "--store", "NYC", "--store", "LA", "--as-of", "2026-03-08", "--format", "csv",
    ])
    #expect(
      daily.output.components(separatedBy: "\r\n").prefix(3) == [
        "store_id,date,total_orders,total_revenue,total_tax,total_with_tax,avg_order_value,"
          + "unique_customers",
        ",2026-03-08,2,14.00,1.12,15.12,7.00,1", ",2026-03-07,1,20.00,1.60,21.60,20.00,1",
      ])
    let popular = try scratch.run(["popular", "--as-of", "2026-03-08", "--format", "csv"])
    #expect(popular.output.contains(",,Burger,2,3,30.00,10.00"))
    let unknown = try scratch.run(["metrics", "--store", "NYC", "--store", "SF"])
    #expect(unknown.status == 66 && unknown.error.contains("no store \"SF\""))
    let page = try scratch.run([
      "report", "--store", "NYC", "--store", "LA", "--as-of", "2026-03-08", "--range", "week",
      "--output", scratch.folder + "/group.html",
    ])
    #expect(page.status == 0)
    let html = try String(contentsOfFile: scratch.folder + "/group.html", encoding: .utf8)
    #expect(html.contains("These stores together") && html.contains("Top items of these stores"))
  }
}

@Suite("store-metrics import-shifts and labor from the command line")
struct StoreLaborCLITests {
  @Test("shifts in, labor out; a bad file is named and changes nothing")
  func labor() throws {
    let scratch = try StoreScratch()
    defer { scratch.remove() }
    #expect(try scratch.run(["import", try scratch.write("orders.csv", orders)]).status == 0)
    // A2 on Mar 8 (10.00); A1 on Mar 7 (20.00). Dee works 11:00–15:00 on Mar 8 at 12.50: 4 h,
    // 50.00, 500% of 10.00, 2.50 of sales an hour.
    let shifts = try scratch.write(
      "shifts.csv",
      "Location,Name,start,end,Rate\nNYC,Dee,2026-03-08 11:00,2026-03-08 15:00,12.50\n")
    let mapped = [
      "--map", "store_id=Location", "--map", "employee=Name", "--map", "hourly_wage=Rate",
    ]
    let first = try scratch.run(["import-shifts", shifts] + mapped)
    #expect(first.output == "Imported 1 new shift, 0 updated, 0 already present.\n")
    let again = try scratch.run(["import-shifts", shifts] + mapped)
    #expect(again.output == "Imported 0 new shifts, 0 updated, 1 already present.\n")
    let csv = try scratch.run([
      "labor", "--store", "NYC", "--start", "2026-03-08", "--as-of", "2026-03-08", "--format",
      "csv",
    ])
    #expect(
      csv.output
        == "date,labor_hours,labor_cost,net_sales,labor_percent,sales_per_labor_hour\r\n"
        + "2026-03-08,4.00,50.00,10.00,500.0,2.50\r\n")
    let bad = try scratch.write(
      "bad.csv",
      "store_id,employee,start,end,hourly_wage\nNYC,Eve,2026-03-08 09:00,2026-03-08 17:00,12\n"
        + "NYC,Fay,2026-03-08 18:00,2026-03-08 17:00,12\n")
    let refused = try scratch.run(["import-shifts", bad])
    #expect(refused.status == 65 && refused.error.contains("bad.csv line 3: end"))
    let after = try scratch.run([
      "labor", "--store", "NYC", "--start", "2026-03-08", "--as-of", "2026-03-08", "--format",
      "json",
    ])
    #expect(after.output.contains("\"shifts\": 1,"))
    let unknown = try scratch.write(
      "unknown.csv", "store_id,employee,start,end,hourly_wage,role\n")
    let column = try scratch.run(["import-shifts", unknown])
    #expect(column.status == 65 && column.error.contains("\"role\""))
  }
}
