import AnalyticsCore
import DataFormats
import Testing

/// Writes FIT files byte by byte, for what the real files do not show: big-endian messages,
/// invalid values, timestamp rollover, broken headers.
private struct FITBuilder {
  /// The messages written so far.
  var content: [UInt8] = []

  /// Base types of the profile used below.
  static let enumType: UInt8 = 0x00
  static let uint8: UInt8 = 0x02
  static let uint16: UInt8 = 0x84
  static let sint32: UInt8 = 0x85
  static let uint32: UInt8 = 0x86
  static let byte: UInt8 = 0x0D

  mutating func define(
    local: UInt8, global: UInt16, bigEndian: Bool = false, fields: [(UInt8, UInt8, UInt8)],
    developer: [(UInt8, UInt8, UInt8)]? = nil
  ) {
    content.append(0x40 | (developer == nil ? 0 : 0x20) | local)
    content += [0, bigEndian ? 1 : 0]
    content +=
      bigEndian
      ? [UInt8(global >> 8), UInt8(global & 0xFF)] : [UInt8(global & 0xFF), UInt8(global >> 8)]
    content.append(UInt8(fields.count))
    for (number, size, type) in fields { content += [number, size, type] }
    if let developer {
      content.append(UInt8(developer.count))
      for (number, size, index) in developer { content += [number, size, index] }
    }
  }

  mutating func data(local: UInt8, _ bytes: [UInt8]) { content += [local] + bytes }

  /// A data message with a compressed-timestamp header (local types 0–3 only).
  mutating func compressed(local: UInt8, seconds: UInt8, _ bytes: [UInt8]) {
    content += [0x80 | local << 5 | seconds] + bytes
  }

  /// A `file_id` of `type` (4 = activity) as local type 0.
  mutating func fileID(type: UInt8 = 4) {
    define(local: 0, global: 0, fields: [(0, 1, Self.enumType)])
    data(local: 0, [type])
  }

  /// Header, messages and file CRC.
  func file(headerSize: Int = 14, declaredSize: Int? = nil, headerCRC: UInt16? = nil) -> [UInt8] {
    let size = UInt32(declaredSize ?? content.count)
    var bytes: [UInt8] = [UInt8(headerSize), 0x20, 0x54, 0x08]
    bytes += [
      UInt8(size & 0xFF), UInt8(size >> 8 & 0xFF), UInt8(size >> 16 & 0xFF), UInt8(size >> 24),
    ]
    bytes += Array(".FIT".utf8)
    if headerSize == 14 {
      let crc = headerCRC ?? FITCRC.checksum(bytes)
      bytes += [UInt8(crc & 0xFF), UInt8(crc >> 8)]
    }
    bytes += content
    let crc = FITCRC.checksum(bytes)
    return bytes + [UInt8(crc & 0xFF), UInt8(crc >> 8)]
  }
}

/// Little-endian bytes of a value of `count` bytes.
private func le(_ value: Int64, _ count: Int) -> [UInt8] {
  (0..<count).map { UInt8(truncatingIfNeeded: value >> (8 * $0)) }
}

/// The record layout used below: timestamp, position, altitude, distance, heart rate.
private let recordFields: [(UInt8, UInt8, UInt8)] = [
  (253, 4, FITBuilder.uint32), (0, 4, FITBuilder.sint32), (1, 4, FITBuilder.sint32),
  (2, 2, FITBuilder.uint16), (5, 4, FITBuilder.uint32), (3, 1, FITBuilder.uint8),
]

/// Hand-picked stored values and what they mean:
/// - timestamp 1,000,000,000 FIT s + 631,065,600 = 1,631,065,600 s since 1970 =
///   2021-09-08T01:46:40Z (python `datetime.fromtimestamp`);
/// - latitude −2^29 semicircles = −2^29 × 180 / 2^31 = −45°, longitude 2^30 → 90°;
/// - altitude 2,600 / 5 − 500 = 20 m; distance 123,456 / 100 = 1,234.56 m; heart rate 150.
private let recordValues: [Int64] = [
  1_000_000_000, -536_870_912, 1_073_741_824, 2600, 123_456, 150,
]
private let expectedRecord = FITRecord(
  time: try! Instant(parsing: "2021-09-08T01:46:40Z"), latitude: -45, longitude: 90, altitude: 20,
  distance: 1234.56, heartRate: 150)

