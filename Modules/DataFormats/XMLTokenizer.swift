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

  mutating func append(_ name: String, _ value: String) { pairs.append((name, value)) }

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

/// An element or attribute name as `XMLTokenizer.nextToken()` hands it out: its number in the
/// tokenizer's table of local names, so that an importer tells `trkpt` from `ele` by comparing
/// integers (`XMLTokenizer.intern` gives the number of a name it looks for), and where the local
/// name lies in the document, for the rare name past the table's limit.
public struct XMLName: Sendable {
  /// The name's number, or `XMLName.unnumbered` for a name met after the table was full.
  public let id: Int
  fileprivate let start: Int
  fileprivate let end: Int

  /// The number of a name that no `intern` call can return.
  public static let unnumbered = -1
}

/// One token of `XMLTokenizer.nextToken()`: the same events as `XMLEvent`, without making a
/// `String` of anything.
public enum XMLToken: Sendable {
  /// An element starts; its attributes are the tokenizer's until the next token.
  case start(XMLName)
  /// An element ends (also right after `start` for `<empty/>` elements).
  case end(XMLName)
  /// Character data (`XMLTokenizer.withText` reads it before the next token).
  case text
}

/// A streaming (pull) XML tokenizer over bytes: it hands out one event at a time and never
/// builds a document tree. It checks well-formedness as far as importers need — tags balance,
/// one root element, nothing but white space outside it, quoted attributes, known entities — and
/// names the line of the first problem.
///
/// Why not Foundation's `XMLParser`: on Linux it measured 12–15 MB/s on a 10 MB GPX with an empty
/// delegate, well below the 50 MB/s RuckAnalytics needs; this tokenizer is several times faster.
/// Namespaces are reduced to local names (`gpxtpx:hr` → `hr`); DTDs are skipped, not processed.
///
/// Two ways to read: `next()` hands out `XMLEvent`s with `String`s; `nextToken()` hands out names
/// as numbers and lets the caller read text and attribute values as bytes, which a GPS file of
/// hundreds of thousands of points needs (a `String` per value was most of a GPX import's
/// parsing, see `Docs/Ruck.md`).
public struct XMLTokenizer: Sendable {
  @usableFromInline let document: Document
  private var index: Int
  private var line = 1
  /// Open elements: where the qualified name lies in the document (to check the end tag without
  /// building a string) and the local name (to hand out with the end tag).
  @usableFromInline var stack: [(nameStart: Int, nameEnd: Int, local: XMLName)] = []
  private var pendingEnd: XMLName?
  private var sawRoot = false
  private var names = NameTable()
  /// The current start tag's attributes: their names and where their values lie, read only when
  /// asked for.
  @usableFromInline var attributeSpans: [(name: XMLName, start: Int, end: Int, escaped: Bool)] =
    []
  /// Where the current text lies in the document, unless it held entity references: then it is
  /// `decodedText`.
  @usableFromInline var textSpan = (start: 0, end: 0)
  @usableFromInline var decodedText: [UInt8]?
  /// Where reading stops: the document's end, or a split point for a `split` head.
  private var limit: Int
  /// A `split` head: it ends quietly at `limit` with elements open.
  private var endsAtSplit = false
  /// A `split` tail: how many elements opened before its first byte are still open, and the
  /// qualified names of those its end tags closed (checked against the head by `joins`).
  @usableFromInline var openBeforeStart = 0
  private var closedBeforeStart: [(start: Int, end: Int)] = []

  /// A tokenizer over a copy of `data` (a UTF-8 byte order mark is skipped).
  public init(data: Data) {
    self.init(Document(copying: data))
  }

  private init(_ document: Document) {
    self.document = document
    index = document.bytes(0, min(3, document.count)).elementsEqual([0xEF, 0xBB, 0xBF]) ? 3 : 0
    limit = document.count
  }

  /// Calls `body` with a tokenizer over `data` read in place: no copy, which for a 40 MB file
  /// is ~25 ms. Like the pointer of `withUnsafeBytes`, the tokenizer (and any `split` of it)
  /// must not be used after `body` returns.
  public static func reading<Result>(
    _ data: Data, _ body: (inout XMLTokenizer) throws -> Result
  ) rethrows -> Result {
    try data.withUnsafeBytes { raw in
      var tokenizer = XMLTokenizer(Document(borrowing: raw))
      return try body(&tokenizer)
    }
  }

