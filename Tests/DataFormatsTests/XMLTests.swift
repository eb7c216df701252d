import AnalyticsCore
import DataFormats
import Foundation
import Testing

private func tokenize(_ text: String) throws -> [XMLEvent] {
  var tokenizer = XMLTokenizer(data: Data(text.utf8))
  var result: [XMLEvent] = []
  while let event = try tokenizer.next() { result.append(event) }
  return result
}

@Suite("XML tokenizer")
struct XMLTokenizerTests {
  @Test("elements, attributes, empty elements, namespaces, entities, CDATA") func events() throws {
    let result = try tokenize(
      """
      \u{FEFF}<?xml version="1.0"?>
      <!DOCTYPE gpx [ <!ENTITY x "y"> ]>
      <!-- a comment -->
      <g:gpx xmlns:g="urn:x" version='1.1'>
        <pt lat="1.5" lon="-2"/><name>A &amp; B &#65;&#x42;</name><d><![CDATA[<raw>]]></d>
      </g:gpx>
      """)
    let significant = result.filter { event in
      if case .text(let text) = event { return !text.allSatisfy(\.isWhitespace) }
      return true
    }
    let expected: [XMLEvent] = [
      .start(name: "gpx", attributes: ["g": "urn:x", "version": "1.1"]),
      .start(name: "pt", attributes: ["lat": "1.5", "lon": "-2"]), .end(name: "pt"),
      .start(name: "name", attributes: [:]), .text("A & B AB"), .end(name: "name"),
      .start(name: "d", attributes: [:]), .text("<raw>"), .end(name: "d"),
      .end(name: "gpx"),
    ]
    #expect(significant == expected)
  }

  @Test(
    "malformed documents name the line",
    arguments: [
      ("not xml at all", 1, "outside the root"),
      ("<gpx><trk>\n<trkseg>", 2, "truncated"),
      ("<gpx>\n</trk>", 2, "does not close"),
      ("<a></a><b></b>", 1, "second root"),
      ("", 1, "no root element"),
      ("<a x=1></a>", 1, "not quoted"),
      ("<a>&bogus;</a>", 1, "unknown entity"),
      ("<a><!-- open", 1, "unterminated comment"),
      ("<gpx><trkpt lat=\"1", 1, "ends inside"),
    ])
  func malformed(text: String, line: Int, problem: String) {
    #expect {
      _ = try tokenize(text)
    } throws: { error in
      let error = error as! TallyError
      // Named in the file as every importer's errors are: "track.gpx line 2: expected …".
      let named = error.inFile("track.gpx").description
      return error.source?.line == line && named.hasPrefix("track.gpx line \(line): expected ")
        && named.contains(problem) && error.category == .badData
    }
  }
}

@Suite("XML tokens and split reading")
struct XMLTokenTests {
  /// The tokens of `tokenizer` to its end: names as text, text as its decoded bytes.
  private static func tokens(_ tokenizer: inout XMLTokenizer) throws -> [String] {
    var result: [String] = []
    while let token = try tokenizer.nextToken() {
      switch token {
      case .start(let name): result.append("<\(tokenizer.string(of: name))@\(tokenizer.depth)")
      case .end(let name): result.append("</\(tokenizer.string(of: name))")
      case .text: result.append(tokenizer.withText { String(decoding: $0, as: UTF8.self) })
      }
    }
    return result
  }

  static let document =
    "<g:gpx><trk><trkseg><trkpt lat=\"1&amp;2\"/><trkpt/></trkseg></trk></g:gpx>"

  @Test("names are numbered once; attribute values and text come as decoded bytes") func tokens()
    throws
  {
    var tokenizer = XMLTokenizer(data: Data(Self.document.utf8))
    let point = tokenizer.intern("trkpt")
    let lat = tokenizer.intern("lat")
    var points = 0
    var latitudes: [String] = []
    while let token = try tokenizer.nextToken() {
      guard case .start(let name) = token, name.id == point else { continue }
      points += 1
      if let value = tokenizer.withAttribute(
        lat, { $0.map { String(decoding: $0, as: UTF8.self) } })
      {
        latitudes.append(value)
      }
    }
    #expect(points == 2 && latitudes == ["1&2"])
  }

  @Test("a head and a tail split before an element read the document as one tokenizer")
  func split() throws {
    let data = Data(Self.document.utf8)
    var whole = XMLTokenizer(data: data)
    let expected = try Self.tokens(&whole)
    // Before the second `<trkpt`: the head leaves gpx, trk and trkseg open (depth 3).
    let offset = Self.document.utf8.count - "<trkpt/></trkseg></trk></g:gpx>".utf8.count
    var (head, tail) = XMLTokenizer(data: data).split(at: offset, depth: 3)
    let joined = try Self.tokens(&head) + Self.tokens(&tail)
    #expect(joined == expected)
    #expect(XMLTokenizer.joins(head, tail))
    // Assumed one level too shallow: the tail's last end tag has nothing to close.
    var (shallowHead, shallowTail) = XMLTokenizer(data: data).split(at: offset, depth: 2)
    _ = try Self.tokens(&shallowHead)
    #expect(throws: TallyError.self) { try Self.tokens(&shallowTail) }
    // Split inside a tag: the head ends inside it.
    var (cutHead, _) = XMLTokenizer(data: data).split(at: offset + 3, depth: 3)
    #expect(throws: TallyError.self) { try Self.tokens(&cutHead) }
  }
}

@Suite("Fast decimal parsing")
struct FastDecimalTests {
  @Test(
    "agrees with Double(String) to the last bit",
    arguments: [
      "45.2735188510", "-79.0931872185", "0", "211", "-0.5", "+7.25", "1e3", "1.5E-2",
      "123456789012345678", "0.1", "178.942626953", "00012.5000", "3.14159265358979",
    ])
  func agrees(text: String) {
    #expect(FastDecimal.parse(text) == Double(text))
  }

  @Test("refuses what is not a number", arguments: ["", "-", ".", "abc", "1.2.3", "1,5", " 1"])
  func refuses(text: String) {
    #expect(FastDecimal.parse(text) == nil)
  }
}
