import AnalyticsCore

/// Reads the data messages of a FIT file one at a time (a pull decoder: nothing is kept but the
/// current definitions), checking as it goes everything the format lets it check: the header and
/// its CRC, the file CRC, that every message lies inside the data the header declares, and that
/// every data message has a definition. Chained files (several header + data + CRC one after
/// the other, as multisport devices write) are read in sequence.
///
/// Every length and offset comes from the file, so each is checked before it is used: no input
/// makes it trap, and it always advances, so none makes it loop.
public struct FITMessageReader: Sendable {
  private let bytes: [UInt8]
  private var index = 0
  /// Where the current file's messages end (its CRC follows); `nil` between chained files.
  private var dataEnd: Int?
  /// The layout of each local message type (0–15), as last defined.
  private var definitions = [FITDefinition?](repeating: nil, count: localTypes)
  /// The last full timestamp, which compressed-timestamp headers count from.
  private var lastTimestamp: UInt32?

  private static let localTypes = 16
  private static let signature: [UInt8] = Array(".FIT".utf8)
  private static let timestampField: UInt8 = 253

  /// A reader over the bytes of a whole file.
  public init(bytes: [UInt8]) { self.bytes = bytes }

  /// A reader over a copy of `buffer`.
  public init(_ buffer: UnsafeRawBufferPointer) { self.init(bytes: Array(buffer)) }

  /// The next data message, or `nil` after the last file's CRC.
  ///
  /// - throws: `TallyError` (bad data) naming the byte offset of the first problem: a file that
  ///   is not FIT, a header or file CRC that does not match, a file that ends early, a message
  ///   that runs past the declared data, a data message of an undefined local type.
  public mutating func next() throws -> FITMessage? {
    while true {
      guard let end = dataEnd else {
        if index == bytes.count, index > 0 { return nil }
        try openFile()
        continue
      }
      if index < end {
        if let message = try readRecord(dataEnd: end) { return message }
      } else {
        guard end + 2 <= bytes.count else {
          throw Self.bad(end, "the file ends before its CRC")
        }
        index = end + 2
        dataEnd = nil
      }
    }
  }

  private static func bad(_ offset: Int, _ message: String) -> TallyError {
    .refused("byte \(offset): \(message)")
  }

  private static func hex(_ value: UInt16) -> String {
    let digits = String(value, radix: 16, uppercase: true)
    return "0x" + String(repeating: "0", count: 4 - digits.count) + digits
  }

  private func littleEndian16(at offset: Int) -> UInt16 {
    UInt16(bytes[offset]) | UInt16(bytes[offset + 1]) << 8
  }