  /// Two tokenizers for one document read on two threads: the head reads the bytes before
  /// `offset` and ends there quietly, with elements open; the tail reads from `offset`, starting
  /// `depth` elements deep, its first end tags closing those. Call it on a new tokenizer.
  ///
  /// After both have read to their end without an error, `joins(_:_:)` says whether they read
  /// the document as one tokenizer would have. The tail's lines count from `offset`: for an
  /// error to report, read the document again whole.
  public func split(at offset: Int, depth: Int) -> (head: XMLTokenizer, tail: XMLTokenizer) {
    var head = self
    head.limit = min(max(offset, index), limit)
    head.endsAtSplit = true
    var tail = self
    tail.index = head.limit
    tail.openBeforeStart = depth
    tail.sawRoot = true
    return (head, tail)
  }

  /// Whether a `split` head and tail, both read to their end, read the document as one
  /// tokenizer: the head ended outside any tag, comment or section, leaving open exactly as
  /// many elements as the tail's end tags closed, with the same names.
  public static func joins(_ head: XMLTokenizer, _ tail: XMLTokenizer) -> Bool {
    guard head.endsAtSplit, head.index == head.limit, head.pendingEnd == nil,
      tail.index == tail.limit, tail.openBeforeStart == 0,
      head.stack.count == tail.closedBeforeStart.count
    else { return false }
    return zip(head.stack.reversed(), tail.closedBeforeStart).allSatisfy { open, close in
      head.document.bytes(open.nameStart, open.nameEnd).elementsEqual(
        tail.document.bytes(close.start, close.end))
    }
  }

  /// The line the tokenizer has reached.
  public var currentLine: Int { line }

  /// How many bytes of the document lie after the current token: what a reader that keeps
  /// every value can reserve room for.
  public var bytesAfter: Int { document.count - index }

  /// How deep the current element is (the root element is depth 1 while it is open).
  @inlinable public var depth: Int { openBeforeStart + stack.count }

  /// The number `nextToken()` gives the local name `name` (`trkpt`, `lat`), to compare with
  /// `XMLName.id`.
  public mutating func intern(_ name: String) -> Int {
    let utf8 = Array(name.utf8)
    return utf8.withUnsafeBufferPointer { buffer in
      guard let base = buffer.baseAddress else { return XMLName.unnumbered }
      return names.id(of: base, count: buffer.count, add: true)
    }
  }

  /// A name as text.
  public func string(of name: XMLName) -> String {
    if name.id != XMLName.unnumbered { return names.texts[name.id] }
    return text(name.start, name.end)
  }

  /// The next event, or `nil` at the end of a well-formed document.
  ///
  /// - throws: `TallyError` (bad data) naming the line of the first malformation, or a document
  ///   that ends before all its elements are closed (a truncated file).
  public mutating func next() throws -> XMLEvent? {
    switch try nextToken() {
    case .start(let name)?: return .start(name: string(of: name), attributes: attributes)
    case .end(let name)?: return .end(name: string(of: name))
    case .text?: return .text(withText { String(decoding: $0, as: UTF8.self) })
    case nil: return nil
    }
  }

  /// The current start tag's attributes as text.
  public var attributes: XMLAttributes {
    var attributes = XMLAttributes()
    for span in attributeSpans {
      attributes.append(
        string(of: span.name), withValue(span) { String(decoding: $0, as: UTF8.self) })
    }
    return attributes
  }

  /// Calls `body` with the bytes of the current start tag's first attribute whose local name has
  /// the number `name` (entities decoded), or with `nil` when the tag has none.
  @inlinable public func withAttribute<Result>(
    _ name: Int, _ body: (UnsafeBufferPointer<UInt8>?) throws -> Result
  ) rethrows -> Result {
    for span in attributeSpans where span.name.id == name {
      return try withValue(span, body)
    }
    return try body(nil)
  }

  /// Calls `body` with the bytes of the current text (entities decoded, CDATA as it is).
  @inlinable public func withText<Result>(_ body: (UnsafeBufferPointer<UInt8>) throws -> Result)
    rethrows
    -> Result
  {
    if let decodedText { return try decodedText.withUnsafeBufferPointer(body) }
    return try body(document.bytes(textSpan.start, textSpan.end))
  }

