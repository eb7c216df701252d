import AnalyticsCore

/// Where one field of a message lies, as its definition message declares it.
struct FITFieldLayout: Sendable {
  /// The field definition number of the profile (253 is every message's timestamp).
  let number: UInt8
  /// Bytes from the start of the message's content.
  let offset: Int
  let size: Int
  let type: FITBaseType
}

/// A definition message: how the data messages of one local message type are laid out until the
/// local type is defined again.
struct FITDefinition: Sendable {
  let globalNumber: UInt16
  let bigEndian: Bool
  let fields: [FITFieldLayout]
  /// Bytes of a data message's content, developer fields included (they are skipped whole).
  let size: Int
  /// For each field number, its index in `fields` plus one (0: absent): a record's fields are
  /// looked up several times per message, and a scan of twenty fields each time measured as
  /// much as the rest of the decoding.
  private let slots: [UInt8]

  init(globalNumber: UInt16, bigEndian: Bool, fields: [FITFieldLayout], size: Int) {
    self.globalNumber = globalNumber
    self.bigEndian = bigEndian
    self.fields = fields
    self.size = size
    var slots = [UInt8](repeating: 0, count: 256)
    // The first definition of a number wins; a field count is one byte, so index + 1 fits.
    for (index, field) in fields.enumerated().reversed() {
      slots[Int(field.number)] = UInt8(index + 1)
    }
    self.slots = slots
  }

  func field(_ number: UInt8) -> FITFieldLayout? {
    let slot = Int(slots[Int(number)])
    return slot == 0 ? nil : fields[slot - 1]
  }
}

/// One decoded data message: its global message number (the profile's `mesg_num`: 0 file_id,
/// 18 session, 19 lap, 20 record, …) and typed access to its fields by field definition number.
/// The bytes are not copied: the message reads from the file's array, which it shares.
public struct FITMessage: Sendable {
  /// The profile's message number.
  public let globalNumber: UInt16
  /// The byte offset of the message's record header in the file, for error messages.
  public let offset: Int
  /// FIT seconds (since 1989-12-31T00:00:00Z) of the message: its timestamp field (253), or the
  /// time a compressed-timestamp header gives it.
  let fitTimestamp: UInt32?
  let layout: FITDefinition
  let bytes: [UInt8]
  /// Where the content starts in `bytes`.
  let start: Int

  /// The seconds from 1970-01-01 to FIT's epoch, 1989-12-31T00:00:00Z.
  static let epochOffset: Int64 = 631_065_600

  /// The message's time (field 253, or the compressed-timestamp header's).
  ///
  /// FIT times below 0x10000000 are seconds since the device was switched on rather than since
  /// the epoch (files from devices without a clock); they are returned as they are, in 1990.
  public var time: Instant? { fitTimestamp.map(Self.instant) }

  /// A `date_time` field as an instant.
  public func instant(_ field: UInt8) -> Instant? {
    integer(field).flatMap { $0 >= 0 && $0 <= UInt32.max ? Self.instant(UInt32($0)) : nil }
  }

  static func instant(_ fitSeconds: UInt32) -> Instant {
    Instant(secondsSinceEpoch: Int64(fitSeconds) + epochOffset)
  }

  /// An integer field (enum, sintN, uintN), `nil` when absent, invalid (the base type's "no
  /// value" pattern), an array, or not an integer type.
  public func integer(_ field: UInt8) -> Int64? {
    guard let layout = layout.field(field), let raw = raw(layout) else { return nil }
    switch layout.type.kind {
    case .unsigned: return raw <= UInt64(Int64.max) ? Int64(raw) : nil
    case .signed:
      let unused = UInt64(64 - 8 * layout.size)
      return Int64(bitPattern: raw << unused) >> unused
    case .float, .opaque: return nil
    }
  }

  /// A numeric field (integer or float) before scale and offset; `nil` as for `integer`.
  public func number(_ field: UInt8) -> Double? {
    guard let layout = layout.field(field) else { return nil }
    if layout.type.kind == .float, let raw = raw(layout) {
      let value =
        layout.size == 4 ? Double(Float(bitPattern: UInt32(raw))) : Double(bitPattern: raw)
      return value.isFinite ? value : nil
    }
    return integer(field).map(Double.init)
  }

  /// A numeric field with the profile's scale and offset applied: `stored / scale - offset`.
  public func number(_ field: UInt8, scale: Double, offset: Double = 0) -> Double? {
    number(field).map { $0 / scale - offset }
  }

  /// The raw bytes of a field (byte arrays, strings), in file order; `nil` when absent.
  public func bytes(_ field: UInt8) -> ArraySlice<UInt8>? {
    guard let layout = layout.field(field) else { return nil }
    return bytes[start + layout.offset..<start + layout.offset + layout.size]
  }

  /// The field's bits in the message's byte order, `nil` for the invalid pattern or when its size
  /// is not one value of its base type.
  private func raw(_ layout: FITFieldLayout) -> UInt64? {
    guard layout.size == layout.type.size else { return nil }
    let first = start + layout.offset
    // The reader checked that the message lies inside `bytes`.
    let value = bytes.withUnsafeBytes { bytes -> UInt64 in
      let bigEndian = self.layout.bigEndian
      switch layout.size {
      case 1: return UInt64(bytes[first])
      case 2:
        let value = bytes.loadUnaligned(fromByteOffset: first, as: UInt16.self)
        return UInt64(bigEndian ? UInt16(bigEndian: value) : UInt16(littleEndian: value))
      case 4:
        let value = bytes.loadUnaligned(fromByteOffset: first, as: UInt32.self)
        return UInt64(bigEndian ? UInt32(bigEndian: value) : UInt32(littleEndian: value))
      default:
        let value = bytes.loadUnaligned(fromByteOffset: first, as: UInt64.self)
        return bigEndian ? UInt64(bigEndian: value) : UInt64(littleEndian: value)
      }
    }
    return value == layout.type.invalid ? nil : value
  }
}
