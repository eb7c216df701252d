/// How a field's bytes are read, from the base type byte of its definition (FIT profile,
/// "Base Types"). Only the low five bits name the type; the high bit only says whether it spans
/// several bytes, which the size says anyway.
struct FITBaseType: Sendable {
  /// How the value is interpreted once its bytes are read.
  enum Kind: Sendable { case unsigned, signed, float, opaque }

  /// Bytes of one value.
  let size: Int
  let kind: Kind
  /// The bit pattern that means "no value" for this type.
  let invalid: UInt64

  /// The base types in the order of their numbers (0 enum … 16 uint64z).
  private static let known: [FITBaseType] = [
    FITBaseType(size: 1, kind: .unsigned, invalid: 0xFF),  // 0 enum
    FITBaseType(size: 1, kind: .signed, invalid: 0x7F),  // 1 sint8
    FITBaseType(size: 1, kind: .unsigned, invalid: 0xFF),  // 2 uint8
    FITBaseType(size: 2, kind: .signed, invalid: 0x7FFF),  // 3 sint16
    FITBaseType(size: 2, kind: .unsigned, invalid: 0xFFFF),  // 4 uint16
    FITBaseType(size: 4, kind: .signed, invalid: 0x7FFF_FFFF),  // 5 sint32
    FITBaseType(size: 4, kind: .unsigned, invalid: 0xFFFF_FFFF),  // 6 uint32
    FITBaseType(size: 1, kind: .opaque, invalid: 0),  // 7 string (NUL-terminated UTF-8)
    FITBaseType(size: 4, kind: .float, invalid: 0xFFFF_FFFF),  // 8 float32
    FITBaseType(size: 8, kind: .float, invalid: .max),  // 9 float64
    FITBaseType(size: 1, kind: .unsigned, invalid: 0),  // 10 uint8z
    FITBaseType(size: 2, kind: .unsigned, invalid: 0),  // 11 uint16z
    FITBaseType(size: 4, kind: .unsigned, invalid: 0),  // 12 uint32z
    FITBaseType(size: 1, kind: .opaque, invalid: 0xFF),  // 13 byte
    FITBaseType(size: 8, kind: .signed, invalid: 0x7FFF_FFFF_FFFF_FFFF),  // 14 sint64
    FITBaseType(size: 8, kind: .unsigned, invalid: .max),  // 15 uint64
    FITBaseType(size: 8, kind: .unsigned, invalid: 0),  // 16 uint64z
  ]

  /// The type a definition's base type byte names; an unknown number reads as bytes, so a
  /// newer profile's type is skipped rather than refused.
  static func named(_ byte: UInt8) -> FITBaseType {
    let number = Int(byte & 0x1F)
    return number < known.count ? known[number] : known[13]
  }
}
