import AnalyticsCore
import Foundation

/// The names a file gives its columns or keys, checked against the ones Tally reads. Every
/// importer (CSV columns, JSON keys) refuses an unknown name the same way, because a misspelt
/// optional one (`Modifer`, `custmer_id`) would otherwise be skipped and its values lost.
public enum KnownNames {
  /// What a name is: a CSV `column` (compared without case, as headers are read) or a JSON `key`
  /// (exact, as JSON is decoded).
  public enum Kind: String, Sendable {
    case column, key
  }

  /// Refuses `names` when one is not one of `known`: the first such name (in the file's order for
  /// columns, in byte order for keys, whose order JSON decoding does not keep) with the known ones
  /// and the closest to what was written, and the others after it.
  ///
  /// - Parameters:
  ///   - kind: what a name is; says how names compare and how the message names them.
  ///   - field: how a name is shown (`.[2].notes` for a key of a JSON array's third object).
  /// - throws: `TallyError` (bad data) at `source`.
  public static func refuseUnknown(
    _ names: some Sequence<String>, known: [String], kind: Kind,
    field: (String) -> String = { $0 }, source: TallyError.Source?
  ) throws {
    let ignoringCase = kind == .column
    let fold = { (name: String) in ignoringCase ? name.lowercased() : name }
    let knownNames = Set(known.map(fold))
    let ordered = ignoringCase ? Array(names) : names.sorted()
    let unknown = ordered.filter { !knownNames.contains(fold($0)) }
    guard let first = unknown.first else { return }
    func guess(_ name: String) -> String? {
      Suggestion.closest(to: name, in: known).map { "did you mean '\($0)'?" }
    }
    var error = TallyError(
      .badData,
      .invalid(
        field: kind.rawValue, value: field(first),
        expected: "one of " + known.joined(separator: ", ") + (guess(first).map { "; " + $0 } ?? "")
      ),
      source: source)
    // Every unknown name in one run: fixing one should not only reveal the next.
    if unknown.count > 1 {
      error.hint =
        "also not known: "
        + unknown.dropFirst().map { name in
          TallyError.quote(field(name)) + (guess(name).map { " (\($0))" } ?? "")
        }.joined(separator: ", ")
    }
    throw error
  }
}

/// The keys a JSON document's objects may have, nested: the keys of an object and, for a key
/// whose value is an object or an array of objects, the keys those objects may have.
public struct KnownKeys: Sendable {
  public let names: [String]
  public let nested: [String: KnownKeys]

  public init(_ names: [String], nested: [String: KnownKeys] = [:]) {
    self.names = names
    self.nested = nested
  }

  /// Refuses the first key of `data`'s objects that is not known, naming its path
  /// (`entries[3].contxt_notes`). `data` is JSON; what is not JSON is left to the decoder, which
  /// says so in its own words. The top may be one object or an array of them.
  ///
  /// - Parameter element: the source of the top array's element `index` (a visit file names
  ///   `visits.json element 3`); the path then starts inside it.
  /// - throws: `TallyError` (bad data).
  public func refuseUnknown(
    in data: some DataProtocol, source: TallyError.Source,
    element: ((Int) -> TallyError.Source)? = nil
  ) throws {
    guard
      let top = try? JSONSerialization.jsonObject(with: Data(data), options: [.fragmentsAllowed])
    else { return }
    if let array = top as? [Any] {
      for (index, value) in array.enumerated() {
        if let element {
          try refuse(value, path: "", source: element(index))
        } else {
          try refuse(value, path: "[\(index)]", source: source)
        }
      }
    } else {
      try refuse(top, path: "", source: source)
    }
  }

  private func refuse(_ value: Any, path: String, source: TallyError.Source) throws {
    guard let object = value as? [String: Any] else { return }
    let prefix = path.isEmpty ? "" : path + "."
    try KnownNames.refuseUnknown(
      object.keys, known: names, kind: .key, field: { prefix + $0 }, source: source)
    for (key, known) in nested.sorted(by: { $0.key < $1.key }) {
      switch object[key] {
      case let list as [Any]:
        for (index, item) in list.enumerated() {
          try known.refuse(item, path: "\(prefix)\(key)[\(index)]", source: source)
        }
      case let child?: try known.refuse(child, path: prefix + key, source: source)
      case nil: break
      }
    }
  }
}
