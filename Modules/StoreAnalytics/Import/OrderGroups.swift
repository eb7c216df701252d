import AnalyticsCore
import StoreModel

/// An order's identity: its store and the id the store's point of sale gave it.
struct OrderIdentity: Hashable {
  let storeId: String
  let orderId: String
}

/// The lines of an import grouped into orders, in the order each order first appears, without
/// copying a line: `lines(of:)` gives the positions of an order's lines in the input.
struct OrderGroups {
  /// How many orders.
  let count: Int
  /// The orders (by number, ascending) whose store and id an earlier part of the same file also
  /// had: the only ones an import into a database without orders must look up.
  let repeated: [Int]
  /// The customers no earlier part of the file named, in order of first appearance: the only
  /// ones an import must look for among the stored customers.
  let newCustomers: [String]
  /// The stores the part names, in order of first appearance.
  let stores: [String]
  /// The zone the file names for each store, from its first line that names one.
  let storeZones: [String: Zone]
  /// Line positions, order by order.
  private let positions: [Int32]
  /// Where each order's positions start; one more entry than orders.
  private let starts: [Int32]

  /// Groups `lines` by store and order id: order ids are unique per store (each store's point of
  /// sale numbers its own orders), so order "1" of two stores is two orders.
  ///
  /// - throws: `TallyError` naming the first line that disagrees with its order's first line on
  ///   time, status or customer.
  init(_ lines: [OrderLineInput]) throws {
    var file = FileFacts()
    var problems = Problems()
    self.init(lines, file: &file, problems: &problems)
    try problems.check()
  }

  /// What the parts of one file read so far have named. The reading thread keeps it and works
  /// out `repeated` and `newCustomers` for each part, so the writing thread — the import's
  /// bottleneck — does not hash every order id and customer again (measured: a tenth of its
  /// time on a 2.2M-line file).
  struct FileFacts {
    /// Hashes of the store and order ids read: 8 bytes an order rather than the ids themselves.
    var orderIds: Set<Int> = []
    var customers: Set<String> = []
  }

  /// Groups `lines`, a part of a file whose earlier parts `file` describes; a line that
  /// disagrees with its order's first line is added to `problems`.
  init(_ lines: [OrderLineInput], file: inout FileFacts, problems: inout Problems) {
    var orderOfId: [OrderIdentity: Int32] = [:]
    orderOfId.reserveCapacity(lines.count / 2)
    var firstLine: [Int] = []
    var orderOfLine = [Int32](repeating: 0, count: lines.count)
    for (index, line) in lines.enumerated() {
      let identity = OrderIdentity(storeId: line.storeId, orderId: line.orderId)
      if let order = orderOfId[identity] {
        if let disagreement = Self.disagreement(of: line, with: lines[firstLine[Int(order)]]) {
          problems.add(disagreement)
        }
        orderOfLine[index] = order
      } else {
        orderOfLine[index] = Int32(firstLine.count)
        orderOfId[identity] = Int32(firstLine.count)
        firstLine.append(index)
      }
    }
    // A counting sort of line positions by order keeps each order's lines in file order.
    var starts = [Int32](repeating: 0, count: firstLine.count + 1)
    for order in orderOfLine { starts[Int(order) + 1] += 1 }
    for order in firstLine.indices { starts[order + 1] += starts[order] }
    var next = starts
    var positions = [Int32](repeating: 0, count: lines.count)
    for (index, order) in orderOfLine.enumerated() {
      positions[Int(next[Int(order)])] = Int32(index)
      next[Int(order)] += 1
    }
    var repeated: [Int] = []
    var newCustomers: [String] = []
    var stores: [String] = []
    var storeSet: Set<String> = []
    var storeZones: [String: Zone] = [:]
    for (order, first) in firstLine.enumerated() {
      let line = lines[first]
      let identity = OrderIdentity(storeId: line.storeId, orderId: line.orderId)
      if !file.orderIds.insert(identity.hashValue).inserted { repeated.append(order) }
      if let customer = line.customerId, file.customers.insert(customer).inserted {
        newCustomers.append(customer)
      }
      if storeSet.insert(line.storeId).inserted { stores.append(line.storeId) }
      if let zone = line.zone, storeZones[line.storeId] == nil { storeZones[line.storeId] = zone }
    }
    self.count = firstLine.count
    self.positions = positions
    self.starts = starts
    self.repeated = repeated
    self.newCustomers = newCustomers
    self.stores = stores
    self.storeZones = storeZones
  }

  /// The positions of order `order`'s lines in the input, in file order.
  func lines(of order: Int) -> ArraySlice<Int32> {
    positions[Int(starts[order])..<Int(starts[order + 1])]
  }

  /// How `line` disagrees with its order's first line on time, status or customer, if it does.
  private static func disagreement(of line: OrderLineInput, with first: OrderLineInput)
    -> TallyError?
  {
    /// An instant in the zone the file named for it (a POS export's column), as the file
    /// wrote it; else in UTC.
    func text(_ placedAt: PlacedAt, zone: Zone?) -> String {
      switch placedAt {
      case .instant(let instant):
        guard let zone else { return instant.description }
        return "\(zone.localDateTime(of: instant)) (\(zone.identifier))"
      case .local(let local, 0): return local.description
      case .local(let local, let milliseconds):
        return "\(local.date) \(local.time.descriptionWithSeconds)."
          + String(String(1000 + milliseconds).dropFirst())
      }
    }
    let disagreement: (column: String, value: String, expected: String)
    if first.placedAt != line.placedAt {
      disagreement = (
        "placed_at", text(line.placedAt, zone: line.zone), text(first.placedAt, zone: first.zone)
      )
    } else if first.status != line.status {
      disagreement = ("status", line.status.rawValue, first.status.rawValue)
    } else if first.customerId != line.customerId {
      disagreement = ("customer_id", line.customerId ?? "", first.customerId ?? "(none)")
    } else if first.customerName != line.customerName {
      disagreement = ("customer_name", line.customerName ?? "", first.customerName ?? "(none)")
    } else {
      return nil
    }
    return TallyError.invalid(
      disagreement.column, disagreement.value,
      expected: "\(disagreement.expected) as on \(first.source) for order \(line.orderId)",
      source: line.source)
  }
}
