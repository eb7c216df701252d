import AnalyticsCore
import Foundation
import GRDB

/// Up to `capacity` consecutive points of one segment of a session's track, packed into one BLOB
/// (table `track_chunk`, migration `ruck-7-packed-track-points`).
///
/// One row per point made a 420,000-point import spend a fifth to a third of its time in the
/// per-row insert, and a 400,000-point session page most of its second reading rows back; a chunk
/// is one insert and one blob to decode (figures in `Docs/Ruck.md`, "Storage and speed").
struct TrackChunk: Sendable, Equatable {
  var sessionId: Int64
  /// The `seq` of its first point: points are numbered from 0 across the session.
  var firstSeq: Int
  /// The segment its points belong to, from 0: a chunk never spans two.
  var segment: Int
  var pointCount: Int
  /// `pointCount` × `PackedPoint.size` bytes (see `PackedPoint`).
  var points: Data

  /// Points per chunk: 1,000 × 34 bytes = 34 kB, so a long track is a few hundred rows (one
  /// insert each, nothing measurable beside the parse) while a short one wastes nothing.
  static let capacity = 1000

  enum Columns {
    static let sessionId = Column("session_id")
    static let firstSeq = Column("first_seq")
    static let segment = Column("segment")
    static let pointCount = Column("point_count")
    static let points = Column("points")
  }
}

extension TrackChunk: FetchableRecord, PersistableRecord {
  static let databaseTableName = "track_chunk"

  init(row: Row) throws {
    sessionId = row[Columns.sessionId]
    firstSeq = row[Columns.firstSeq]
    segment = row[Columns.segment]
    pointCount = row[Columns.pointCount]
    points = row[Columns.points]
  }

  func encode(to container: inout PersistenceContainer) throws {
    container[Columns.sessionId] = sessionId
    container[Columns.firstSeq] = firstSeq
    container[Columns.segment] = segment
    container[Columns.pointCount] = pointCount
    container[Columns.points] = points
  }
}

extension DerivableRequest<TrackChunk> {
  /// A session's chunks in track order.
  func ofSession(_ sessionId: Int64) -> Self {
    filter(TrackChunk.Columns.sessionId == sessionId).order(TrackChunk.Columns.firstSeq)
  }
}

extension TrackChunk {
  /// The chunks of a track's segments (`segments[i]` is segment `i`), numbered from 0.
  static func chunks(_ segments: [[TrackPoint]], sessionId: Int64) -> [TrackChunk] {
    var chunks: [TrackChunk] = []
    var seq = 0
    for (segment, points) in segments.enumerated() {
      var start = 0
      while start < points.count {
        let end = min(start + capacity, points.count)
        chunks.append(
          TrackChunk(
            sessionId: sessionId, firstSeq: seq, segment: segment, pointCount: end - start,
            points: PackedPoint.pack(points[start..<end])))
        seq += end - start
        start = end
      }
    }
    return chunks
  }

  /// A session's stored points, in order, from its chunks in order.
  ///
  /// - throws: `TallyError` (bad data) for a chunk whose blob is not `pointCount` points long
  ///   (a database changed by something else).
  static func points(_ chunks: [TrackChunk]) throws -> [StoredTrackPoint] {
    var points: [StoredTrackPoint] = []
    points.reserveCapacity(chunks.reduce(0) { $0 + $1.pointCount })
    var seq = 0
    try forEachPoint(of: chunks) { segment, point in
      points.append(
        StoredTrackPoint(
          sessionId: chunks[0].sessionId, seq: seq, segment: segment, time: point.time,
          latitude: point.latitude, longitude: point.longitude, elevation: point.elevation,
          heartRate: point.heartRate))
      seq += 1
    }
    return points
  }

  /// Calls `body` with each point of `chunks` (in their order) and its segment, decoding one at
  /// a time.
  ///
  /// - throws: `TallyError` (bad data) for a chunk whose blob is not `pointCount` points long.
  static func forEachPoint(
    of chunks: [TrackChunk], _ body: (_ segment: Int, _ point: TrackPoint) throws -> Void
  ) throws {
    for chunk in chunks { try chunk.forEachPoint(body) }
  }

  /// Calls `body` with each point of a session's track in order and its segment, decoded
  /// straight from SQLite's buffer of each chunk: a page over a long track neither holds the
  /// points nor copies the chunks (copying a 400,000-point track's 13.6 MB of chunks was a tenth
  /// of its session page, perf).
  ///
  /// - throws: `TallyError` (bad data) for a chunk whose blob is not `pointCount` points long.
  static func forEachPoint(
    ofSession sessionId: Int64, in db: Database,
    _ body: (_ segment: Int, _ point: TrackPoint) throws -> Void
  ) throws {
    let rows = try Row.fetchCursor(db, all().ofSession(sessionId))
    while let row = try rows.next() {
      try row.withUnsafeData(at: Columns.points) { points in
        // `points` is valid only in this closure, and so is the chunk holding it.
        try TrackChunk(
          sessionId: sessionId, firstSeq: row[Columns.firstSeq], segment: row[Columns.segment],
          pointCount: row[Columns.pointCount], points: points ?? Data()
        ).forEachPoint(body)
      }
    }
  }

  private func forEachPoint(_ body: (_ segment: Int, _ point: TrackPoint) throws -> Void) throws {
    guard pointCount >= 0, points.count == pointCount * PackedPoint.size else {
      throw TallyError.invalid(
        "track chunk", "session \(sessionId) point \(firstSeq)",
        expected: "\(pointCount) packed points", category: .badData)
    }
    try points.withUnsafeBytes { bytes in
      for index in 0..<pointCount {
        try body(segment, PackedPoint.unpack(bytes, at: index * PackedPoint.size))
      }
    }
  }
}
