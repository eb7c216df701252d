import AnalyticsCore
import DataFormats
import Testing

/// Mutates real FIT files — cut short, bytes flipped or overwritten, sizes made huge, bytes
/// inserted — and checks that decoding returns or throws a bad-data `TallyError`, never traps or
/// hangs. Half of the mutants get their CRCs recomputed, so that the damage reaches the message
/// decoder instead of stopping at the CRC check.
@Suite(
  "FIT decoding of damaged files", .enabled(if: hasFITData, "../shared/data/fit is missing"),
  .timeLimit(.minutes(2)))
struct FITFuzzTests {
  /// The small files take most cases (a debug build decodes them fastest); the large ones fewer.
  static let plan: [(file: String, cases: Int)] = [
    ("garmin-fenix-5-run.fit", 1500), ("compressed-speed-distance.fit", 1500),
    ("Settings.fit", 500), ("activity-filecrc.fit", 500), ("sample_mulitple_header.fit", 100),
    ("developer-types-sample.fit", 50),
  ]

  @Test("4,150 mutants of the real files: each decodes or is refused", arguments: plan)
  func mutants(_ file: String, _ cases: Int) throws {
    let original = try fitFile(file)
    var random = SeededGenerator(seed: 13)
    var refused = 0
    for _ in 0..<cases {
      var bytes = original
      mutate(&bytes, using: &random)
      if Bool.random(using: &random) { reseal(&bytes) }
      do {
        _ = try FITActivity(decoding: bytes)
      } catch let error as TallyError {
        #expect(error.category == .badData)
        refused += 1
      }
    }
    // Not every mutant can survive: most damage to the CRC-checked files must be noticed.
    #expect(refused > cases / 2)
  }

  private func mutate(_ bytes: inout [UInt8], using random: inout SeededGenerator) {
    guard !bytes.isEmpty else { return }
    switch Int.random(in: 0..<6, using: &random) {
    case 0: bytes.removeLast(Int.random(in: 1...bytes.count, using: &random))
    case 1:
      for _ in 0..<Int.random(in: 1...8, using: &random) {
        bytes[Int.random(in: 0..<bytes.count, using: &random)] ^=
          1 << UInt8.random(in: 0..<8, using: &random)
      }
    case 2:
      // Field sizes, counts and local types live in the first bytes of each message: overwrite
      // a run with extremes.
      let start = Int.random(in: 0..<bytes.count, using: &random)
      let end = min(bytes.count, start + Int.random(in: 1...16, using: &random))
      let value: UInt8 = [0x00, 0xFF, 0x7F, 0x80, 0x40, 0x60].randomElement(using: &random)!
      for index in start..<end { bytes[index] = value }
    case 3:
      // A huge or off-by-some declared data size.
      guard bytes.count >= 8 else { return }
      let size: UInt32 = [.max, 0x8000_0000, 0, UInt32(bytes.count)].randomElement(using: &random)!
      for offset in 0..<4 { bytes[4 + offset] = UInt8(truncatingIfNeeded: size >> (8 * offset)) }
    case 4:
      let at = Int.random(in: 0...bytes.count, using: &random)
      let inserted = (0..<Int.random(in: 1...32, using: &random)).map { _ in
        UInt8.random(in: 0...255, using: &random)
      }
      bytes.insert(contentsOf: inserted, at: at)
    default:
      // A definition's architecture byte, field count or size set to random values.
      bytes[Int.random(in: 0..<bytes.count, using: &random)] = UInt8.random(
        in: 0...255, using: &random)
    }
  }

  /// Rewrites the header CRC and the first file's CRC where the mutant still has room for them.
  private func reseal(_ bytes: inout [UInt8]) {
    guard bytes.count >= 14, bytes[0] == 14 || bytes[0] == 12 else { return }
    let headerSize = Int(bytes[0])
    if headerSize == 14 {
      let crc = FITCRC.checksum(Array(bytes[0..<12]))
      bytes[12] = UInt8(crc & 0xFF)
      bytes[13] = UInt8(crc >> 8)
    }
    let declared = bytes[4..<8].reversed().reduce(0) { $0 << 8 | Int($1) }
    let end = headerSize + declared
    guard end + 2 <= bytes.count else { return }
    let crc = FITCRC.checksum(Array(bytes[0..<end]))
    bytes[end] = UInt8(crc & 0xFF)
    bytes[end + 1] = UInt8(crc >> 8)
  }
}
