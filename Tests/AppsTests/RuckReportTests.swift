import CLIKit
import Foundation
import Testing

@testable import ruck_cli

/// `ruck-cli report` and `ruck-cli sessions show ID --format html|pdf`, on a fixture worked out
/// by hand.
@Suite("ruck-cli report pages")
struct RuckReportTests {
  static let hostile = "<script>alert(\"x\")</script>"

  /// A scratch folder with a database: session 1 imported from a 3-point track on Sun
  /// 2026-02-08 (east 0.01° along the equator, then north 0.01°: 2 × 1111.95 m = 2223.90 m,
  /// 600 s each, 20 kg), session 2 logged on Tue 02-10 (5 km in 1 h, 10 kg).
  struct Fixture {
    let folder = NSTemporaryDirectory() + "tally-ruck-report-" + UUID().uuidString

    init() throws {
      try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
      let track = folder + "/walk.gpx"
      try Data(
        """
        <?xml version="1.0"?><gpx version="1.1" creator="test"><trk><trkseg>
        <trkpt lat="0" lon="0"><ele>100</ele><time>2026-02-08T10:00:00Z</time></trkpt>
        <trkpt lat="0" lon="0.01"><ele>130</ele><time>2026-02-08T10:10:00Z</time></trkpt>
        <trkpt lat="0.01" lon="0.01"><ele>90</ele><time>2026-02-08T10:20:00Z</time></trkpt>
        </trkseg></trk></gpx>
        """.utf8
      ).write(to: URL(fileURLWithPath: track))
      for arguments in [
        [
          "import", track, "--load-kg", "20", "--notes", RuckReportTests.hostile,
          "--conditions", "\"wet\" & <cold>",
        ],
        [
          "log", "--date", "2026-02-10", "--duration", "1h", "--distance", "5km", "--load-kg", "10",
        ],
      ] {
        let result = run(arguments)
        precondition(result.status == 0, result.error)
      }
    }

    func run(_ arguments: [String]) -> CommandRunner.Captured {
      CommandRunner.capture(
        RuckCommand.self,
        arguments: arguments + [
          "--db", folder + "/ruck.sqlite", "--time-zone", "UTC", "--as-of", "2026-02-11",
        ])
    }

    func remove() { try? FileManager.default.removeItem(atPath: folder) }
  }

