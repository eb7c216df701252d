import AnalyticsCore
import StoreModel

/// What a shifts import did: every shift of the file is one of these.
public struct ShiftImportSummary: Sendable, Equatable {
  /// Shifts not stored before.
  public internal(set) var new = 0
  /// Shifts stored before (same store, employee and start) with another end or wage, written as
  /// the file has them.
  public internal(set) var updated = 0
  /// Shifts stored before, unchanged, skipped.
  public internal(set) var alreadyPresent = 0
}

extension ShopAnalytics {
  /// Stores shifts in one transaction: all or nothing. A shift the store has already (same
  /// employee and start) is skipped when unchanged and rewritten when its end or wage differs.
  ///
  /// - throws: `TallyError` naming the line of the first bad shift: an unknown store (with the
  ///   known ones), an end not after the start, a shift longer than 24 hours.
  public func importShifts(_ inputs: [ShiftInput]) throws -> ShiftImportSummary {
    try repository.inTransaction { transaction in
      let shops = try transaction.shops()
      var zones: [String: Zone] = [:]
      for shop in shops { zones[shop.id] = try Zone(identifier: shop.timeZone) }
      var byStore: [String: [Shift]] = [:]
      // Placed, two rows may name one shift though written apart (a local time and the same
      // instant with an offset): the second is refused naming the first.
      var placed: [String: TallyError.Source] = [:]
      for input in inputs {
        guard let zone = zones[input.storeId] else {
          let known = shops.map(\.id).sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
          throw TallyError.invalid(
            "store_id", input.storeId,
            expected: known.isEmpty
              ? "a store (none yet: add one or import orders)"
              : "one of " + known.joined(separator: ", "), source: input.source)
        }
        let shift = try Self.shift(input, in: zone)
        let key = "\(shift.storeId)\u{0}\(Self.key(shift))"
        if let first = placed[key] {
          throw TallyError.invalid(
            "start", "\(zone.localDateTime(of: shift.start))",
            expected: "one shift per employee and start (\(first) starts \(shift.employee) then)",
            source: input.source)
        }
        placed[key] = input.source
        byStore[shift.storeId, default: []].append(shift)
      }
      var summary = ShiftImportSummary()
      var writes: [Shift] = []
      var replaced: [Shift] = []
      for (storeId, shifts) in byStore {
        // Only the span of the file's shifts is read, widened by the longest shift for those
        // that may overlap them: the cost follows the file.
        let from = Instant(
          millisecondsSinceEpoch: shifts.map(\.start).min()!.millisecondsSinceEpoch
            - Shift.longest)
        let before = shifts.map(\.end).max()!
        var stored: [String: Shift] = [:]
        for shift in try transaction.shifts(of: storeId, from: from, before: before) {
          stored[Self.key(shift)] = shift
        }
        try Self.refuseOverlaps(shifts, stored: stored, sources: placed, zone: zones[storeId]!)
        for shift in shifts {
          guard let old = stored[Self.key(shift)] else {
            summary.new += 1
            writes.append(shift)
            continue
          }
          if old == shift {
            summary.alreadyPresent += 1
          } else {
            summary.updated += 1
            replaced.append(old)
            writes.append(shift)
          }
        }
      }
      if !writes.isEmpty { try transaction.write(shifts: writes, replacing: replaced) }
      return summary
    }
  }

  /// Refuses a file's shift that overlaps another of the same employee at the store, in the
  /// file or stored (one it updates aside): hours worked twice would count twice in labor cost.
  /// A shift may start when the one before ends. Shifts stored overlapping before are left.
  private static func refuseOverlaps(
    _ shifts: [Shift], stored: [String: Shift], sources: [String: TallyError.Source], zone: Zone
  ) throws {
    var file: [String: Shift] = [:]
    for shift in shifts { file[key(shift)] = shift }
    var byEmployee: [String: [(shift: Shift, inFile: Bool)]] = [:]
    for (key, shift) in stored where file[key] == nil {
      byEmployee[shift.employee, default: []].append((shift, false))
    }
    for shift in shifts { byEmployee[shift.employee, default: []].append((shift, true)) }
    for (_, worked) in byEmployee {
      // In order of start, the shift ending last so far, and the file's ending last: a file's
      // shift overlaps an earlier one exactly when it starts before the first ends; a stored
      // one, when it starts before the second does (two stored shifts are left as they are).
      var latest: (shift: Shift, inFile: Bool)?
      var latestInFile: Shift?
      for next in worked.sorted(by: { $0.shift.start < $1.shift.start }) {
        let earlier: (shift: Shift, inFile: Bool)? =
          next.inFile
          ? latest.flatMap { next.shift.start < $0.shift.end ? $0 : nil }
          : latestInFile.flatMap { next.shift.start < $0.end ? ($0, true) : nil }
        if let earlier {
          let (refused, other) = next.inFile ? (next.shift, earlier) : (earlier.shift, next)
          let otherText =
            other.inFile
            ? "its shift on \(sources["\(other.shift.storeId)\u{0}\(key(other.shift))"]!)"
            : "its stored shift"
          throw TallyError.invalid(
            "start", "\(zone.localDateTime(of: refused.start))",
            expected: "no overlap with \(refused.employee)'s other shifts (\(otherText) runs "
              + "\(zone.localDateTime(of: other.shift.start)) to "
              + "\(zone.localDateTime(of: other.shift.end)))",
            source: sources["\(refused.storeId)\u{0}\(key(refused))"]!)
        }
        if latest.map({ next.shift.end > $0.shift.end }) ?? true { latest = next }
        if next.inFile, latestInFile.map({ next.shift.end > $0.end }) ?? true {
          latestInFile = next.shift
        }
      }
    }
  }

  private static func key(_ shift: Shift) -> String {
    "\(shift.employee)\u{0}\(shift.start.millisecondsSinceEpoch)"
  }

  /// A shift placed in its store's zone.
  static func shift(_ input: ShiftInput, in zone: Zone) throws -> Shift {
    func instant(_ time: PlacedAt) -> Instant {
      switch time {
      case .instant(let instant): return instant
      case .local(let local, let milliseconds):
        return Instant(
          millisecondsSinceEpoch: zone.instant(of: local).millisecondsSinceEpoch
            + Int64(milliseconds))
      }
    }
    // Both times local or both with an offset: a zone correction moves local times only, and
    // half a shift moved would change its length.
    guard input.start.isWallClock == input.end.isWallClock else {
      let written: String =
        switch input.end {
        case .instant(let instant): instant.description
        case .local(let local, _): local.description
        }
      throw TallyError.invalid(
        "end", written,
        expected: input.start.isWallClock
          ? "a local time, as the start is (no offset)" : "a time with an offset, as the start has",
        source: input.source)
    }
    let (start, end) = (instant(input.start), instant(input.end))
    let length = end.millisecondsSinceEpoch - start.millisecondsSinceEpoch
    guard length > 0, length <= Shift.longest else {
      throw TallyError.invalid(
        "end", "\(zone.localDateTime(of: end))",
        expected: length <= 0
          ? "a time after the start, \(zone.localDateTime(of: start)) (a shift past midnight "
            + "ends on the next day's date)"
          : "at most 24 hours after the start, \(zone.localDateTime(of: start))",
        source: input.source)
    }
    return Shift(
      storeId: input.storeId, employee: input.employee, start: start, end: end,
      hourlyWage: input.hourlyWage, wallClock: input.start.isWallClock)
  }
}
