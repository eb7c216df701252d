import AnalyticsCore
import DataFormats
import Foundation
import Testing

@testable import RuckAnalytics

/// A large GPX is read in two halves on two threads (`GPXReader.readInHalves`): whatever the
/// file, the result — track or error — must be the one reading it whole gives.
@Suite("GPX read in two halves")
struct GPXHalvesTests {
  /// What reading a file gave: its track, or the error's text.
  enum Outcome: Equatable {
    case track(ParsedTrack)
    case failed(String)
  }

  /// `data` read from start to end on one thread.
  static func whole(_ data: Data) -> Outcome {
    var tokenizer = XMLTokenizer(data: data)
    var reading = GPXReading(names: GPXReader.Names(&tokenizer), fileName: "f.gpx")
    do {
      try reading.read(&tokenizer)
      return .track(try reading.track())
    } catch {
      return .failed("\(error)")
    }
  }

  /// `data` read as an import reads it, in halves whatever its size.
  static func halves(_ data: Data) -> Outcome {
    do { return .track(try GPXReader.read(data, name: "f.gpx", halvesFrom: 0)) } catch {
      return .failed("\(error)")
    }
  }

  /// Whether the halves joined (else the file was read whole).
  static func joined(_ data: Data) -> Bool {
    var tokenizer = XMLTokenizer(data: data)
    let names = GPXReader.Names(&tokenizer)
    return GPXReader.readInHalves(tokenizer, data, names: names, fileName: "f.gpx") != nil
  }

  /// Points `first..<first + count`, a second apart from 10:00, 0.0001° of longitude apart,
  /// every third with a heart rate in Garmin's extension.
  static func points(_ first: Int, _ count: Int) -> String {
    (first..<(first + count)).map { index in
      let rate =
        index % 3 == 0
        ? "<extensions><gpxtpx:hr>\(100 + index % 50)</gpxtpx:hr></extensions>" : ""
      return "<trkpt lat=\"45.0\" lon=\"\(14 + Double(index) / 10_000)\">"
        + "<ele>\(200 + index % 7)</ele>"
        + "<time>2026-02-08T10:\(String(format: "%02d:%02d", index / 60 % 60, index % 60))Z</time>"
        + rate + "</trkpt>\n"
    }.joined()
  }

  /// Two tracks, the second typed, with two segments: 200 + 150 + 250 points.
  static let file = gpx(
    "<trk><name>a</name><trkseg>\n" + points(0, 200) + "</trkseg></trk>\n"
      + "<trk><type>hiking</type><trkseg>\n" + points(200, 150) + "</trkseg><trkseg>\n"
      + points(350, 250) + "</trkseg></trk>")

  @Test("a file read in halves gives the whole reading: segments joined at the split, in order")
  func sameTrack() throws {
    #expect(Self.joined(Self.file))
    let outcome = Self.halves(Self.file)
    #expect(outcome == Self.whole(Self.file))
    guard case .track(let track) = outcome else {
      Issue.record("\(outcome)")
      return
    }
    // As written: segments of 200, 150 and 250 points, the split falling in one of them.
    #expect(track.segments.map(\.count) == [200, 150, 250])
    #expect(track.segments.joined().map(\.longitude) == (0..<600).map { 14 + Double($0) / 10_000 })
    #expect(track.segments.joined().compactMap(\.heartRate).count == 200)  // every third of 600
    #expect(track.sport == "hiking")
  }

  @Test("a long segment's steps computed on two threads are the walk's on one, bit for bit")
  func stepsOnTwoThreads() {
    let count = TrackMeasures.stepsOnTwoThreadsFrom + 1
    let points = (0..<count).map { index in
      TrackPoint(
        time: nil, latitude: 45 + Double(index % 97) / 10_000,
        longitude: 14 + Double(index) / 100_000, elevation: nil)
    }
    var walk = GreatCircleWalk()
    let one = points.map { walk.step(to: $0.latitude, $0.longitude) }
    #expect(TrackMeasures.steps(points) == one)
  }

  @Test(
    "a split in a comment, a CDATA section or at another depth reads the file whole",
    arguments: [
      // The middle `<trkpt` lies in a comment.
      "<trk><trkseg>\n" + points(0, 20) + "<!--\n" + points(20, 300) + "-->\n" + points(320, 20)
        + "</trkseg></trk>",
      "<trk><trkseg>\n" + points(0, 20) + "<desc><![CDATA[\n" + points(20, 300) + "]]></desc>\n"
        + "</trkseg></trk>",
      // Points one level deeper than devices write them.
      "<x:wrap xmlns:x=\"urn:x\"><trk><trkseg>\n" + points(0, 300) + "</trkseg></trk></x:wrap>",
      // A route: `<rtept`, no `<trkpt` to split at.
      "<rte>\n" + points(0, 300).replacingOccurrences(of: "trkpt", with: "rtept") + "</rte>",
    ])
  func readWhole(body: String) {
    let data = gpx(body)
    #expect(!Self.joined(data))
    #expect(Self.halves(data) == Self.whole(data))
  }

  /// Mutants of `file` changed near its middle, where the split falls: cut, bytes overwritten,
  /// markup inserted anywhere, or well-formed markup inserted before a tag (a new segment or
  /// track, a comment, a CDATA section, an empty element), which the halves then read. Seeded,
  /// so a failure repeats.
  @Test("mutants changed near the split read as they read whole (400 seeded cases)")
  func mutants() {
    var generator = SeededGenerator(seed: 13)
    let base = [UInt8](Self.file)
    let inserts = [
      "<!--", "-->", "<![CDATA[", "]]>", "</trkseg>", "<trkseg>", "</trk>", "<trk>", "&bogus;",
      "<trkpt lat=\"1\" lon=\"2\">", "</trkpt>", "<type>run</type>", "\"", "<", ">", "</gpx>",
    ].map { Array($0.utf8) }
    let wellFormed = [
      "</trkseg><trkseg>", "</trkseg></trk><trk><type>run</type><trkseg>", "<!-- <trkpt -->",
      "<desc><![CDATA[<trkpt lat=\"1\">]]></desc>", "<x:empty/>", "\n  ", "<trkseg>",
      "</trkseg></trk></gpx>", "<trkpt lat=\"1\" lon=\"2\"><time>x</time></trkpt>",
    ].map { Array($0.utf8) }
    var joinedCount = 0
    for _ in 0..<400 {
      var bytes = base
      let middle = bytes.count / 2 + Int.random(in: -400...400, using: &generator)
      switch Int.random(in: 0..<4, using: &generator) {
      case 0: bytes.removeSubrange(middle...)
      case 1:
        for offset in 0..<Int.random(in: 1...4, using: &generator) {
          bytes[middle + offset] = UInt8.random(in: 0...255, using: &generator)
        }
      case 2:
        bytes.insert(
          contentsOf: inserts[Int.random(in: 0..<inserts.count, using: &generator)], at: middle)
      default:
        let tag = bytes[middle...].firstIndex(of: UInt8(ascii: "<")) ?? middle
        bytes.insert(
          contentsOf: wellFormed[Int.random(in: 0..<wellFormed.count, using: &generator)],
          at: tag)
      }
      let data = Data(bytes)
      if Self.joined(data) { joinedCount += 1 }
      #expect(Self.halves(data) == Self.whole(data), "\(String(decoding: bytes, as: UTF8.self))")
    }
    // Some mutants leave the split well-formed and are read in halves: both paths were tried.
    #expect(joinedCount > 0, "\(joinedCount) of 400 read in halves")
  }
}