  @Test("Session page: route of every point, splits and measures as worked out")
  func sessionPage() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let page = fixture.run(["sessions", "show", "1", "--format", "html"])
    #expect(page.status == 0, "\(page.error)")
    let html = page.output
    // The 3 points are far from collinear (the corner is ~786 m off the start–end line), so
    // the 2 m simplification keeps all of them.
    #expect(Self.routePointCount(html) == 3)
    #expect(html.contains("Drawn from 3 of 3 recorded points, simplified to within 2.0 m."))
    #expect(html.contains("<th scope=\"row\">Distance</th><td>2.22 km</td>"))
    #expect(html.contains("<th scope=\"row\">Elevation range</th><td>90 m to 130 m</td>"))
    // In imperial units the profile is feet against miles too (130 m = 426.5 ft).
    let imperial = fixture.run(["sessions", "show", "1", "--format", "html", "--units", "imperial"])
    #expect(imperial.output.contains("Elevation in feet against distance in mi"))
    #expect(imperial.output.contains("Elevation (ft)") && imperial.output.contains(" mi</text>"))
    #expect(imperial.output.contains("<td>295 ft to 427 ft</td>"))
    // The route's start-and-end table too (it said "Distance (km)" on an imperial page).
    #expect(imperial.output.contains("Distance (mi)") && !imperial.output.contains("(km)"))
    // Splits: 1000 m in 539.59 s (1000 / 1111.95 × 600), twice; then 223.90 m in 120.82 s.
    #expect(
      html.contains(
        "<th scope=\"row\">1</th><td class=\"num\">1.00 km</td><td class=\"num\">0:09:00</td>"
          + "<td class=\"num\">0:09:00</td><td class=\"num\">9:00 /km</td>"))
    #expect(
      html.contains(
        "<th scope=\"row\">3</th><td class=\"num\">0.22 km</td><td class=\"num\">0:02:01</td>"))
    // 539.59 s/km on every split: equal bars, written 9:00 /km as in the table (not 8.99 min/km).
    let heights = ReportHTML.barHeights(html, figure: "Pace per km")
    #expect(heights.count == 3 && Set(heights).count == 1)
    #expect(!html.contains("min/km"))
    // The bars start at 0:00; 540 s in about six ticks steps by 2 minutes: 0:00 … 10:00.
    #expect(html.contains(">10:00</text>") && html.contains(">2:00</text>"))
  }

  @Test("Session page of a long track: thinned as it is read, both bounds stated")
  func longTrackPage() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    // 20,000 points along the equator, 0.00001° (1.11195 m) apart, one a second on Mon 02-09.
    let points = (0..<20_000).map { index in
      let time = String(
        format: "2026-02-09T%02d:%02d:%02dZ", 10 + index / 3600, index / 60 % 60, index % 60)
      let longitude = String(format: "%.5f", Double(index) / 100_000)
      return "<trkpt lat=\"0\" lon=\"\(longitude)\"><time>\(time)</time></trkpt>"
    }
    let track = fixture.folder + "/long.gpx"
    try Data(
      ("<?xml version=\"1.0\"?><gpx version=\"1.1\" creator=\"test\"><trk><trkseg>"
        + points.joined(separator: "\n") + "</trkseg></trk></gpx>").utf8
    ).write(to: URL(fileURLWithPath: track))
    #expect(fixture.run(["import", track]).status == 0)
    let page = fixture.run(["sessions", "show", "3", "--format", "html"])
    #expect(page.status == 0, "\(page.error)")
    let html = page.output
    // More points than the page's resolution (10,000): point j may be left out within
    // j × 1.11195 m ÷ 10,000 of the one kept before it. Up to j = 10,000 every step (1.11195 m)
    // reaches that; after it every other point is left out (2 steps ≥ j ÷ 10,000 steps), the
    // last for good being j = 19,997 (19,999 is the track's end, kept): 1.9997 × 1.11195 =
    // 2.2236 m, stated rounded up as 2.3 m. The line is straight, so Douglas–Peucker keeps its
    // ends: 2.2236 + 2 = 4.2236 → 4.3 m.
    #expect(
      html.contains(
        "Drawn from 2 of 20000 recorded points, simplified to within 4.3 m: a point less than "
          + "2.3 m from the one kept before it (along the track and in elevation) was left out, "
          + "and the line through the rest simplified to within 2.0 m."))
    #expect(Self.routePointCount(html) == 2)
    // The splits and the count still come from every point: 19,999 × 1.11195 m = 22.24 km.
    #expect(html.contains("<th scope=\"row\">Track points</th><td>20000</td>"))
    #expect(html.contains("<th scope=\"row\">Distance</th><td>22.24 km</td>"))
    #expect(html.contains("<th scope=\"row\">23</th><td class=\"num\">0.24 km</td>"))
  }

  @Test("Report page: weekly bars with the goal, the calendar, pace and records")
  func reportPage() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let page = fixture.run(["report", "--weeks", "4"])
    #expect(page.status == 0, "\(page.error)")
    let html = page.output
    // Weeks of Jan 19, Jan 26, Feb 2 (2.22 km, 20 kg × 2.2239 km = 44.48 kg·km) and Feb 9 (5 km,
    // 50 kg·km).
    #expect(html.contains("<th scope=\"row\">2 Feb</th><td class=\"num\">2.2 km</td>"))
    #expect(html.contains("<th scope=\"row\">9 Feb</th><td class=\"num\">5.0 km</td>"))
    #expect(html.contains("<th scope=\"row\">2 Feb</th><td class=\"num\">44 kg·km</td>"))
    #expect(html.contains("<th scope=\"row\">9 Feb</th><td class=\"num\">50 kg·km</td>"))
    #expect(html.contains(">Goal 2</text>"))
    // Distance bars in proportion 2.2239 : 5.
    let heights = ReportHTML.barHeights(html, figure: "Distance per week")
    #expect(heights.count == 4)
    if heights.count == 4 { #expect(abs(heights[2] / heights[3] - 2.22390 / 5) < 0.002) }
    // Records: the longest is session 2's 5 km on 02-10.
    #expect(
      html.contains(
        "<th scope=\"row\">longest distance</th><td class=\"num\">5.00 km</td><td>2</td>"
          + "<td>2026-02-10</td>"))
    // A year of weeks in the calendar: 52 columns × 7 weekdays.
    #expect(html.contains("Each column is a Monday-to-Sunday week of the last 52"))
    let svgs = ReportHTML.count("role=\"img\"", in: html)
    // sessions, distance, weight moved, pace; load per week, fitness, form; the calendar
    #expect(svgs == 8)
    #expect(html.contains("<h2>Training load</h2>") || html.contains(">Training load<"))
    #expect(ReportHTML.count("<details><summary>Data table", in: html) == svgs)
    #expect(ReportHTML.count("<desc ", in: html) == svgs)
  }

  @Test("The session page says what sessions show prints, value for value (issue 36 §1)")
  func pageMatchesTerminal() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let html = fixture.run(["sessions", "show", "1", "--format", "html"]).output
    let table = fixture.run(["sessions", "show", "1"]).output
    var printed: [String: String] = [:]
    for line in table.split(separator: "\n") {
      // "grade-adjusted pace  7:20 /km": the key ends at the first run of two spaces.
      guard let gap = line.range(of: "  ") else { continue }
      printed[String(line[..<gap.lowerBound])] = line[gap.upperBound...]
        .trimmingCharacters(in: .whitespaces)
    }
    let labels = [
      "date": "Date", "start": "Start", "type": "Type", "distance": "Distance",
      "moving time": "Moving time", "elapsed time": "Elapsed time", "pace": "Pace",
      "grade-adjusted pace": "Grade-adjusted pace", "elevation gain": "Elevation gain",
      "elevation loss": "Elevation loss", "load": "Load", "body weight": "Body weight",
      "weight moved": "Weight moved", "source": "Source", "gear": "Gear", "records": "Records",
      "track points": "Track points", "terrain": "Terrain",
    ]
    for (key, label) in labels {
      let value = try #require(printed[key], "the table has no \(key): \(table)")
      if value == "-" && (key == "terrain") { continue }  // the page leaves an unset one out
      #expect(
        html.contains("<th scope=\"row\">\(label)</th><td>\(value)</td>"),
        "\(label): \(value)")
    }
    #expect(printed["source"] == "walk.gpx" && printed["records"] == "counted")
  }

  @Test("Session notes and conditions are escaped; nothing remote")
  func escaping() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let html = fixture.run(["sessions", "show", "1", "--format", "html"]).output
    #expect(!html.contains("<script"))
    #expect(!html.contains("<cold>"))
    #expect(html.contains("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"))
    #expect(html.contains("&quot;wet&quot; &amp; &lt;cold&gt;"))
    #expect(!html.contains("https://") && !html.contains("<link") && !html.contains("<img"))
    let svgs = ReportHTML.count("role=\"img\"", in: html)
    #expect(svgs == 3)  // route, elevation profile, split paces
    #expect(ReportHTML.count("<details><summary>Data table", in: html) == svgs)
  }

  @Test("Text formats of sessions show are unchanged; report refuses them")
  func formats() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    let json = fixture.run(["sessions", "show", "1", "--format", "json"])
    #expect(json.status == 0)
    #expect(json.output.contains("\"track_points\": 3"))
    let refused = fixture.run(["report", "--format", "csv"])
    #expect(refused.status == 64)
    #expect(refused.output.isEmpty)
    let missing = fixture.run(["sessions", "show", "9", "--format", "html"])
    #expect(missing.status == 66)
    #expect(missing.output.isEmpty)
  }

  @Test("--format pdf without Chromium on PATH exits 69 and writes nothing")
  func pdfWithoutChromium() throws {
    let fixture = try Fixture()
    defer { fixture.remove() }
    for arguments in [["report"], ["sessions", "show", "1"]] {
      let pdf = fixture.folder + "/out.pdf"
      let result = try AppRunner.run(
        "ruck-cli",
        arguments + ["--format", "pdf", "--output", pdf, "--db", fixture.folder + "/ruck.sqlite"],
        environment: ["PATH": ""])
      #expect(result.status == 69)
      #expect(result.error.contains("chromium"))
      #expect(result.output.isEmpty)
      #expect(!FileManager.default.fileExists(atPath: pdf))
    }
  }

  /// The points of the route's path (`M x y` then `L x y x y …`).
  static func routePointCount(_ html: String) -> Int {
    guard let start = html.range(of: "<path class=\"route\""),
      let d = html[start.upperBound...].range(of: " d=\"M")
    else { return 0 }
    let data = html[d.upperBound...].prefix { $0 != "\"" }
    let numbers = data.replacingOccurrences(of: "L", with: " ").split(separator: " ")
    return numbers.count / 2
  }
}