  /// The next token, or `nil` at the end of a well-formed document.
  ///
  /// - throws: as `next()`.
  public mutating func nextToken() throws -> XMLToken? {
    if let name = pendingEnd {
      pendingEnd = nil
      stack.removeLast()
      return .end(name)
    }
    let bytes = document.base
    let count = limit
    while index < count {
      if bytes[index] != 0x3C {  // text up to the next '<'
        let start = index
        var position = index
        var lines = 0
        var escaped = false
        while position < count {
          let byte = bytes[position]
          if byte == 0x3C { break }
          if byte == 0x0A { lines += 1 } else if byte == 0x26 { escaped = true }
          position += 1
        }
        index = position
        line += lines
        if depth == 0 {
          guard
            document.bytes(start, index).allSatisfy({
              $0 == 0x20 || $0 == 0x0A || $0 == 0x0D || $0 == 0x09
            })
          else {
            throw error("text outside the root element")
          }
          continue
        }
        textSpan = (start, index)
        decodedText = escaped ? try decode(start, index) : nil
        return .text
      }
      // '<'
      guard index + 1 < count else {
        throw error("the document ends inside a tag (truncated?)")
      }
      switch bytes[index + 1] {
      case 0x3F:  // <? … ?>
        try skip(past: [0x3F, 0x3E], what: "processing instruction")
      case 0x21:  // <!-- --> <![CDATA[ ]]> <!DOCTYPE >
        if matches("<!--") {
          try skip(past: [0x2D, 0x2D, 0x3E], what: "comment")
        } else if matches("<![CDATA[") {
          guard depth > 0 else { throw error("CDATA outside the root element") }
          let start = index + 9
          try skip(past: [0x5D, 0x5D, 0x3E], what: "CDATA section")
          textSpan = (start, index - 3)
          decodedText = nil
          return .text
        } else {
          try skipDeclaration()
        }
      case 0x2F:  // </name>
        index += 2
        let nameStart = index
        while index < count, !isNameEnd(bytes[index]) { index += 1 }
        let nameEnd = index
        skipSpace()
        guard index < count, bytes[index] == 0x3E else {
          throw error("a malformed end tag </\(text(nameStart, nameEnd))")
        }
        index += 1
        guard let open = stack.last else {
          guard openBeforeStart > 0 else {
            throw error("an end tag </\(text(nameStart, nameEnd))> without a start tag")
          }
          // A split tail closing an element its head opened (`joins` checks the name).
          openBeforeStart -= 1
          closedBeforeStart.append((nameStart, nameEnd))
          var local = nameStart
          for position in nameStart..<nameEnd where bytes[position] == 0x3A { local = position + 1 }
          return .end(
            XMLName(
              id: names.id(of: bytes + local, count: nameEnd - local, add: false), start: local,
              end: nameEnd))
        }
        guard document.sameBytes(nameStart, nameEnd, open.nameStart, open.nameEnd) else {
          throw error(
            "the end tag </\(text(nameStart, nameEnd))> does not close <\(text(open.nameStart, open.nameEnd))>"
          )
        }
        stack.removeLast()
        return .end(open.local)
      default:
        index += 1
        let nameStart = index
        let local = try readName()
        let nameEnd = index
        var name: String { text(nameStart, nameEnd) }  // the qualified name, for errors only
        if depth == 0 {
          guard !sawRoot else { throw error("a second root element <\(name)>") }
          sawRoot = true
        }
        if !attributeSpans.isEmpty { attributeSpans.removeAll(keepingCapacity: true) }
        while true {
          skipSpace()
          guard index < count else {
            throw error("the document ends inside <\(name)> (truncated?)")
          }
          if bytes[index] == 0x3E {
            index += 1
            stack.append((nameStart, nameEnd, local))
            return .start(local)
          }
          if bytes[index] == 0x2F {
            guard index + 1 < count, bytes[index + 1] == 0x3E else {
              throw error("a malformed tag <\(name)")
            }
            index += 2
            stack.append((nameStart, nameEnd, local))
            pendingEnd = local
            return .start(local)
          }
          let key = try readName()
          skipSpace()
          guard index < count, bytes[index] == 0x3D else {
            throw error("the attribute \(string(of: key)) of <\(name)> has no value")
          }
          index += 1
          skipSpace()
          guard index < count, bytes[index] == 0x22 || bytes[index] == 0x27 else {
            throw error("the attribute \(string(of: key)) of <\(name)> is not quoted")
          }
          let quote = bytes[index]
          index += 1
          let start = index
          var escaped = false
          while index < count, bytes[index] != quote {
            if bytes[index] == 0x0A { line += 1 } else if bytes[index] == 0x26 { escaped = true }
            index += 1
          }
          guard index < count else {
            throw error("the document ends inside <\(name)> (truncated?)")
          }
          if escaped { _ = try decode(start, index) }  // a bad entity is the document's error
          attributeSpans.append((key, start, index, escaped))
          index += 1
        }
      }
    }
    if endsAtSplit { return nil }
    if let open = stack.last {
      throw error("the document ends before </\(text(open.nameStart, open.nameEnd))> (truncated?)")
    }
    guard openBeforeStart == 0 else {
      throw error("the document ends before its elements are closed (truncated?)")
    }
    guard sawRoot else { throw error("no root element (the file is empty or holds only text)") }
    return nil
  }

