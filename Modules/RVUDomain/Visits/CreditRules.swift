import AnalyticsCore

/// How CMS modifiers and several procedures in one visit change the work RVUs a physician is
/// credited: the fee schedule's payment rules (Medicare Claims Processing Manual, ch. 12, §40:
/// 40.6 multiple procedures, 40.7 bilateral, 40.8 co-surgeons and teams, 20.4.3 assistants at
/// surgery), applied to the work RVU, as employers who pay on RVUs do. The indicators are the
/// CMS file's (`PaymentIndicators`).
public enum CreditRules {
  /// Modifiers that change nothing in the credit: E/M on the day of a procedure (25), distinct
  /// procedures (59, XE, XP, XS, XU), sides (RT, LT), repeats (76, 77) and postoperative-period
  /// procedures (78, 79).
  static let neutral: Set<String> = [
    "25", "59", "XE", "XP", "XS", "XU", "RT", "LT", "76", "77", "78", "79",
    // Payment, place and reporting modifiers that leave the work RVU as it is: increased
    // services (22, paid by report above the RVU), unrelated E/M (24, 57), staged (58),
    // repeat test (91), telehealth (93, 95, GT), teaching physician (GC, GE), liability
    // notices (GA, GY, GZ), KX, substitute physicians (Q5, Q6), split visit (FS), anatomic
    // sites (E1–E4, FA, F1–F9, TA, T1–T9).
    "22", "24", "27", "33", "57", "58", "91", "93", "95", "GT", "GC", "GE", "GA", "GY", "GZ",
    "KX", "Q5", "Q6", "FS", "E1", "E2", "E3", "E4", "FA", "F1", "F2", "F3", "F4", "F5", "F6",
    "F7", "F8", "F9", "TA", "T1", "T2", "T3", "T4", "T5", "T6", "T7", "T8", "T9",
  ]
  /// Modifiers priced by a row of their own in the catalog (professional and technical parts).
  static let ownRows: Set<String> = ["26", "TC"]
  /// Modifiers with a rule of their own.
  static let ruled: Set<String> = ["50", "51", "52", "53", "62", "66", "80", "81", "82", "AS"]
  /// Every modifier a procedure may carry, sorted.
  public static let valid: [String] = (neutral.union(ownRows).union(ruled)).sorted()

  /// One procedure of a visit before the rules.
  struct Line {
    var hcpcs: String
    var modifier: String?
    /// The work RVU of one unit: the catalog's (of the modifier's own row when it has one), the
    /// user's own code's, or given.
    var workRVU: FixedDecimal
    var indicators: PaymentIndicators?
    /// An add-on code (global period `ZZZ`): never reduced.
    var isAddOn: Bool
    /// Whether the work RVU was given with the procedure (by report).
    var isGiven: Bool
    /// Whether the catalog has a row of this code with this modifier (`45378-53`).
    var hasOwnRow: Bool
    /// The work RVU of the base code of its endoscopy family, when it has one.
    var endoscopicBaseRVU: FixedDecimal?
  }

  /// A procedure's credit: the work RVU of one unit after the rules, and what they did.
  struct Credit: Equatable {
    var workRVU: FixedDecimal
    var adjustment: String?
  }

  /// A share: `numerator / denominator` of a value.
  private struct Share {
    var numerator: Int64
    var denominator: Int64
    static let whole = Share(numerator: 1, denominator: 1)

    func times(_ other: Share) -> Share {
      Share(
        numerator: numerator * other.numerator, denominator: denominator * other.denominator)
    }

    /// `value` × this share in the value's own unit, halves rounded up (3.136 → 3.14).
    func of(_ value: Int64) -> Int64 {
      let (quotient, remainder) = (value * numerator).quotientAndRemainder(dividingBy: denominator)
      return quotient + (remainder * 2 >= denominator ? 1 : 0)
    }
  }

  /// The credit of each line of one visit, in order.
  ///
  /// - throws: `TallyError` (bad data) naming the code and modifier where the file forbids the
  ///   modifier (an assistant where ASST SURG is 1 or 9, co-surgeons where CO- SURG is 0 or 9),
  ///   or where a reduced or discontinued procedure has no work RVU given.
  static func credits(_ lines: [Line]) throws -> [Credit] {
    try apportion(
      lines, values: lines.map(\.workRVU.hundredths),
      baseValues: lines.map { $0.endoscopicBaseRVU?.hundredths }, payment: false
    ).map {
      Credit(
        workRVU: FixedDecimal(hundredths: $0.value),
        adjustment: $0.notes.isEmpty ? nil : $0.notes.joined(separator: "; "))
    }
  }

