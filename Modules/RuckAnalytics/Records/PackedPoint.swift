import AnalyticsCore
import Foundation

/// How `track_chunk` packs a point: 34 bytes, little-endian, fixed width, so a chunk is read by
/// offset without parsing.
///
/// | bytes | field | absent |
/// |---|---|---|
/// | 0–7 | time, Int64 milliseconds since 1970 | `Int64.min` |
/// | 8–15 | latitude, IEEE 754 binary64 degrees | — |
/// | 16–23 | longitude, the same | — |
/// | 24–31 | elevation, binary64 metres | NaN (a stored elevation is finite) |
/// | 32–33 | heart rate, UInt16 beats per minute | 0 (a stored rate is 1…300) |
///
/// The layout is part of the schema: changing it takes a new migration.
enum PackedPoint {
  static let size = 34
  static let noTime = Int64.min
  static let noHeartRate: UInt16 = 0

  /// The points packed one after another.
  static func pack(_ points: ArraySlice<TrackPoint>) -> Data {
    var data = Data(count: points.count * size)
    data.withUnsafeMutableBytes { bytes in
      var offset = 0
      for point in points {
        put(
          bytes, at: offset, time: point.time, latitude: point.latitude,
          longitude: point.longitude, elevation: point.elevation, heartRate: point.heartRate)
        offset += size
      }
    }
    return data
  }

  /// Writes one point's fields at `offset`.
  static func put(
    _ bytes: UnsafeMutableRawBufferPointer, at offset: Int, time: Instant?, latitude: Double,
    longitude: Double, elevation: Double?, heartRate: Int?
  ) {
    bytes.storeBytes(
      of: (time?.millisecondsSinceEpoch ?? noTime).littleEndian, toByteOffset: offset,
      as: Int64.self)
    bytes.storeBytes(
      of: latitude.bitPattern.littleEndian, toByteOffset: offset + 8, as: UInt64.self)
    bytes.storeBytes(
      of: longitude.bitPattern.littleEndian, toByteOffset: offset + 16, as: UInt64.self)
    bytes.storeBytes(
      of: (elevation ?? .nan).bitPattern.littleEndian, toByteOffset: offset + 24, as: UInt64.self)
    bytes.storeBytes(
      of: (heartRate.map(UInt16.init) ?? noHeartRate).littleEndian, toByteOffset: offset + 32,
      as: UInt16.self)
  }

  /// The point at `offset`.
  static func unpack(_ bytes: UnsafeRawBufferPointer, at offset: Int) -> TrackPoint {
    let time = Int64(littleEndian: bytes.loadUnaligned(fromByteOffset: offset, as: Int64.self))
    func double(_ at: Int) -> Double {
      Double(
        bitPattern: UInt64(
          littleEndian: bytes.loadUnaligned(fromByteOffset: offset + at, as: UInt64.self)))
    }
    let elevation = double(24)
    let rate = UInt16(
      littleEndian: bytes.loadUnaligned(fromByteOffset: offset + 32, as: UInt16.self))
    return TrackPoint(
      time: time == noTime ? nil : Instant(millisecondsSinceEpoch: time), latitude: double(8),
      longitude: double(16), elevation: elevation.isNaN ? nil : elevation,
      heartRate: rate == noHeartRate ? nil : Int(rate))
  }
}
