import AnalyticsCore
import Foundation
import Testing

@testable import StoreAnalytics
@testable import StoreSQLite

/// The data revision rises with every committed write and with nothing else, so an answer
/// cached at one revision is never served after the data changed.
@Suite("Data revision")
struct RevisionTests {
  @Test(arguments: Backend.allCases)
  func risesWithEveryWriteAndNothingElse(backend: Backend) throws {
    let store = try fixture(backend)
    // Two stores added and one import: three write transactions after the migrations' 0.
    let start = try #require(try store.revision())
    #expect(start == 3)

    _ = try store.metrics(storeId: "NYC", range: .week, asOf: day("2026-03-08"), calendar: false)
    _ = try store.daily(storeId: "NYC", limit: 30, asOf: day("2026-03-08"))
    #expect(try store.revision() == start)

    _ = try store.addStore(id: "SF", name: "San Francisco", zone: .utc)
    #expect(try store.revision() == start + 1)

    _ = try store.editStore("SF", name: "SF Mission")
    #expect(try store.revision() == start + 2)

    // A refused import writes nothing, the revision included.
    let bad =
      "order_id,store_id,placed_at,status,customer_id,item_name,category,quantity,"
      + "unit_price\nZ1,SF,2026-03-08 10:00,completed,,Tea,Drinks,0,1.00\n"
    #expect(throws: TallyError.self) {
      _ = try store.importLines(try OrderLineFile.parse(Data(bad.utf8), fileName: "bad.csv"))
    }
    #expect(try store.revision() == start + 2)
  }
}