private func recordBytes(_ values: [Int64], bigEndian: Bool = false) -> [UInt8] {
  zip(recordFields, values).flatMap { field, value in
    let bytes = le(value, Int(field.1))
    return bigEndian ? bytes.reversed() : bytes
  }
}

@Suite("FIT decoding")
struct FITDecoderTests {
  /// CRC-16/ARC's check value from the CRC catalogue (reveng): "123456789" → 0xBB3D.
  @Test("the CRC is the FIT SDK's (CRC-16/ARC)") func crc() {
    #expect(FITCRC.checksum(Array("123456789".utf8)) == 0xBB3D)
    #expect(FITCRC.checksum([]) == 0)
  }

  @Test("records in both byte orders, 12- and 14-byte headers", arguments: [false, true])
  func byteOrders(bigEndian: Bool) throws {
    var builder = FITBuilder()
    builder.fileID()
    builder.define(local: 1, global: 20, bigEndian: bigEndian, fields: recordFields)
    builder.data(local: 1, recordBytes(recordValues, bigEndian: bigEndian))
    for headerSize in [12, 14] {
      let activity = try FITActivity(decoding: builder.file(headerSize: headerSize))
      #expect(activity.records == [expectedRecord])
    }
  }

  @Test("a field holding its base type's invalid value is absent") func invalidValues() throws {
    var builder = FITBuilder()
    builder.fileID()
    builder.define(local: 1, global: 20, fields: recordFields)
    // uint32 0xFFFFFFFF, sint32 0x7FFFFFFF, uint16 0xFFFF, uint8 0xFF.
    builder.data(
      local: 1,
      recordBytes([1_000_000_000, 0x7FFF_FFFF, 0x7FFF_FFFF, 0xFFFF, 0xFFFF_FFFF, 0xFF]))
    let activity = try FITActivity(decoding: builder.file())
    #expect(activity.records == [FITRecord(time: expectedRecord.time)])
  }

  @Test("compressed timestamps count from the last full one and roll over") func compressed() throws
  {
    var builder = FITBuilder()
    builder.fileID()
    builder.define(local: 1, global: 20, fields: [(253, 4, FITBuilder.uint32)])
    builder.define(local: 2, global: 20, fields: [(3, 1, FITBuilder.uint8)])
    builder.data(local: 1, le(1000, 4))
    // 1000 = 31 × 32 + 8: offset 10 → 992 + 10 = 1002; then offset 3 < 10 rolls over:
    // 992 + 32 + 3 = 1027; then offset 3 again → 1027 (no move).
    builder.compressed(local: 2, seconds: 10, [100])
    builder.compressed(local: 2, seconds: 3, [101])
    builder.compressed(local: 2, seconds: 3, [102])
    let activity = try FITActivity(decoding: builder.file())
    let seconds = activity.records.map { $0.time.map { $0.wholeSecondsSinceEpoch - 631_065_600 } }
    #expect(seconds == [1000, 1002, 1027, 1027])
    #expect(activity.records.map(\.heartRate) == [nil, 100, 101, 102])
  }

  @Test("developer fields are skipped by their declared size") func developerFields() throws {
    var builder = FITBuilder()
    builder.fileID()
    builder.define(
      local: 1, global: 20, fields: [(3, 1, FITBuilder.uint8)], developer: [(0, 4, 0), (1, 2, 0)])
    builder.data(local: 1, [120, 0xAA, 0xBB, 0xCC, 0xDD, 0xEE, 0xFF])
    builder.data(local: 1, [121, 1, 2, 3, 4, 5, 6])
    let activity = try FITActivity(decoding: builder.file())
    #expect(activity.records.map(\.heartRate) == [120, 121])
  }

