/// A code's payment policy indicators, as the CMS RVU file gives them (its columns MULT PROC,
/// BILAT SURG, ASST SURG, CO- SURG, TEAM SURG and ENDO BASE): what decides how a modifier and
/// a second procedure change the credit (`CreditRules`). Each is a digit whose meanings are the
/// file's own (CMS Medicare Claims Processing Manual, ch. 12, §40; the PPRRVU file's
/// documentation, "RVUPUF").
public struct PaymentIndicators: Sendable, Equatable {
  /// 0 no multiple-procedure reduction; 2 standard (100%, then 50%); 3 the special endoscopy
  /// rule; 4–7 reductions of the practice-expense part only; 9 the concept does not apply.
  public var multipleProcedure: Int
  /// 0 the 150% bilateral adjustment does not apply; 1 it does; 2 the code is bilateral
  /// already; 3 each side at 100%; 9 the concept does not apply.
  public var bilateralSurgery: Int
  /// 0 an assistant needs documentation of medical necessity; 1 an assistant may not be paid;
  /// 2 an assistant may be paid; 9 the concept does not apply.
  public var assistantAtSurgery: Int
  /// 0 co-surgeons not permitted; 1 permitted with documentation; 2 permitted; 9 the concept
  /// does not apply.
  public var coSurgeons: Int
  /// 0 a team not permitted; 1 permitted with documentation; 2 permitted; 9 the concept does
  /// not apply.
  public var teamSurgery: Int
  /// The base code of the code's endoscopy family (`45378` for `45380`), when it has one.
  public var endoscopicBase: String?

  public init(
    multipleProcedure: Int, bilateralSurgery: Int, assistantAtSurgery: Int, coSurgeons: Int,
    teamSurgery: Int, endoscopicBase: String? = nil
  ) {
    self.multipleProcedure = multipleProcedure
    self.bilateralSurgery = bilateralSurgery
    self.assistantAtSurgery = assistantAtSurgery
    self.coSurgeons = coSurgeons
    self.teamSurgery = teamSurgery
    self.endoscopicBase = endoscopicBase
  }
}
