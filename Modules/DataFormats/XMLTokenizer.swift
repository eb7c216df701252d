import AnalyticsCore
import Foundation

/// The attributes of a start tag, by local name, in document order (a small array: cheaper than
/// a dictionary for the two or three attributes an element has).
public struct XMLAttributes: Sendable, Equatable, ExpressibleByDictionaryLiteral {
  /// Local names and values, in order.
  public private(set) var pairs: [(name: String, value: String)] = []

  /// No attributes.
  public init() {}

  /// Attributes from a literal (tests).
  public init(dictionaryLiteral elements: (String, String)...) {
    pairs = elements.map { (name: $0.0, value: $0.1) }
  }

  /// The value of the first attribute with this local name.
  public subscript(name: String) -> String? {
    pairs.first(where: { $0.name == name })?.value
  }

  mutating func append(_ name: String, _ value: String) {
    // Room for a GPS point's lat and lon at once: growing from one to two was a second
    // allocation for each of a track's hundreds of thousands of points.
    if pairs.isEmpty { pairs.reserveCapacity(Self.typicalCount) }
    pairs.append((name, value))
  }

  /// Attributes an element usually has at most (`lat`, `lon`; `version`, `creator`, `xmlns`).
  private static let typicalCount = 4

  /// Equal when the same names have the same values in the same order.
  public static func == (lhs: XMLAttributes, rhs: XMLAttributes) -> Bool {
    lhs.pairs.map(\.name) == rhs.pairs.map(\.name)
      && lhs.pairs.map(\.value) == rhs.pairs.map(\.value)
  }
}

/// One event of a streamed XML document.
public enum XMLEvent: Sendable, Equatable {
  /// An element starts: its local name (prefix removed) and attributes by local name.
  case start(name: String, attributes: XMLAttributes)
  /// An element ends (also sent right after `start` for `<empty/>` elements).
  case end(name: String)
  /// Character data between tags (entities and CDATA decoded; may arrive in several pieces).
  case text(String)
}

/// A streaming (pull) XML tokenizer over bytes: it hands out one event at a time and never
/// builds a document tree. It checks well-formedness as far as importers need — tags balance,
/// one root element, nothing but white space outside it, quoted attributes, known entities — and
/// names the line of the first problem.
///
/// Why not Foundation's `XMLParser`: on Linux it measured 12–15 MB/s on a 10 MB GPX with an empty
/// delegate, well below the 50 MB/s RuckAnalytics needs; this tokenizer is several times faster.
/// Namespaces are reduced to local names (`gpxtpx:hr` → `hr`); DTDs are skipped, not processed.
public struct XMLTokenizer {
  private let bytes: [UInt8]
  private var index: Int
  private var line = 1
  /// Open elements: where the qualified name lies in `bytes` (to check the end tag without
  /// building a string) and the local name (to report it).
  private var stack: [(nameStart: Int, nameEnd: Int, local: String)] = []
  private var pendingEnd: String?
  private var sawRoot = false
  /// Local names met so far, each with where it first occurred in `bytes`: a GPS file repeats a
  /// handful of names (`trkpt`, `ele`, `time`) hundreds of thousands of times, and handing out
  /// the same `String` again costs a byte comparison instead of a decoding.
  private var knownNames: [(start: Int, end: Int, name: String)] = []
  /// Distinct names remembered; a document with more decodes the rest each time.
  private static let knownNameLimit = 32

  /// A tokenizer over `data` (a UTF-8 byte order mark is skipped).
  public init(data: Data) {
    bytes = [UInt8](data)
    index = bytes.starts(with: [0xEF, 0xBB, 0xBF]) ? 3 : 0
  }

  /// The line the tokenizer has reached.
  public var currentLine: Int { line }

  /// How deep the current element is (the root element is depth 1 while it is open).
  public var depth: Int { stack.count }