  @Test("chained files are read in sequence, each with its own definitions") func chained() throws {
    var first = FITBuilder()
    first.fileID()
    first.define(local: 1, global: 20, fields: [(3, 1, FITBuilder.uint8)])
    first.data(local: 1, [90])
    var second = FITBuilder()
    second.define(local: 1, global: 20, fields: [(3, 1, FITBuilder.uint8)])
    second.data(local: 1, [91])
    let activity = try FITActivity(decoding: first.file() + second.file(headerSize: 12))
    #expect(activity.records.map(\.heartRate) == [90, 91])

    // A chained file may not use a definition of the one before it.
    var orphan = FITBuilder()
    orphan.data(local: 1, [92])
    let firstFile = first.file()
    let error = try #require(throws: TallyError.self) {
      try FITActivity(decoding: firstFile + orphan.file())
    }
    // Its data message follows the second 14-byte header.
    #expect(
      error.description
        == "byte \(firstFile.count + 14): a data message of local type 1, which nothing has defined"
    )
  }

  @Test("session and lap totals, with their sport") func summaries() throws {
    var builder = FITBuilder()
    builder.fileID()
    let fields: [(UInt8, UInt8, UInt8)] = [
      (253, 4, FITBuilder.uint32), (2, 4, FITBuilder.uint32), (7, 4, FITBuilder.uint32),
      (8, 4, FITBuilder.uint32), (9, 4, FITBuilder.uint32), (5, 1, FITBuilder.enumType),
      (25, 1, FITBuilder.enumType),
    ]
    builder.define(local: 1, global: 18, fields: fields)
    builder.define(local: 2, global: 19, fields: fields)
    // Start 1,000,000,000, end 3,600 s later; 3,600,500 ms = 3,600.5 s elapsed, 3,000,250 ms
    // = 3,000.25 s timer; 1,000,001 cm = 10,000.01 m; session sport in field 5 (17 hiking),
    // lap sport in field 25 (11 walking).
    let values: [Int64] = [1_000_003_600, 1_000_000_000, 3_600_500, 3_000_250, 1_000_001]
    let bytes = zip(values, 0...).flatMap { value, _ in le(value, 4) }
    builder.data(local: 1, bytes + [17, 11])
    builder.data(local: 2, bytes + [17, 11])
    let activity = try FITActivity(decoding: builder.file())
    let start = try Instant(parsing: "2021-09-08T01:46:40Z")
    var want = FITSummary(
      startTime: start, timestamp: start.adding(seconds: 3600), totalElapsedTime: 3600.5,
      totalTimerTime: 3000.25, totalDistance: 10000.01, sport: .hiking)
    #expect(activity.sessions == [want])
    want.sport = .walking
    #expect(activity.laps == [want])
    #expect(FITSport.hiking.name == "hiking" && FITSport(rawValue: 200).name == nil)
  }

  @Test("the message reader hands out every data message with its offset") func reader() throws {
    var builder = FITBuilder()
    builder.fileID()
    builder.define(local: 1, global: 21, fields: [(0, 2, FITBuilder.uint16)])
    builder.data(local: 1, le(513, 2))
    var reader = FITMessageReader(bytes: builder.file())
    var seen: [(UInt16, Int, Int64?)] = []
    while let message = try reader.next() {
      seen.append((message.globalNumber, message.offset, message.integer(0)))
    }
    // file_id data at 14 + 6 + 3 = 23 holds 4; the 21's definition (6 + 3 bytes) follows the
    // 2-byte message, so its data is at 25 + 9 = 34 and holds 0x0201 = 513.
    #expect(seen.map(\.0) == [0, 21] && seen.map(\.1) == [23, 34] && seen.map(\.2) == [4, 513])
  }

  @Test("floats, signed bytes and byte arrays, in both byte orders", arguments: [false, true])
  func fieldTypes(bigEndian: Bool) throws {
    var builder = FITBuilder()
    builder.fileID()
    builder.define(
      local: 1, global: 300, bigEndian: bigEndian,
      fields: [(0, 4, 0x88), (1, 1, 0x01), (2, 3, FITBuilder.byte), (3, 2, FITBuilder.uint16)])
    // float32 1.5 = 0x3FC00000; sint8 −3 = 0xFD; three bytes kept in file order; a uint16 field
    // declared 2 bytes wide holds 0x0102 = 258 little-endian or 0x0201 = 513 big-endian.
    let float: [UInt8] = [0x00, 0x00, 0xC0, 0x3F]
    builder.data(local: 1, (bigEndian ? float.reversed() : float) + [0xFD, 7, 8, 9, 0x02, 0x01])
    var reader = FITMessageReader(bytes: builder.file())
    _ = try reader.next()  // file_id
    let message = try #require(try reader.next())
    #expect(message.globalNumber == 300)
    #expect(message.number(0) == 1.5 && message.integer(0) == nil)
    #expect(message.integer(1) == -3 && message.number(1, scale: 2, offset: 1) == -2.5)
    #expect(message.bytes(2).map(Array.init) == [7, 8, 9] && message.integer(2) == nil)
    #expect(message.integer(3) == (bigEndian ? 513 : 258))
    #expect(message.integer(4) == nil && message.time == nil)
    #expect(try reader.next() == nil)
  }

  static let brokenFiles: [(String, [UInt8], String)] = {
    var activity = FITBuilder()
    activity.fileID()
    let good = activity.file()  // 14 + 9 + 2 + 2 = 27 bytes
    var undefined = FITBuilder()
    undefined.fileID()
    undefined.data(local: 3, [1])
    var badArchitecture = FITBuilder()
    badArchitecture.content = [0x40, 0, 2, 0, 0, 0]
    var compressedFirst = FITBuilder()
    compressedFirst.fileID()
    compressedFirst.compressed(local: 0, seconds: 1, [4])
    var monitoring = FITBuilder()
    monitoring.fileID(type: 15)
    var noType = FITBuilder()
    noType.fileID(type: 0xFF)
    var noFileID = FITBuilder()
    noFileID.define(local: 0, global: 20, fields: [(3, 1, FITBuilder.uint8)])
    noFileID.data(local: 0, [80])
    var declaredShort = FITBuilder()
    declaredShort.fileID()
    declaredShort.content.removeLast()  // the declared data ends inside file_id's data message
    var badCRC = good
    badCRC[20] ^= 0x01
    var badHeaderCRC = good
    badHeaderCRC[5] ^= 0x01
    return [
      ("empty", [], "byte 0: the file is 0 bytes long: expected a FIT header of 12 or 14"),
      (
        "header size", [13] + good.dropFirst(),
        "byte 0: header size 13: expected 12 or 14 (not a FIT file)"
      ),
      (
        "signature", Array(good[0..<8]) + Array("FIT.".utf8) + good[12...],
        "byte 8: no .FIT signature: not a FIT file"
      ),
      ("short header", Array(good[0..<13]), "byte 0: the file ends inside the 14-byte FIT header"),
      // The header CRC (bytes 12–13) was computed before byte 5 was flipped.
      (
        "header CRC", badHeaderCRC,
        "byte 12: header CRC 0x\(hex(good[13]))\(hex(good[12])) does not match"
      ),
      ("file CRC", badCRC, "byte 25: file CRC"),
      ("missing CRC", Array(good.dropLast(2)), "byte 25: the file ends before its CRC"),
      // Header and definition only: 23 bytes where 14 + 11 are declared.
      (
        "cut between messages", Array(good.dropLast(4)),
        "byte 23: the file ends before the end of its data (byte 25)"
      ),
      ("truncated", Array(good.dropLast(3)), "byte 23: the file ends inside a data message"),
      // file_id's definition (9 bytes) and the header of its data message, whose byte is cut:
      // the data ends at 14 + 10 = 24, before the message that starts at 23 does.
      (
        "declared too short", declaredShort.file(declaredSize: declaredShort.content.count),
        "byte 23: a data message runs past the end of the data (byte 24)"
      ),
      (
        "undefined local type", undefined.file(),
        "byte 25: a data message of local type 3, which nothing has defined"
      ),
      (
        "architecture", badArchitecture.file(),
        "byte 16: architecture 2: expected 0 (little-endian) or 1 (big-endian)"
      ),
      (
        "definition cut", FITBuilder(content: [0x40, 0, 0, 0, 0, 2, 0, 1]).file(),
        "byte 14: a definition message runs past the end of the data (byte 22)"
      ),
      (
        "compressed first", compressedFirst.file(),
        "byte 25: a compressed timestamp before any full timestamp"
      ),
      (
        "trailing bytes", good + [0, 0, 0],
        "byte 27: 3 bytes after the file CRC: expected another FIT header"
      ),
      ("monitoring", monitoring.file(), "byte 23: not an activity file (type 15: monitoring_a)"),
      ("no type", noType.file(), "byte 23: not an activity file (no file type)"),
      ("no file_id", noFileID.file(), "no file_id message: not a FIT activity file"),
    ]
  }()

  @Test("broken files are refused with the byte offset and what is wrong", arguments: brokenFiles)
  func refusals(_ name: String, _ bytes: [UInt8], _ message: String) throws {
    let error = try #require(throws: TallyError.self) { try FITActivity(decoding: bytes) }
    #expect(error.category == .badData)
    #expect(error.description.hasPrefix(message), "\(name): \(error)")
  }
}

private func hex(_ byte: UInt8) -> String {
  let digits = String(byte, radix: 16, uppercase: true)
  return digits.count == 1 ? "0" + digits : digits
}