  // MARK: Scanning

  /// `start..<end` with its entities decoded: checked while scanning, so never `nil` in fact.
  @usableFromInline func decoded(_ start: Int, _ end: Int) -> [UInt8]? {
    try? decode(start, end)
  }

  /// "line 204: expected well-formed XML: …", the line as the source's line: the reader adds
  /// the file's name (`TallyError.inFile`).
  private func error(_ problem: String) -> TallyError {
    TallyError(
      .badData, .refused("expected well-formed XML: \(problem)"),
      source: TallyError.Source("", line: line))
  }

  @inlinable func withValue<Result>(
    _ span: (name: XMLName, start: Int, end: Int, escaped: Bool),
    _ body: (UnsafeBufferPointer<UInt8>) throws -> Result
  ) rethrows -> Result {
    if span.escaped, let decoded = decoded(span.start, span.end) {
      return try decoded.withUnsafeBufferPointer(body)
    }
    return try body(document.bytes(span.start, span.end))
  }

  private func matches(_ literal: String) -> Bool {
    let utf8 = Array(literal.utf8)
    return index + utf8.count <= limit
      && document.bytes(index, index + utf8.count).elementsEqual(utf8)
  }

  private mutating func skip(past terminator: [UInt8], what: String) throws {
    let bytes = document.base
    while index + terminator.count <= limit {
      if bytes[index] == terminator[0],
        document.bytes(index, index + terminator.count).elementsEqual(terminator)
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
    while index < limit {
      switch document.base[index] {
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
    let bytes = document.base
    while index < limit {
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
    String(decoding: document.bytes(start, end), as: UTF8.self)
  }

  /// Reads a qualified name and returns its local part (after the last `:`).
  private mutating func readName() throws -> XMLName {
    let bytes = document.base
    let start = index
    var colon = -1
    while index < limit {
      let byte = bytes[index]
      if isNameEnd(byte) { break }
      if byte == 0x3A { colon = index }
      index += 1
    }
    guard index > start else { throw error("a tag or attribute without a name") }
    let local = colon < 0 ? start : colon + 1
    return XMLName(
      id: names.id(of: bytes + local, count: index - local, add: false), start: local, end: index)
  }

  /// The bytes of `start..<end` with entity references decoded.
  private func decode(_ start: Int, _ end: Int) throws -> [UInt8] {
    let bytes = document.base
    var out: [UInt8] = []
    out.reserveCapacity(end - start)
    var position = start
    while position < end {
      guard bytes[position] == 0x26 else {
        out.append(bytes[position])
        position += 1
        continue
      }
      guard let semicolon = document.bytes(position, end).firstIndex(of: 0x3B) else {
        throw error("an unterminated entity reference")
      }
      let entity = text(position + 1, position + semicolon)
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
      position += semicolon + 1
    }
    return out
  }
}

/// The document's bytes, read through a pointer: the scanning loops touch every byte, and an
/// array's bounds and uniqueness checks there cost more than the scan itself.
///
/// `@unchecked Sendable`: the bytes are written once, in `init`, and only read after, so the
/// head and tail of a `split` may read them on two threads. A document made by `reading` only
/// borrows its bytes: it, and every tokenizer over it, must not outlive that call's `body` —
/// which the compiler does not check, so `reading`'s callers keep the tokenizers inside it.
@usableFromInline final class Document: @unchecked Sendable {
  @usableFromInline let base: UnsafePointer<UInt8>
  @usableFromInline let count: Int
  /// Whether `base` is this document's own copy, freed with it.
  private let owned: Bool

  init(copying data: Data) {
    count = data.count
    let copy = UnsafeMutablePointer<UInt8>.allocate(capacity: max(count, 1))
    data.copyBytes(to: copy, count: count)
    base = UnsafePointer(copy)
    owned = true
  }

  /// Bytes someone else keeps alive while the document is read (`XMLTokenizer.reading`).
  init(borrowing bytes: UnsafeRawBufferPointer) {
    count = bytes.count
    if let start = bytes.baseAddress {
      base = start.assumingMemoryBound(to: UInt8.self)
      owned = false
    } else {
      base = UnsafePointer(UnsafeMutablePointer<UInt8>.allocate(capacity: 1))
      owned = true
    }
  }

  deinit { if owned { base.deallocate() } }

  /// The bytes of `start..<end`.
  @inlinable func bytes(_ start: Int, _ end: Int) -> UnsafeBufferPointer<UInt8> {
    UnsafeBufferPointer(start: base + start, count: end - start)
  }

  /// Whether `start..<end` and `otherStart..<otherEnd` hold the same bytes (an end tag's name
  /// and its start tag's: a loop costs less than `elementsEqual` or `memcmp` there, profiled).
  func sameBytes(_ start: Int, _ end: Int, _ otherStart: Int, _ otherEnd: Int) -> Bool {
    guard end - start == otherEnd - otherStart else { return false }
    var offset = 0
    while start + offset < end, base[start + offset] == base[otherStart + offset] { offset += 1 }
    return start + offset == end
  }
}

/// Local names met so far (and those an importer asked for with `intern`), numbered in order: a
/// GPS file repeats a handful of names (`trkpt`, `ele`, `time`) hundreds of thousands of times,
/// and finding one again is a lookup by length and end bytes and one comparison.
private struct NameTable {
  /// The names' bytes, one after another.
  private var storage: [UInt8] = []
  private var spans: [(start: Int, count: Int)] = []
  /// The names as text, by number.
  private(set) var texts: [String] = []
  /// A name's number + 1 by `slot(…)`, 0 when none: most lookups end here.
  private var slots = [Int](repeating: 0, count: slotCount)

  /// Names the document may add; a document with more gets `XMLName.unnumbered` for the rest.
  private static let documentLimit = 32
  private static let slotCount = 256

  private static func slot(_ name: UnsafePointer<UInt8>, _ count: Int) -> Int {
    (count &* 31 &+ Int(name[0]) &* 7 &+ Int(name[count - 1])) & (slotCount - 1)
  }

  /// The number of `name`, added when it is new and `add` or the table has room.
  mutating func id(of name: UnsafePointer<UInt8>, count: Int, add: Bool) -> Int {
    let slot = Self.slot(name, count)
    let guess = slots[slot] - 1
    if guess >= 0, equals(guess, name, count) { return guess }
    for number in spans.indices where number != guess && equals(number, name, count) {
      return number
    }
    guard add || texts.count < Self.documentLimit else { return XMLName.unnumbered }
    let number = texts.count
    spans.append((storage.count, count))
    storage.append(contentsOf: UnsafeBufferPointer(start: name, count: count))
    texts.append(String(decoding: UnsafeBufferPointer(start: name, count: count), as: UTF8.self))
    if slots[slot] == 0 { slots[slot] = number + 1 }
    return number
  }

  private func equals(_ number: Int, _ name: UnsafePointer<UInt8>, _ count: Int) -> Bool {
    let span = spans[number]
    guard span.count == count else { return false }
    return storage.withUnsafeBufferPointer { stored in
      // Names are a few bytes: a loop here costs less than a call to `memcmp` (profiled).
      var offset = 0
      while offset < count, stored[span.start + offset] == name[offset] { offset += 1 }
      return offset == count
    }
  }
}