  /// The next event, or `nil` at the end of a well-formed document.
  ///
  /// - throws: `TallyError` (bad data) naming the line of the first malformation, or a document
  ///   that ends before all its elements are closed (a truncated file).
  public mutating func next() throws -> XMLEvent? {
    if let name = pendingEnd {
      pendingEnd = nil
      stack.removeLast()
      return .end(name: name)
    }
    while index < bytes.count {
      if bytes[index] != 0x3C {  // text up to the next '<'
        let start = index
        while index < bytes.count, bytes[index] != 0x3C {
          if bytes[index] == 0x0A { line += 1 }
          index += 1
        }
        if stack.isEmpty {
          guard
            bytes[start..<index].allSatisfy({ $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09 }
            )
          else {
            throw error("text outside the root element")
          }
          continue
        }
        return .text(try decode(start, index))
      }
      // '<'
      guard index + 1 < bytes.count else {
        throw error("the document ends inside a tag (truncated?)")
      }
      switch bytes[index + 1] {
      case 0x3F:  // <? … ?>
        try skip(past: [0x3F, 0x3E], what: "processing instruction")
      case 0x21:  // <!-- --> <![CDATA[ ]]> <!DOCTYPE >
        if matches("<!--") {
          try skip(past: [0x2D, 0x2D, 0x3E], what: "comment")
        } else if matches("<![CDATA[") {
          guard !stack.isEmpty else { throw error("CDATA outside the root element") }
          let start = index + 9
          try skip(past: [0x5D, 0x5D, 0x3E], what: "CDATA section")
          return .text(String(decoding: bytes[start..<(index - 3)], as: UTF8.self))
        } else {
          try skipDeclaration()
        }
      case 0x2F:  // </name>
        index += 2
        let nameStart = index
        while index < bytes.count, !isNameEnd(bytes[index]) { index += 1 }
        let nameEnd = index
        skipSpace()
        guard index < bytes.count, bytes[index] == 0x3E else {
          throw error("a malformed end tag </\(text(nameStart, nameEnd))")
        }
        index += 1
        guard let open = stack.last else {
          throw error("an end tag </\(text(nameStart, nameEnd))> without a start tag")
        }
        guard nameEnd - nameStart == open.nameEnd - open.nameStart,
          bytes[nameStart..<nameEnd].elementsEqual(bytes[open.nameStart..<open.nameEnd])
        else {
          throw error(
            "the end tag </\(text(nameStart, nameEnd))> does not close <\(text(open.nameStart, open.nameEnd))>"
          )
        }
        stack.removeLast()
        return .end(name: open.local)
      default:
        index += 1
        let nameStart = index
        let local = try readLocalName()
        let nameEnd = index
        var name: String { text(nameStart, nameEnd) }  // the qualified name, for errors only
        if stack.isEmpty {
          guard !sawRoot else { throw error("a second root element <\(name)>") }
          sawRoot = true
        }
        var attributes = XMLAttributes()
        while true {
          skipSpace()
          guard index < bytes.count else {
            throw error("the document ends inside <\(name)> (truncated?)")
          }
          if bytes[index] == 0x3E {
            index += 1
            stack.append((nameStart, nameEnd, local))
            return .start(name: local, attributes: attributes)
          }
          if bytes[index] == 0x2F {
            guard index + 1 < bytes.count, bytes[index + 1] == 0x3E else {
              throw error("a malformed tag <\(name)")
            }
            index += 2
            stack.append((nameStart, nameEnd, local))
            pendingEnd = local
            return .start(name: local, attributes: attributes)
          }
          let key = try readLocalName()
          skipSpace()
          guard index < bytes.count, bytes[index] == 0x3D else {
            throw error("the attribute \(key) of <\(name)> has no value")
          }
          index += 1
          skipSpace()
          guard index < bytes.count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
            throw error("the attribute \(key) of <\(name)> is not quoted")
          }
          let quote = bytes[index]
          index += 1
          let start = index
          while index < bytes.count, bytes[index] != quote {
            if bytes[index] == 0x0A { line += 1 }
            index += 1
          }
          guard index < bytes.count else {
            throw error("the document ends inside <\(name)> (truncated?)")
          }
          attributes.append(key, try decode(start, index))
          index += 1
        }
      }
    }
    if let open = stack.last {
      throw error("the document ends before </\(text(open.nameStart, open.nameEnd))> (truncated?)")
    }
    guard sawRoot else { throw error("no root element: expected an XML document") }
    return nil
  }

  // MARK: Scanning

  private func error(_ problem: String) -> TallyError {
    TallyError(value: "line \(line)", expected: "well-formed XML (\(problem))", category: .badData)
  }

  private func matches(_ literal: String) -> Bool {
    let utf8 = Array(literal.utf8)
    return index + utf8.count <= bytes.count && Array(bytes[index..<(index + utf8.count)]) == utf8
  }

  private mutating func skip(past terminator: [UInt8], what: String) throws {
    while index + terminator.count <= bytes.count {
      if bytes[index] == terminator[0],
        Array(bytes[index..<(index + terminator.count)]) == terminator
      {
        index += terminator.count
        return
      }
      if bytes[index] == 0x0A { line += 1 }
      index += 1
    }
    throw error("an unterminated \(what)")
  }

  /// Skips `<!DOCTYPE …>` including an internal subset in brackets.
  private mutating func skipDeclaration() throws {
    var brackets = 0
    while index < bytes.count {
      switch bytes[index] {
      case 0x5B: brackets += 1
      case 0x5D: brackets -= 1
      case 0x3E where brackets == 0:
        index += 1
        return
      case 0x0A: line += 1
      default: break
      }
      index += 1
    }
    throw error("an unterminated declaration")
  }

  private mutating func skipSpace() {
    while index < bytes.count {
      switch bytes[index] {
      case 0x0A:
        line += 1
        index += 1
      case 0x20, 0x09, 0x0D: index += 1
      default: return
      }
    }
  }

  private func isNameEnd(_ byte: UInt8) -> Bool {
    byte == 0x20 || byte == 0x0A || byte == 0x0D || byte == 0x09 || byte == 0x3E || byte == 0x2F
      || byte == 0x3D || byte == 0x3C || byte == 0x22 || byte == 0x27
  }

  private func text(_ start: Int, _ end: Int) -> String {
    String(decoding: bytes[start..<end], as: UTF8.self)
  }

  /// Reads a qualified name and returns its local part (after the last `:`).
  private mutating func readLocalName() throws -> String {
    let start = index
    var colon = -1
    while index < bytes.count {
      let byte = bytes[index]
      if isNameEnd(byte) { break }
      if byte == 0x3A { colon = index }
      index += 1
    }
    guard index > start else { throw error("a tag or attribute without a name") }
    return localName(colon < 0 ? start : colon + 1, index)
  }

  /// The name in `bytes[start..<end]`, the same `String` as before when it occurred before.
  private mutating func localName(_ start: Int, _ end: Int) -> String {
    let length = end - start
    let found = bytes.withUnsafeBufferPointer { buffer -> String? in
      // Names are a few bytes: a loop here costs less than a call to `memcmp` (profiled).
      for known in knownNames where known.end - known.start == length {
        var offset = 0
        while offset < length, buffer[known.start + offset] == buffer[start + offset] {
          offset += 1
        }
        if offset == length { return known.name }
      }
      return nil
    }
    if let found { return found }
    let name = text(start, end)
    if knownNames.count < Self.knownNameLimit { knownNames.append((start, end, name)) }
    return name
  }

  /// The text of `bytes[start..<end]` with entity references decoded.
  private func decode(_ start: Int, _ end: Int) throws -> String {
    guard bytes[start..<end].contains(0x26) else {
      return String(decoding: bytes[start..<end], as: UTF8.self)
    }
    var out: [UInt8] = []
    out.reserveCapacity(end - start)
    var position = start
    while position < end {
      guard bytes[position] == 0x26 else {
        out.append(bytes[position])
        position += 1
        continue
      }
      guard let semicolon = bytes[position..<end].firstIndex(of: 0x3B) else {
        throw error("an unterminated entity reference")
      }
      let entity = String(decoding: bytes[(position + 1)..<semicolon], as: UTF8.self)
      let scalar: Unicode.Scalar?
      switch entity {
      case "lt": scalar = "<"
      case "gt": scalar = ">"
      case "amp": scalar = "&"
      case "quot": scalar = "\""
      case "apos": scalar = "'"
      default:
        if entity.hasPrefix("#x") || entity.hasPrefix("#X") {
          scalar = UInt32(entity.dropFirst(2), radix: 16).flatMap(Unicode.Scalar.init)
        } else if entity.hasPrefix("#") {
          scalar = UInt32(entity.dropFirst()).flatMap(Unicode.Scalar.init)
        } else {
          scalar = nil
        }
      }
      guard let scalar else { throw error("an unknown entity &\(entity);") }
      out.append(contentsOf: Array(String(scalar).utf8))
      position = semicolon + 1
    }
    return String(decoding: out, as: UTF8.self)
  }
}
