/// The FIT SDK's CRC-16 (the CRC-16/ARC polynomial 0x8005, reflected), which guards the 14-byte
/// header and every file. The SDK computes it a nibble at a time with a 16-entry table; this one
/// gives the same values eight bytes at a time ("slicing by 8": eight 256-entry tables, where
/// table k holds a byte's effect k bytes later), because the whole file passes through it and a
/// byte at a time measured 385 MB/s against 111 MB/s for the decoding it guards.
public enum FITCRC {
  /// The reflected polynomial.
  private static let polynomial: UInt16 = 0xA001
  private static let slices = 8

  /// `slices` tables of 256 entries, one after the other.
  private static let tables: [UInt16] = {
    var tables = (0...255).map { index in
      var crc = UInt16(index)
      for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ polynomial : crc >> 1 }
      return crc
    }
    for slice in 1..<slices {
      for index in 0...255 {
        let previous = tables[(slice - 1) * 256 + index]
        tables.append((previous >> 8) ^ tables[Int(previous & 0xFF)])
      }
    }
    return tables
  }()

  /// The CRC of `bytes`, continuing from `crc` (0 to start).
  public static func checksum(_ bytes: UnsafeRawBufferPointer, from crc: UInt16 = 0) -> UInt16 {
    tables.withUnsafeBufferPointer { table in
      var crc = crc
      var index = 0
      while index + slices <= bytes.count {
        let word = UInt64(littleEndian: bytes.loadUnaligned(fromByteOffset: index, as: UInt64.self))
        let low = word ^ UInt64(crc)
        crc =
          table[7 * 256 + Int(low & 0xFF)] ^ table[6 * 256 + Int(low >> 8 & 0xFF)]
          ^ table[5 * 256 + Int(word >> 16 & 0xFF)] ^ table[4 * 256 + Int(word >> 24 & 0xFF)]
          ^ table[3 * 256 + Int(word >> 32 & 0xFF)] ^ table[2 * 256 + Int(word >> 40 & 0xFF)]
          ^ table[256 + Int(word >> 48 & 0xFF)] ^ table[Int(word >> 56)]
        index += slices
      }
      while index < bytes.count {
        crc = (crc >> 8) ^ table[Int(UInt8(truncatingIfNeeded: crc) ^ bytes[index])]
        index += 1
      }
      return crc
    }
  }

  /// The CRC of `bytes`.
  public static func checksum(_ bytes: [UInt8]) -> UInt16 {
    bytes.withUnsafeBytes { checksum($0) }
  }
}
