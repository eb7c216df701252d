import AnalyticsCore

/// What makes two visits the same visit when a file is imported again: the day, the time, the
/// no-show flag and the procedures (code, modifier, quantity, in any order). Notes and values are
/// left out: a re-exported file may carry edited notes or a newer catalog's RVUs for the same
/// encounter.
///
/// Two real visits can share a key (two patients seen for 99213 on one day, no time given), so
/// keys are counted, not just remembered: a file with two such visits re-imported over a
/// database holding them both adds none, and over a database holding one adds one.
struct VisitKey: Hashable {
  let date: LocalDate
  let time: String?
  let isNoShow: Bool
  let procedures: [String]

  init(date: LocalDate, time: String?, isNoShow: Bool, procedures: [(String, String?, Int)]) {
    self.date = date
    self.time = time
    self.isNoShow = isNoShow
    self.procedures = procedures.map { "\($0.0):\($0.1 ?? "")x\($0.2)" }.sorted()
  }

  init(_ input: VisitInput) {
    self.init(
      date: input.date, time: input.time?.descriptionWithSeconds, isNoShow: input.isNoShow,
      procedures: input.procedures.map { ($0.hcpcs, $0.modifier, $0.quantity) })
  }

  init(_ detail: VisitDetail) {
    self.init(
      date: detail.visit.date, time: detail.visit.time, isNoShow: detail.visit.isNoShow,
      procedures: detail.procedures.map { ($0.hcpcs, $0.modifier, $0.quantity) })
  }
}

/// What an import did.
public struct VisitImportSummary: Sendable, Equatable {
  /// Visits saved.
  public let added: Int
  /// Visits of the file that matched a visit already saved (by day, time, no-show flag and
  /// procedures) and were skipped.
  public let alreadyPresent: Int

  public init(added: Int, alreadyPresent: Int) {
    self.added = added
    self.alreadyPresent = alreadyPresent
  }
}
