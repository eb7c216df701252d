import AnalyticsCore
import Foundation
import Testing

@testable import RuckAnalytics

/// Elevation gain and loss against gpxpy (issue 36 §1). gpxpy's `get_uphill_downhill` smooths
/// with the same 0.3/0.4/0.3 weights and then sums every rise and fall; Tally also ignores
/// changes under 2 m (`TrackMeasures.elevationDeadBand`: GPS elevation wanders by a few metres
/// on the flat). The dead band takes the same amount off gain and loss, so the net climb is
/// gpxpy's to the centimetre, and the rest is what a Python recount with the dead band gives.
@Suite("Elevation against gpxpy", .enabled(if: hasTracks, "../shared/data/gpx is missing"))
struct ElevationGpxpyTests {
  @Test(
    "gain and loss as the recount gives them; the net climb as gpxpy's",
    arguments: [
      // file, recount gain and loss (dead band), gpxpy uphill and downhill
      ("cerknicko-jezero.gpx", 201.40, 67.29, 223.46, 89.35),
      ("around-visnjan-with-car.gpx", 42.15, 42.63, 49.69, 50.17),
    ])
  func compared(file: String, gain: Double, loss: Double, uphill: Double, downhill: Double)
    throws
  {
    let store = try RuckStore.inMemory()
    let session = try #require(
      try store.importFile(shared("gpx/" + file), fileName: file).sessions.first)
    let (ownGain, ownLoss) = (session.elevationGainMeters ?? 0, session.elevationLossMeters ?? 0)
    #expect(abs(ownGain - gain) < 0.01 && abs(ownLoss - loss) < 0.01)
    #expect(abs((ownGain - ownLoss) - (uphill - downhill)) < 0.02)
  }
}
