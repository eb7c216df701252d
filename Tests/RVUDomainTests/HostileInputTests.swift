import AnalyticsCore
import Foundation
import RVUDomain
import Testing

/// Issue 16 for RVU: bounded search, bounded ranges, every number range-checked.
@Suite("Hostile input to the RVU domain")
struct HostileInputTests {
  @Test("a search of 20,000 words is refused at once; 32 different words are searched")
  func longSearch() throws {
    let store = try RVUStore.inMemory()
    let words = (0..<20_000).map { "w\($0)" }.joined(separator: " ")
    let clock = ContinuousClock()
    let elapsed = clock.measure {
      #expect {
        try store.searchCodes(words, userId: "u")
      } throws: { error in
        let error = error as! TallyError
        return error.field == "query" && error.category == .usage
          && error.expected == "at most 1000 characters and 32 different words"
      }
    }
    #expect(elapsed < .seconds(1))
    // 33 different words of 2 characters: 98 characters, one word too many.
    let many = (10..<43).map(String.init).joined(separator: " ")
    #expect(throws: TallyError.self) { try store.searchCodes(many, userId: "u") }
    _ = try store.searchCodes((10..<42).map(String.init).joined(separator: " "), userId: "u")
    // One word typed 199 times is one term: "knee " × 199 = 995 characters.
    let repeated = String(repeating: "knee ", count: 199)
    #expect(try store.searchCodes(repeated, userId: "u").map(\.hcpcs).contains("20610"))
  }

  @Test("a range longer than 36,525 days is refused, however it is asked for")
  func hugeRange() throws {
    let store = try RVUStore.inMemory()
    let range = try DayRange(start: day("1900-01-01"), end: day("2199-12-31"))
    #expect {
      try store.analytics(RVUAnalyticsQuery(userId: "u", range: range, fillEmptyPeriods: true))
    } throws: { ($0 as! TallyError).field == "range" }
    #expect(throws: TallyError.self) {
      try RVUAnalyticsWindow.between(start: day("1900-01-01"), end: nil).range(
        asOf: day("2026-11-22"))
    }
    // 100 years of 365.25 days exactly is allowed: 2000-01-01 … 2099-12-31 is 36,525 days.
    let century = try RVUAnalyticsWindow.between(start: day("2000-01-01"), end: day("2099-12-31"))
      .range(asOf: day("2026-11-22"))
    #expect(century.dayCount == 36_525)
  }

  @Test(
    "settings outside their documented ranges are refused, naming the field",
    arguments: [
      (RVUSettingsChanges(dollarsPerRVU: rvu("10000.01")), "dollars_per_rvu"),
      (RVUSettingsChanges(dollarsPerRVU: rvu("-0.01")), "dollars_per_rvu"),
      (RVUSettingsChanges(annualTarget: rvu("1000000.01")), "annual_target"),
      (RVUSettingsChanges(bonusRate: rvu("1.01")), "bonus_rate"),
      (RVUSettingsChanges(bonusThreshold: rvu("1000000.01")), "bonus_threshold"),
    ])
  func settingRanges(changes: RVUSettingsChanges, field: String) throws {
    let store = try RVUStore.inMemory()
    #expect {
      try store.updateSettings(changes, userId: "u")
    } throws: { ($0 as! TallyError).field == field }
    #expect(try store.settings(userId: "u") == RVUSettings(userId: "u"))
  }

  @Test("the largest settings and RVUs allowed never overflow a goal or an estimate")
  func largestValues() throws {
    let store = try RVUStore.inMemory(clock: .on(day("2026-11-22")))
    _ = try store.updateSettings(
      RVUSettingsChanges(
        dollarsPerRVU: rvu("10000"), annualTarget: rvu("1000000"), bonusRate: rvu("1"),
        bonusThreshold: rvu("0")), userId: "u")
    _ = try store.addVisit(
      VisitInput(
        date: day("2026-01-02"),
        procedures: [try ProcedureInput(hcpcs: "99213", quantity: 1000, workRVU: rvu("10000"))]),
      userId: "u")
    let goal = try store.goal(userId: "u", year: 2026, asOf: day("2026-11-22"))
    // 10,000 RVUs × 1,000 units = 10,000,000 RVUs; × $10,000 = $100,000,000,000.
    #expect(goal.workRVUToDate == rvu("10000000"))
    #expect(goal.dollarsToDate == rvu("100000000000"))
  }

  @Test("a work RVU above 10,000 is refused on every path")
  func workRVUCeiling() throws {
    #expect {
      try ProcedureInput(hcpcs: "99213", workRVU: rvu("10000.01"))
    } throws: {
      ($0 as! TallyError).expected == "a work RVU of at most 10000.00"
    }
    let store = try RVUStore.inMemory()
    let csv = """
      visit,date,hcpcs,work_rvu
      a,2026-02-08,12345,99999
      """
    #expect {
      _ = try store.importVisits(
        try VisitImportFile.parse(Data(csv.utf8), fileName: "v.csv"), userId: "u")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .badData && error.field == "work_rvu"
    }
    #expect(try store.visits(userId: "u").isEmpty)
  }

  @Test("a catalog year outside 1992–2199 is refused") func catalogYear() throws {
    let store = try RVUStore.inMemory()
    let file = try RelativeValueFile(
      data: miniPPRRVU(rows: [row("99213", "Office", work: "1.30")]), fileName: "a.csv")
    #expect {
      try store.importCatalog(file, year: 1800, source: "a.csv")
    } throws: { ($0 as! TallyError).field == "year" }
    #expect(try store.catalogVersions().map(\.year) == [2025])
  }
}
