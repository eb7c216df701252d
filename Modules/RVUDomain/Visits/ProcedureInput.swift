import AnalyticsCore

/// A procedure as a user enters it: a code, an optional modifier and quantity, and optionally its
/// own values (otherwise copied from the catalog when the visit is saved).
public struct ProcedureInput: Sendable, Equatable {
  /// Uppercased.
  public var hcpcs: String
  /// Uppercased, or `nil`.
  public var modifier: String?
  /// The credit a file says the procedure was given (an export's `work_rvu` beside its
  /// `work_rvu_unadjusted`): the rules must give it again, or the procedure is refused, so an
  /// edited value is never replaced without a word.
  var fileCredit: FixedDecimal?
  public var quantity: Int
  /// The work RVU of one unit, when given (required for a code not in the catalog); checked
  /// again when the visit is saved, so a value set directly cannot bypass the rule.
  public var workRVU: FixedDecimal?
  /// When given, else the catalog's.
  public var description: String?
  /// When given, else the catalog's.
  public var statusCode: String?

  /// The allowed quantities: at least one unit; a thousand is far above any real count of one
  /// code in one visit, so a larger number is a typing slip.
  public static let quantities = 1...1000

  /// Creates an input, checking the code, modifier, quantity and work RVU: every path that saves
  /// a procedure (a form, an update, a JSON or CSV import) builds one, so the rules hold for all.
  ///
  /// - throws: `TallyError` naming the field (`hcpcs`, `modifier`, `quantity`, `work_rvu`) and
  ///   the bad value.
  public init(
    hcpcs: String, modifier: String? = nil, quantity: Int = 1, workRVU: FixedDecimal? = nil,
    description: String? = nil, statusCode: String? = nil
  ) throws {
    self.hcpcs = try Self.checkCode(hcpcs)
    self.modifier = try modifier.flatMap { $0.isEmpty ? nil : try Self.checkModifier($0) }
    self.quantity = try Self.checkQuantity(String(quantity))
    self.workRVU = try workRVU.map(Self.checkWorkRVU)
    self.description = description
    self.statusCode = statusCode
  }

  /// Parses `CODE[xQTY][:MOD]`: `99213`, `99213x2`, `99213:25`, `11102x3:59`.
  ///
  /// - throws: `TallyError` naming the text, for a malformed code, a quantity outside 1–1000 or
  ///   not a whole number, or a malformed modifier.
  public init(parsing text: String) throws {
    var rest = Substring(text)
    var modifier: String?
    if let colon = rest.firstIndex(of: ":") {
      modifier = String(rest[rest.index(after: colon)...])
      rest = rest[..<colon]
    }
    var quantity = "1"
    if let x = rest.lastIndex(where: { $0 == "x" || $0 == "X" }),
      rest.distance(from: rest.startIndex, to: x) >= 4
    {
      quantity = String(rest[rest.index(after: x)...])
      rest = rest[..<x]
    }
    guard let count = Int(quantity), Self.quantities.contains(count) else {
      throw TallyError(
        value: text, expected: "CODE[xQTY][:MOD] with a quantity from 1 to 1000, such as 99213x2")
    }
    // A modifier without a rule is named with the valid ones, not as a malformed text.
    if let modifier, !modifier.isEmpty, Self.validModifier(modifier) == nil {
      throw TallyError(value: text, expected: Self.modifierExpectation(modifier))
    }
    do {
      try self.init(hcpcs: String(rest), modifier: modifier ?? "", quantity: count)
    } catch {
      throw TallyError(
        value: text, expected: "CODE[xQTY][:MOD], such as 99213, 99213x2 or 99213:25")
    }
  }