  /// What the fee schedule pays for one unit of each line of one visit, in order: `values` are
  /// the lines' fee-schedule amounts before the rules (in any unit: `PaymentRules` gives them in
  /// hundred-thousandths of an RVU, weighted by the locality's GPCIs), `baseValues` those of the
  /// base code of each endoscopy's family. The rules are the credit's, with the assistant-at-
  /// surgery share of a non-physician (`AS`) at 85% of 16% (§20.4.3) and the multiple-procedure
  /// ranking by payment, as the fee schedule ranks. A modifier the indicators refuse (an
  /// assistant where ASST SURG is 1 or 9, co-surgeons where CO- SURG is 0 or 9: possible when a
  /// visit is estimated with another release's) makes that line not payable: 0, the rest of the
  /// visit under the rules.
  static func payments(_ lines: [Line], values: [Int64], baseValues: [Int64?]) -> [Int64] {
    // Payment mode refuses nothing.
    (try? apportion(lines, values: values, baseValues: baseValues, payment: true))?.map(\.value)
      ?? values
  }

  /// The rules applied to one value per line (`credits`, `payments`).
  private static func apportion(
    _ lines: [Line], values: [Int64], baseValues: [Int64?], payment: Bool
  ) throws -> [(value: Int64, notes: [String])] {
    var shares: [Share] = []
    var notes: [[String]] = []
    for line in lines {
      let (share, note) = try modifierShare(line, payment: payment)
      shares.append(share)
      notes.append(note.map { [$0] } ?? [])
    }
    // Multiple procedures (§40.6): the lines subject to the rule (MULT PROC 2 or 3, or -51 on
    // a code without indicators), endoscopies of one family counted as one procedure.
    struct Procedure {
      var lines: [Int]
      var value: Int64
    }
    var procedures: [Procedure] = []
    var families: [String: Int] = [:]
    // The base endoscopy (45378, MULT PROC 2) belongs to the family of its members (45380):
    // it is not paid on top of them.
    let bases = Set(
      lines.compactMap {
        $0.indicators?.multipleProcedure == 3 ? $0.indicators?.endoscopicBase : nil
      })
    for (index, line) in lines.enumerated() where !line.isAddOn {
      let indicator = line.indicators?.multipleProcedure ?? (line.modifier == "51" ? 2 : 0)
      guard indicator == 2 || indicator == 3 else { continue }
      let value = shares[index].of(values[index])
      let family =
        indicator == 3
        ? line.indicators?.endoscopicBase : (bases.contains(line.hcpcs) ? line.hcpcs : nil)
      if let base = family {
        if let family = families[base] {
          procedures[family].lines.append(index)
          procedures[family].value += value
        } else {
          families[base] = procedures.count
          procedures.append(Procedure(lines: [index], value: value))
        }
      } else {
        procedures.append(Procedure(lines: [index], value: value))
      }
    }
    // Within an endoscopy family (§40.6.2): the highest valued in full, each other less the
    // base endoscopy's value.
    var baseLess: [Int: Int64] = [:]
    for family in families.values where procedures[family].lines.count > 1 {
      let members = procedures[family].lines.sorted {
        (shares[$0].of(values[$0]), $1) > (shares[$1].of(values[$1]), $0)
      }
      var total = shares[members[0]].of(values[members[0]])
      for member in members.dropFirst() {
        // The base itself, when billed beside a member, is less its own value: nothing.
        let isBase = lines[member].indicators?.multipleProcedure != 3
        let baseCode = isBase ? lines[member].hcpcs : lines[member].indicators!.endoscopicBase!
        let base = isBase ? values[member] : baseValues[member] ?? 0
        let less = max(0, shares[member].of(values[member]) - base)
        baseLess[member] = less
        total += less
        notes[member].append(
          "endoscopy: less the base \(baseCode) (\(FixedDecimal(hundredths: base)))")
      }
      procedures[family].value = total
    }
    var reduced = Set<Int>()
    if procedures.count > 1 {
      let ranked = procedures.indices.sorted {
        procedures[$0].value > procedures[$1].value
          || (procedures[$0].value == procedures[$1].value
            && procedures[$0].lines[0] < procedures[$1].lines[0])
      }
      for procedure in ranked.dropFirst() {
        for index in procedures[procedure].lines {
          reduced.insert(index)
          notes[index].append("multiple procedure 50%")
        }
      }
    }
    return lines.indices.map { index in
      let half = Share(numerator: 1, denominator: 2)
      if let less = baseLess[index] {
        return (reduced.contains(index) ? half.of(less) : less, notes[index])
      }
      let share = reduced.contains(index) ? shares[index].times(half) : shares[index]
      return (share.of(values[index]), notes[index])
    }
  }

