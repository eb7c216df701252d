import AnalyticsCore
import Testing

@Suite("TallyClock")
struct TallyClockTests {
  // With date(1): 2026-02-09T19:00:00Z is 2026-02-10 in Pacific/Auckland and 2026-02-09 in
  // America/Chicago; noon UTC of 2026-02-08 is 1,770,552,000 s (date -u -d … +%s).
  @Test("a fixed instant's day is read in each zone")
  func fixedInstant() throws {
    let clock = TallyClock.fixed(instant("2026-02-09T19:00:00Z"))
    #expect(clock.now() == instant("2026-02-09T19:00:00Z"))
    #expect(clock.today(in: try Zone(identifier: "Pacific/Auckland")) == day("2026-02-10"))
    #expect(clock.today(in: try Zone(identifier: "America/Chicago")) == day("2026-02-09"))
  }

  @Test("a clock on a day has that day in every zone, and its noon UTC as the instant")
  func onADay() throws {
    let clock = TallyClock.on(day("2026-02-08"))
    #expect(clock.now().millisecondsSinceEpoch == 1_770_552_000_000)
    for zone in ["Pacific/Kiritimati", "Pacific/Pago_Pago", "UTC"] {
      #expect(clock.today(in: try Zone(identifier: zone)) == day("2026-02-08"))
    }
  }
}