  /// A code, trimmed and uppercased: a HCPCS/CPT code is 5 letters and digits, and a user's own
  /// code up to 20 letters, digits, spaces, `-` and `.` starting with a letter or digit
  /// (`CCM-20`), the RVU backend's own check of a template's codes
  /// (`^[A-Za-z0-9][A-Za-z0-9 .\-]{0,19}$`). Whether it names anything is the catalog's and the
  /// user's codes' to say.
  static func checkCode(_ text: String) throws -> String {
    let code = text.trimmingCharacters(in: .whitespaces).uppercased()
    func isAlphanumeric(_ character: Character) -> Bool {
      character.isASCII && (character.isLetter || character.isNumber)
    }
    guard (1...codeLimit).contains(code.count), code.first.map(isAlphanumeric) == true,
      code.allSatisfy({ isAlphanumeric($0) || $0 == "-" || $0 == "." || $0 == " " })
    else {
      throw TallyError.invalid(
        "hcpcs", text,
        expected: "a HCPCS/CPT code such as 99213 or G2211, or a code of your own of up to "
          + "\(codeLimit) letters, digits, spaces, - and . starting with a letter or digit",
        category: .usage)
    }
    return code
  }

  /// The longest code: a user's own (HCPCS/CPT codes have 5 characters).
  public static let codeLimit = 20

  /// A modifier Tally knows the credit rule of (`CreditRules.valid`), uppercased: any other
  /// (`ZZ`, `GC`) would be logged at the full credit without a word, so it is refused, naming
  /// the closest valid ones.
  static func checkModifier(_ text: String) throws -> String {
    guard let modifier = validModifier(text) else {
      throw TallyError.invalid(
        "modifier", text, expected: modifierExpectation(text), category: .usage)
    }
    return modifier
  }

  /// `text` uppercased when it is a valid modifier.
  private static func validModifier(_ text: String) -> String? {
    let modifier = text.trimmingCharacters(in: .whitespaces).uppercased()
    return CreditRules.valid.contains(modifier) ? modifier : nil
  }

  /// What a modifier must be, the valid ones closest to `text` first (the whole list is 60
  /// long, and a one-line error is cut).
  private static func modifierExpectation(_ text: String) -> String {
    let modifier = text.trimmingCharacters(in: .whitespaces).uppercased()
    if ["54", "55", "56"].contains(modifier) {
      return "a modifier with a credit rule: \(modifier) (one part of a global surgical package) "
        + "is not applied yet; log the procedure without it and give its work RVU"
    }
    let close = CreditRules.valid.filter { $0.first == modifier.first || $0.last == modifier.last }
    let named =
      (Suggestion.closest(to: modifier, in: CreditRules.valid).map { [$0] } ?? []) + close
    var seen = Set<String>()
    let suggestions = named.filter { seen.insert($0).inserted }.prefix(5)
    let common = ["25", "26", "50", "51", "59", "62", "80", "LT", "RT", "TC"]
    return suggestions.isEmpty
      ? "a modifier with a credit rule, such as \(common.joined(separator: ", "))"
      : "a modifier with a credit rule, such as \(suggestions.joined(separator: ", "))"
  }

  /// A whole quantity from 1 to 1000.
  static func checkQuantity(_ text: String) throws -> Int {
    guard let quantity = Int(text.trimmingCharacters(in: .whitespaces)),
      quantities.contains(quantity)
    else {
      throw TallyError.invalid(
        "quantity", text, expected: "a whole quantity from 1 to 1000", category: .usage)
    }
    return quantity
  }

  /// The RVUs one unit may carry, from a file or a user: a negative one would take RVUs off
  /// the totals, and the highest in any CMS release is below 200 (a few transplant and trauma
  /// codes), so more than 10,000 is a slip that would only inflate every total.
  public static let workRVUs = FixedDecimal.zero...FixedDecimal(hundredths: 1_000_000)

  /// A work RVU within `workRVUs`.
  static func checkWorkRVU(_ value: FixedDecimal) throws -> FixedDecimal {
    guard value >= workRVUs.lowerBound else {
      throw TallyError.invalid(
        "work_rvu", "\(value)", expected: "a work RVU of 0 or more", category: .usage)
    }
    guard value <= workRVUs.upperBound else {
      throw TallyError.invalid(
        "work_rvu", "\(value)", expected: "a work RVU of at most \(workRVUs.upperBound)",
        category: .usage)
    }
    return value
  }

  /// A work RVU as text: a number of 0 or more with at most 2 decimals.
  public static func parseWorkRVU(_ text: String) throws -> FixedDecimal {
    guard let value = try? FixedDecimal(parsing: text) else {
      throw TallyError.invalid(
        "work_rvu", text, expected: "a number of 0 or more with at most 2 decimals",
        category: .usage)
    }
    return try checkWorkRVU(value)
  }
}
