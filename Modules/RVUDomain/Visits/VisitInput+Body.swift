import AnalyticsCore
import Foundation

extension VisitInput {
  /// One visit body of the seed's `POST /api/visits` and `PUT /api/visits/{id}`, read by the same
  /// decoder and rules as a JSON import, so a server and the app's visit import accept exactly
  /// the same visits.
  ///
  /// - throws: `TallyError` naming the field (`date`, `procedures[0].quantity`) of the first bad
  ///   value; its `source` is `name`.
  public init(body data: Data, name: String = "body") throws {
    // The import reads an array of bodies: one body is an array of one (a body that is itself
    // two values, `{…},{…}`, reads as two and is refused below).
    let records = try VisitImportFile.parseJSON(
      Data("[".utf8) + data + Data("]".utf8), fileName: name)
    guard records.count == 1 else {
      throw TallyError.refused(
        "expected one visit object", category: .badData, source: TallyError.Source(name))
    }
    self = records[0].input
  }
}
