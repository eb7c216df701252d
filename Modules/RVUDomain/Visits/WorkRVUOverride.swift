import AnalyticsCore

/// A work RVU given by the user for a procedure of a visit: `CODE=VALUE` for the procedures with
/// that code, or a bare `VALUE` when the visit has a single procedure. It is how a code missing
/// from the catalog gets a value.
public struct WorkRVUOverride: Sendable, Equatable {
  /// `nil` for a bare value.
  public let hcpcs: String?
  public let workRVU: FixedDecimal

  /// Parses `CODE=VALUE` or `VALUE`.
  ///
  /// - throws: `TallyError` naming the text when the value is not a number of 0 or more with at
  ///   most 2 decimals, or the code is malformed.
  public init(parsing text: String) throws {
    let parts = text.split(separator: "=", maxSplits: 1).map(String.init)
    do {
      if parts.count == 2 {
        hcpcs = try ProcedureInput.checkCode(parts[0])
        workRVU = try ProcedureInput.parseWorkRVU(parts[1])
      } else {
        hcpcs = nil
        workRVU = try ProcedureInput.parseWorkRVU(text)
      }
    } catch {
      let range = ProcedureInput.workRVUs
      throw TallyError(
        value: text,
        expected: "CODE=VALUE with a work RVU from \(range.lowerBound) to \(range.upperBound), "
          + "at most 2 decimals")
    }
  }

  /// `procedures` with each override applied, in order.
  ///
  /// - throws: `TallyError` when an override names no procedure of the visit, or is a bare value
  ///   while the visit has several procedures.
  public static func apply(_ overrides: [WorkRVUOverride], to procedures: [ProcedureInput]) throws
    -> [ProcedureInput]
  {
    var result = procedures
    for override in overrides {
      let targets = result.indices.filter {
        override.hcpcs == nil || result[$0].hcpcs == override.hcpcs
      }
      guard !targets.isEmpty, override.hcpcs != nil || result.count == 1 else {
        let given = (override.hcpcs.map { $0 + "=" } ?? "") + "\(override.workRVU)"
        throw TallyError(
          value: given,
          expected: "a work RVU for one procedure of this visit, as CODE=VALUE with CODE one of "
            + (result.isEmpty
              ? "its codes (it has none)" : result.map(\.hcpcs).joined(separator: ", ")))
      }
      for index in targets { result[index].workRVU = override.workRVU }
    }
    return result
  }
}