  /// What a line's modifier does to its credit, and how that is said (`nil`: nothing).
  /// For `payment`, a modifier the indicators refuse is paid in full rather than refused.
  private static func modifierShare(_ line: Line, payment: Bool) throws -> (Share, String?) {
    guard let modifier = line.modifier, !neutral.contains(modifier), !ownRows.contains(modifier)
    else { return (.whole, nil) }
    if payment {
      if ["52", "53", "66"].contains(modifier) {
        // By report: the amount is the given work RVU's, as `PaymentEstimate` weighs it.
        return (.whole, nil)
      }
      var asAssistant = line
      if modifier == "AS" { asAssistant.modifier = "80" }
      guard let (share, note) = try? modifierShare(asAssistant, payment: false) else {
        return (Share(numerator: 0, denominator: 1), "not payable under this release's indicators")
      }
      // A non-physician assistant (AS) is paid 85% of the assistant's 16% (§20.4.3).
      return modifier == "AS"
        ? (
          share.times(Share(numerator: 85, denominator: 100)),
          "assistant at surgery (AS) 85% of 16%"
        )
        : (share, note)
    }
    let indicators = line.indicators
    func refused(_ why: String) -> TallyError {
      TallyError.invalid(
        "modifier", "\(line.hcpcs)-\(modifier)", expected: why)
    }
    func unknown(_ name: String) -> String {
      "\(name): the catalog has no payment indicators for \(line.hcpcs) "
        + "(import the CMS RVU file); credited in full"
    }
    switch modifier {
    case "50":  // §40.7, BILAT SURG
      guard let indicator = indicators?.bilateralSurgery else {
        return (.whole, unknown("bilateral"))
      }
      switch indicator {
      case 1: return (Share(numerator: 3, denominator: 2), "bilateral 150%")
      case 3: return (Share(numerator: 2, denominator: 1), "bilateral, each side 100%: 200%")
      case 2: return (.whole, "bilateral already (BILAT SURG 2): 100%")
      default:
        return (.whole, "bilateral does not apply (BILAT SURG \(indicator)): 100%")
      }
    case "80", "81", "82", "AS":  // §20.4.3, ASST SURG
      guard let indicator = indicators?.assistantAtSurgery else {
        return (
          Share(numerator: 16, denominator: 100),
          "assistant at surgery 16% (no ASST SURG indicator in the catalog)"
        )
      }
      switch indicator {
      case 2: return (Share(numerator: 16, denominator: 100), "assistant at surgery 16%")
      case 0:
        return (
          Share(numerator: 16, denominator: 100),
          "assistant at surgery 16% (ASST SURG 0: needs documentation of medical necessity)"
        )
      default:
        throw refused(
          "a code whose ASST SURG indicator allows an assistant (0 or 2); "
            + "\(line.hcpcs)'s is \(indicator)"
        )
      }
    case "62":  // §40.8, CO- SURG
      guard let indicator = indicators?.coSurgeons else {
        return (
          Share(numerator: 625, denominator: 1000),
          "co-surgeon 62.5% (no CO- SURG indicator in the catalog)"
        )
      }
      guard indicator == 1 || indicator == 2 else {
        throw refused(
          "a code whose CO- SURG indicator allows co-surgeons (1 or 2); "
            + "\(line.hcpcs)'s is \(indicator)"
        )
      }
      return (Share(numerator: 625, denominator: 1000), "co-surgeon 62.5%")
    case "66":  // §40.8, TEAM SURG: priced by report
      if let indicator = indicators?.teamSurgery, indicator != 1, indicator != 2 {
        throw refused(
          "a code whose TEAM SURG indicator allows a team (1 or 2); "
            + "\(line.hcpcs)'s is \(indicator)")
      }
      guard line.isGiven else {
        throw TallyError(
          .badData,
          .missing(
            field: "the work RVU of \(line.hcpcs)-66",
            expected: "one given with a team surgery (priced by report)"))
      }
      return (.whole, "team surgery: by report")
    case "52", "53":
      if line.hasOwnRow { return (.whole, nil) }
      guard line.isGiven else {
        throw TallyError(
          .badData,
          .missing(
            field: "the work RVU of \(line.hcpcs)-\(modifier)",
            expected: "one given with a \(modifier == "52" ? "reduced" : "discontinued") "
              + "procedure (priced by report)"))
      }
      return (.whole, modifier == "52" ? "reduced services: by report" : "discontinued: by report")
    default:  // 51: the multiple-procedure rule, applied across the visit
      return (.whole, nil)
    }
  }
}
