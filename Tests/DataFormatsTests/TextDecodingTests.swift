import AnalyticsCore
import DataFormats
import Foundation
import Testing

/// Expected bytes are Python's own encoders (`str.encode('cp1252')`, `'utf-16-le'`), never the
/// decoder under test; every input is also fed in chunks of every size from 1 byte, since a
/// stream may cut a sequence anywhere.
@Suite("Text decoding: UTF-8, UTF-16 with a BOM, else Windows-1252; never U+FFFD")
struct TextDecodingTests {
  /// `"item,note\r\nJalapeño Poppers,Café – “hot” €2\r\n".encode("cp1252")`
  static let windows1252: [UInt8] = [
    105, 116, 101, 109, 44, 110, 111, 116, 101, 13, 10, 74, 97, 108, 97, 112, 101, 241, 111, 32,
    80, 111, 112, 112, 101, 114, 115, 44, 67, 97, 102, 233, 32, 150, 32, 147, 104, 111, 116, 148,
    32, 128, 50, 13, 10,
  ]
  static let windows1252Text = "item,note\r\nJalapeño Poppers,Café – “hot” €2\r\n"

  /// `"🍕 Pizza,ok\n".encode("utf-16-le")`, after its byte order mark.
  static let utf16LittleEndian: [UInt8] =
    [0xFF, 0xFE] + [
      60, 216, 85, 223, 32, 0, 80, 0, 105, 0, 122, 0, 122, 0, 97, 0, 44, 0, 111, 0, 107, 0, 10, 0,
    ]

  /// Decodes `bytes` fed in chunks of `size`.
  static func decode(_ bytes: [UInt8], chunks size: Int) throws -> String {
    var decoder = TextDecoder(source: .init("f.csv"))
    var out = Data()
    var start = 0
    while start < bytes.count {
      let end = min(start + size, bytes.count)
      out.append(try decoder.decode(Data(bytes[start..<end])))
      start = end
    }
    out.append(try decoder.finish())
    return try #require(String(validating: out, as: UTF8.self))
  }

  @Test func everyEncodingInEveryChunking() throws {
    let utf8 = Array("Crème brûlée,🍕,naïve\n".utf8)
    let utf16BigEndian: [UInt8] =
      [0xFE, 0xFF] + Array("🍕 Pizza,ok\n".utf16).flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
    for size in 1...12 {
      #expect(try Self.decode(utf8, chunks: size) == "Crème brûlée,🍕,naïve\n")
      #expect(try Self.decode([0xEF, 0xBB, 0xBF] + utf8, chunks: size) == "Crème brûlée,🍕,naïve\n")
      #expect(try Self.decode(Self.windows1252, chunks: size) == Self.windows1252Text)
      #expect(try Self.decode(Self.utf16LittleEndian, chunks: size) == "🍕 Pizza,ok\n")
      #expect(try Self.decode(utf16BigEndian, chunks: size) == "🍕 Pizza,ok\n")
    }
    #expect(try Self.decode([], chunks: 1) == "")
    #expect(try Self.decode(Array("ab".utf8), chunks: 1) == "ab")
  }

  static let nulInUTF8: [UInt8] = Array("item\nPiz".utf8) + [0] + Array("za\n".utf8)
  static let nulInWindows1252: [UInt8] = [0x63, 0x61, 0x66, 0xE9, 0x0A, 0x61, 0x00]
  static let nulInUTF16: [UInt8] =
    [0xFF, 0xFE] + Array("a\nb\u{0}c".utf16).flatMap { [UInt8($0 & 0xFF), UInt8($0 >> 8)] }
  static let nulMessage =
    #"f.csv line 2: "byte 0x00" is not valid: expected text without a NUL character: it would cut the text where it is stored"#

  @Test(
    "bytes that are no text are refused naming their line",
    arguments: [
      // UTF-8 on line 1 ("é"), then a lone Windows-1252 "é" on line 3: one file, two encodings.
      (
        Array("caf\u{E9}\nok\n".utf8) + [0x43, 0x61, 0x66, 0xE9, 0x0A],
        #"f.csv line 3: "byte 0xE9" is not valid: expected UTF-8 throughout (earlier lines are UTF-8): save the file as CSV UTF-8"#
      ),
      // 0x81 has no character in Windows-1252.
      (
        Array("a\nb\n".utf8) + [0x81],
        #"f.csv line 3: "byte 0x81" is not valid: expected text in UTF-8, or in Windows-1252 throughout"#
      ),
      // A NUL in UTF-8, in Windows-1252 and in UTF-16 (issue 32: SQLite kept "Piz\0za" and
      // showed "Piz").
      (nulInUTF8, nulMessage), (nulInWindows1252, nulMessage), (nulInUTF16, nulMessage),
      // The start of an .xlsx (a zip archive).
      (
        [0x50, 0x4B, 0x03, 0x04, 0x14, 0x00],
        "f.csv: this is a spreadsheet workbook (.xlsx, .xls, .numbers) or a zip archive, not text: expected a CSV file (in the spreadsheet, save or export it as CSV)"
      ),
    ])
  func refused(bytes: [UInt8], message: String) {
    for size in [1, 3, 64] {
      #expect {
        _ = try Self.decode(bytes, chunks: size)
      } throws: { error in
        (error as? TallyError)?.description == message
          && (error as? TallyError)?.category == .badData
      }
    }
  }

  @Test func aStreamOfChunksEndsOnlyAtTheEnd() throws {
    // Chunks that decode to nothing (a cut sequence) must not read as the end of the input.
    let chunks = LockedValue([[0xC3], [0xA9], [0x21]].map { Data($0) })
    let read = TextDecoder.utf8(
      reading: { chunks.withLock { $0.isEmpty ? nil : $0.removeFirst() } }, source: .init("s"))
    var out = Data()
    while let chunk = try read(), !chunk.isEmpty { out.append(chunk) }
    #expect(String(decoding: out, as: UTF8.self) == "é!")
  }
}
