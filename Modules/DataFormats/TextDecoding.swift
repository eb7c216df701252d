import AnalyticsCore
import Foundation

/// The one way every importer reads text: UTF-8 (with or without a byte order mark), UTF-16 with
/// a byte order mark (a spreadsheet's "Unicode text"), else Windows-1252 when the bytes are not
/// UTF-8 (Excel's "CSV" on Windows, CMS's older files). What comes out is UTF-8 without a byte
/// order mark. Bytes that are none of these are refused naming their line, never read as U+FFFD:
/// `Jalape\u{F1}o` in Windows-1252 was stored as `Jalape�o`.
///
/// It decodes a stream chunk by chunk (`decode(_:)`, then `finish()`), so a file of any size is
/// read once: while every byte so far is ASCII the encoding is open, and the first byte that is
/// not valid UTF-8 makes it Windows-1252 only when no earlier byte was UTF-8's (a file is one
/// encoding or it is refused).
public struct TextDecoder: Sendable {
  public enum Encoding: String, Sendable {
    case utf8 = "UTF-8"
    case utf16LittleEndian = "UTF-16LE"
    case utf16BigEndian = "UTF-16BE"
    case windows1252 = "Windows-1252"
  }

  /// The encoding read: `nil` until the first chunk; `.utf8` while the bytes could still be
  /// either UTF-8 or Windows-1252 (all ASCII so far).
  public private(set) var encoding: Encoding?
  private let source: TallyError.Source
  /// Bytes held back: an incomplete sequence at a chunk's end, or a start too short to tell.
  private var pending: [UInt8] = []
  /// Whether a byte outside ASCII was read as UTF-8 (then the file cannot be Windows-1252).
  private var sawUTF8 = false
  /// Line breaks passed so far, for the line an error names.
  private var lines = 0

  public init(source: TallyError.Source) {
    self.source = source
  }

  /// Decodes a whole file.
  ///
  /// - throws: `TallyError` (bad data) naming the line of the first byte that is not text.
  public static func utf8(_ data: Data, source: TallyError.Source) throws -> Data {
    var decoder = TextDecoder(source: source)
    var out = try decoder.decode(data)
    out.append(try decoder.finish())
    return out
  }

  /// A reader of chunks (`nil` or empty at the end) turned into one of UTF-8 chunks.
  public static func utf8(
    reading read: @escaping @Sendable () throws -> Data?, source: TallyError.Source
  ) -> @Sendable () throws -> Data? {
    let state = LockedValue((decoder: TextDecoder(source: source), done: false))
    return {
      // An empty chunk would say "the end": read on until there is text or the input ends.
      while true {
        let (decoder, done) = state.withLock { ($0.decoder, $0.done) }
        if done { return nil }
        var next = decoder
        let chunk = try read()
        let out: Data
        if let chunk, !chunk.isEmpty {
          out = try next.decode(chunk)
          state.withLock { $0.decoder = next }
        } else {
          out = try next.finish()
          state.withLock { $0 = (next, true) }
        }
        if !out.isEmpty { return out }
      }
    }
  }

  /// The UTF-8 of `chunk`, less what must wait for the next chunk.
  public mutating func decode(_ chunk: Data) throws -> Data {
    var bytes = pending
    bytes.append(contentsOf: chunk)
    pending = []
    return try convert(bytes, last: false)
  }

  /// The UTF-8 of what is held back at the end of the input.
  public mutating func finish() throws -> Data {
    let bytes = pending
    pending = []
    return try convert(bytes, last: true)
  }