  /// Reads the header at `index`, checks both CRCs when the file is whole (a truncated file is
  /// reported where its messages stop), and starts a new set of definitions.
  private mutating func openFile() throws {
    let start = index
    let available = bytes.count - start
    let minimumHeader = 12
    guard available >= minimumHeader else {
      throw start == 0
        ? Self.bad(0, "the file is \(available) bytes long: expected a FIT header of 12 or 14")
        : Self.bad(start, "\(available) bytes after the file CRC: expected another FIT header")
    }
    let size = Int(bytes[start])
    guard size == minimumHeader || size == minimumHeader + 2 else {
      throw Self.bad(start, "header size \(size): expected 12 or 14 (not a FIT file)")
    }
    guard bytes[start + 8..<start + 12].elementsEqual(Self.signature) else {
      throw Self.bad(start + 8, "no .FIT signature: not a FIT file")
    }
    guard available >= size else {
      throw Self.bad(start, "the file ends inside the 14-byte FIT header")
    }
    let declared = bytes.withUnsafeBytes {
      $0.loadUnaligned(fromByteOffset: start + 4, as: UInt32.self)
    }
    if size == minimumHeader + 2 {
      let stored = littleEndian16(at: start + minimumHeader)
      let computed = bytes.withUnsafeBytes {
        FITCRC.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<start + minimumHeader]))
      }
      // 0 means the writer did not compute one.
      guard stored == 0 || stored == computed else {
        throw Self.bad(
          start + minimumHeader,
          "header CRC \(Self.hex(stored)) does not match \(Self.hex(computed)) computed")
      }
    }
    let end = start + size + Int(UInt32(littleEndian: declared))
    if end + 2 <= bytes.count {
      let stored = littleEndian16(at: end)
      let computed = bytes.withUnsafeBytes {
        FITCRC.checksum(UnsafeRawBufferPointer(rebasing: $0[start..<end]))
      }
      guard stored == computed else {
        throw Self.bad(
          end, "file CRC \(Self.hex(stored)) does not match \(Self.hex(computed)) computed")
      }
    }
    index = start + size
    dataEnd = end
    definitions = [FITDefinition?](repeating: nil, count: Self.localTypes)
    lastTimestamp = nil
  }

  /// Checks that the message starting at `start` may extend to `end`: the file may end first
  /// (truncated) or the message may run past the size the header declares (corrupt).
  private func require(_ end: Int, start: Int, dataEnd: Int, in kind: String) throws {
    if end > bytes.count, bytes.count <= dataEnd {
      throw Self.bad(start, "the file ends inside a \(kind) message")
    }
    if end > dataEnd {
      throw Self.bad(start, "a \(kind) message runs past the end of the data (byte \(dataEnd))")
    }
  }

  /// Reads one message at `index`: returns a data message, or `nil` after a definition.
  private mutating func readRecord(dataEnd: Int) throws -> FITMessage? {
    let start = index
    guard start < bytes.count else {
      throw Self.bad(start, "the file ends before the end of its data (byte \(dataEnd))")
    }
    let header = bytes[start]
    let compressed = header & 0x80 != 0
    if !compressed, header & 0x40 != 0 {
      try readDefinition(at: start, developerData: header & 0x20 != 0, dataEnd: dataEnd)
      return nil
    }
    let local = compressed ? Int(header >> 5 & 0x03) : Int(header & 0x0F)
    guard let layout = definitions[local] else {
      throw Self.bad(start, "a data message of local type \(local), which nothing has defined")
    }
    try require(start + 1 + layout.size, start: start, dataEnd: dataEnd, in: "data")
    index = start + 1 + layout.size
    var message = FITMessage(
      globalNumber: layout.globalNumber, offset: start, fitTimestamp: nil, layout: layout,
      bytes: bytes, start: start + 1)
    if let full = message.integer(Self.timestampField) {
      lastTimestamp = UInt32(truncatingIfNeeded: full)
    } else if compressed {
      guard let last = lastTimestamp else {
        throw Self.bad(start, "a compressed timestamp before any full timestamp")
      }
      // Five bits of seconds counted from the last full timestamp; a smaller value than the
      // last one's low bits means the count rolled over.
      let offset = UInt32(header & 0x1F)
      var time = (last & ~0x1F) &+ offset
      if offset < last & 0x1F { time &+= 0x20 }
      lastTimestamp = time
    } else {
      return message
    }
    message = FITMessage(
      globalNumber: layout.globalNumber, offset: start, fitTimestamp: lastTimestamp,
      layout: layout, bytes: bytes, start: start + 1)
    return message
  }

  private mutating func readDefinition(at start: Int, developerData: Bool, dataEnd: Int) throws {
    // Header, reserved, architecture, global number (2), field count.
    let fixedPart = 6
    try require(start + fixedPart, start: start, dataEnd: dataEnd, in: "definition")
    let architecture = bytes[start + 2]
    guard architecture <= 1 else {
      throw Self.bad(
        start + 2, "architecture \(architecture): expected 0 (little-endian) or 1 (big-endian)")
    }
    let bigEndian = architecture == 1
    let first = UInt16(bytes[start + 3])
    let second = UInt16(bytes[start + 4])
    let globalNumber = bigEndian ? first << 8 | second : second << 8 | first
    let fieldCount = Int(bytes[start + 5])
    let bytesPerField = 3
    var cursor = start + fixedPart
    try require(
      cursor + fieldCount * bytesPerField, start: start, dataEnd: dataEnd, in: "definition")
    var fields: [FITFieldLayout] = []
    fields.reserveCapacity(fieldCount)
    var size = 0
    for _ in 0..<fieldCount {
      let fieldSize = Int(bytes[cursor + 1])
      fields.append(
        FITFieldLayout(
          number: bytes[cursor], offset: size, size: fieldSize,
          type: FITBaseType.named(bytes[cursor + 2])))
      size += fieldSize
      cursor += bytesPerField
    }
    if developerData {
      // Developer fields: number, size, developer data index. Only their size matters here.
      try require(cursor + 1, start: start, dataEnd: dataEnd, in: "definition")
      let developerCount = Int(bytes[cursor])
      cursor += 1
      try require(
        cursor + developerCount * bytesPerField, start: start, dataEnd: dataEnd,
        in: "definition")
      for _ in 0..<developerCount {
        size += Int(bytes[cursor + 1])
        cursor += bytesPerField
      }
    }
    let local = Int(bytes[start] & 0x0F)
    definitions[local] = FITDefinition(
      globalNumber: globalNumber, bigEndian: bigEndian, fields: fields, size: size)
    index = cursor
  }
}
