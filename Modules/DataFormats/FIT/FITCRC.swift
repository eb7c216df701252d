/// The FIT SDK's CRC-16 (the CRC-16/ARC polynomial 0x8005, reflected), which guards the 14-byte
/// header and every file. The SDK computes it a nibble at a time with a 16-entry table; this one
/// uses the equivalent 256-entry table, one lookup per byte, because the whole file passes
/// through it.
public enum FITCRC {
  /// The reflected polynomial.
  private static let polynomial: UInt16 = 0xA001

  private static let table: [UInt16] = (0...255).map { index in
    var crc = UInt16(index)
    for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
    return crc
  }

  /// The CRC of `bytes`, continuing from `crc` (0 to start).
  public static func checksum(_ bytes: UnsafeRawBufferPointer, from crc: UInt16 = 0) -> UInt16 {
    table.withUnsafeBufferPointer { table in
      var crc = crc
      for byte in bytes { crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ byte)] }
      return crc
    }
  }

  /// The CRC of `bytes`.
  public static func checksum(_ bytes: [UInt8]) -> UInt16 {
    bytes.withUnsafeBytes { checksum($0) }
  }
}