  private mutating func convert(_ input: [UInt8], last: Bool) throws -> Data {
    var bytes = input[...]
    if encoding == nil {
      // Four bytes tell a byte order mark and a zip or OLE file; a shorter input waits.
      guard bytes.count >= 4 || last else {
        pending = Array(bytes)
        return Data()
      }
      try refuseSpreadsheet(bytes)
      if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
        bytes = bytes.dropFirst(3)
        encoding = .utf8
      } else if bytes.starts(with: [0xFF, 0xFE]) {
        bytes = bytes.dropFirst(2)
        encoding = .utf16LittleEndian
      } else if bytes.starts(with: [0xFE, 0xFF]) {
        bytes = bytes.dropFirst(2)
        encoding = .utf16BigEndian
      } else {
        encoding = .utf8
      }
    }
    switch encoding! {
    case .utf8: return try utf8(bytes, last: last)
    case .windows1252: return try windows1252(bytes)
    case .utf16LittleEndian, .utf16BigEndian: return try utf16(bytes, last: last)
    }
  }

  /// Checks UTF-8 and passes it on; at the first invalid byte of an all-ASCII-so-far input the
  /// rest is Windows-1252.
  private mutating func utf8(_ bytes: ArraySlice<UInt8>, last: Bool) throws -> Data {
    var index = bytes.startIndex
    let end = bytes.endIndex
    while index < end {
      let byte = bytes[index]
      if byte < 0x80 {
        index += 1
        continue
      }
      let length: Int
      switch byte {
      case 0xC2...0xDF: length = 2
      case 0xE0...0xEF: length = 3
      case 0xF0...0xF4: length = 4
      default: length = 0
      }
      if length > 0, index + length > end, !last {
        // A sequence cut by the chunk's end: valid so far, it waits for the rest.
        if isValidPrefix(bytes[index..<end], first: byte) {
          pending = Array(bytes[index..<end])
          return try output(bytes[bytes.startIndex..<index])
        }
      }
      if length > 0, index + length <= end,
        isValidPrefix(bytes[index..<(index + length)], first: byte)
      {
        sawUTF8 = true
        index += length
        continue
      }
      // Not UTF-8 here. Only a file with no UTF-8 before can be Windows-1252 throughout.
      guard !sawUTF8 else {
        throw refusal(
          at: bytes[bytes.startIndex..<index], byte: byte,
          expected: "UTF-8 throughout (earlier lines are UTF-8): save the file as CSV UTF-8")
      }
      let ascii = try output(bytes[bytes.startIndex..<index])
      encoding = .windows1252
      return ascii + (try windows1252(bytes[index..<end]))
    }
    return try output(bytes)
  }

  /// Whether `sequence` (its length at most the length `first` announces) can begin a valid
  /// UTF-8 sequence: continuation bytes, and no overlong form, surrogate or value past U+10FFFF.
  private func isValidPrefix(_ sequence: ArraySlice<UInt8>, first: UInt8) -> Bool {
    for (offset, byte) in sequence.enumerated() where offset > 0 {
      var range: ClosedRange<UInt8> = 0x80...0xBF
      if offset == 1 {
        switch first {
        case 0xE0: range = 0xA0...0xBF
        case 0xED: range = 0x80...0x9F
        case 0xF0: range = 0x90...0xBF
        case 0xF4: range = 0x80...0x8F
        default: break
        }
      }
      if !range.contains(byte) { return false }
    }
    return true
  }

  /// Windows-1252, through Foundation; the five bytes it leaves undefined are refused.
  private mutating func windows1252(_ bytes: ArraySlice<UInt8>) throws -> Data {
    try refuseNUL(bytes)
    if let undefined = bytes.firstIndex(where: { [0x81, 0x8D, 0x8F, 0x90, 0x9D].contains($0) }) {
      throw refusal(
        at: bytes[bytes.startIndex..<undefined], byte: bytes[undefined],
        expected: "text in UTF-8, or in Windows-1252 throughout")
    }
    lines += bytes.count { $0 == 0x0A }
    guard let text = String(bytes: bytes, encoding: .windowsCP1252) else {
      throw TallyError.refused("not Windows-1252 text", source: lineSource)
    }
    return Data(text.utf8)
  }

  /// UTF-16 in the byte order its mark said; an odd byte or a lone high surrogate at a chunk's
  /// end waits for the next.
  private mutating func utf16(_ input: ArraySlice<UInt8>, last: Bool) throws -> Data {
    var bytes = input
    if !last {
      var keep = bytes.count % 2
      if bytes.count - keep >= 2 {
        let at = bytes.endIndex - keep - 2
        let unit =
          encoding == .utf16LittleEndian
          ? UInt16(bytes[at + 1]) << 8 | UInt16(bytes[at])
          : UInt16(bytes[at]) << 8 | UInt16(bytes[at + 1])
        if (0xD800...0xDBFF).contains(unit) { keep += 2 }
      }
      pending = Array(bytes.suffix(keep))
      bytes = bytes.dropLast(keep)
    }
    guard
      bytes.count % 2 == 0,
      let text = String(
        bytes: bytes,
        encoding: encoding == .utf16LittleEndian ? .utf16LittleEndian : .utf16BigEndian)
    else {
      throw TallyError(
        .badData,
        .invalid(
          field: nil, value: "the bytes after line \(lines + 1)",
          expected: "UTF-16 text, as its byte order mark says"),
        source: source)
    }
    let utf8 = Array(text.utf8)
    try refuseNUL(utf8[...])
    lines += utf8.count { $0 == 0x0A }
    return Data(utf8)
  }

  /// A `.xlsx`, `.numbers` or `.ods` (zip) or `.xls` (OLE) file is not text.
  private func refuseSpreadsheet(_ bytes: ArraySlice<UInt8>) throws {
    if bytes.starts(with: [0x50, 0x4B, 0x03, 0x04])
      || bytes.starts(with: [0xD0, 0xCF, 0x11, 0xE0])
    {
      throw TallyError.refused(
        "this is a spreadsheet workbook (.xlsx, .xls, .numbers) or a zip archive, not text: "
          + "expected a CSV file (in the spreadsheet, save or export it as CSV)",
        source: source)
    }
  }

  private mutating func output(_ bytes: ArraySlice<UInt8>) throws -> Data {
    try refuseNUL(bytes)
    lines += bytes.count { $0 == 0x0A }
    return Data(bytes)
  }

  /// A NUL is no text: SQLite reads a text up to its first NUL, so `Piz\0za` was stored whole
  /// and shown as `Piz` (issue 32). Refused naming its line, in every encoding.
  private mutating func refuseNUL(_ bytes: ArraySlice<UInt8>) throws {
    guard let nul = bytes.firstIndex(of: 0) else { return }
    throw refusal(
      at: bytes[bytes.startIndex..<nul], byte: 0,
      expected: "text without a NUL character: it would cut the text where it is stored")
  }

  private var lineSource: TallyError.Source { TallyError.Source(source.name, line: lines + 1) }

  /// The error for `byte`, found after `before` in the current chunk.
  private mutating func refusal(at before: ArraySlice<UInt8>, byte: UInt8, expected: String)
    -> TallyError
  {
    lines += before.count { $0 == 0x0A }
    return TallyError(
      .badData,
      .invalid(
        field: nil,
        value: "byte 0x" + (byte < 0x10 ? "0" : "") + String(byte, radix: 16, uppercase: true),
        expected: expected),
      source: lineSource)
  }
}
