/// The words a code is found by: its CMS short descriptor plus the plain words a physician types
/// for it. CMS descriptors are abbreviated to fit 28 characters ("Drain/inj joint/bursa w/o us",
/// "Office o/p est low 20 min"), so "knee injection" or "office visit established" would find
/// nothing in them. The tables are our own and listed in Docs/RVU.md; the descriptor itself stays
/// searchable as written.
enum SearchText {
  /// Abbreviations as whole words of a descriptor (lowercased) → what they stand for.
  static let abbreviations: [String: String] = [
    "inj": "injection", "est": "established", "hosp": "hospital", "sbsq": "subsequent",
    "subsq": "subsequent", "ip": "inpatient", "obs": "observation", "off": "office",
    "op": "outpatient", "1st": "initial first", "eval": "evaluation", "exc": "excision",
    "rpr": "repair", "fx": "fracture", "tx": "treatment", "dx": "diagnostic",
    "img": "imaging", "addl": "additional", "sf": "straightforward", "mod": "moderate",
    "hi": "high", "phy": "physician", "qhp": "qualified health professional",
    "drain": "drainage", "cath": "catheter", "anesth": "anesthesia", "surg": "surgery",
    "rmvl": "removal", "bx": "biopsy", "ea": "each", "pt": "patient", "proc": "procedure",
    "ther": "therapeutic", "crit": "critical", "emer": "emergency", "dept": "department",
    "les": "lesion", "tangntl": "tangential", "us": "ultrasound", "xray": "x-ray",
    "svc": "service", "consltj": "consultation", "mgmt": "management",
  ]

  /// Slashed abbreviations, matched in the lowercased descriptor before it is cut into words.
  static let phrases: [(String, String)] = [
    ("o/p", "outpatient"), ("w/o", "without"), ("joint/bursa", "arthrocentesis aspiration"),
  ]

  /// Terms for single codes whose descriptors do not tell them apart: the joint injections
  /// share one descriptor per size of joint (CPT's long descriptors name the joints).
  static let codeTerms: [String: String] = [
    "20600": "small joint finger toe", "20604": "small joint finger toe",
    "20605": "intermediate joint wrist elbow ankle",
    "20606": "intermediate joint wrist elbow ankle",
    "20610": "major joint knee shoulder hip", "20611": "major joint knee shoulder hip",
  ]

  /// Evaluation and management codes (99202–99499) are what physicians call visits.
  static let visitCodes = 99202...99499

  /// The descriptor followed by the words it abbreviates or implies.
  static func terms(hcpcs: String, description: String) -> String {
    let lower = description.lowercased()
    var extra: [String] = phrases.compactMap { lower.contains($0.0) ? $0.1 : nil }
    let words = lower.split { !($0.isLetter || $0.isNumber) }
    extra += words.compactMap { abbreviations[String($0)] }
    if let terms = codeTerms[hcpcs] { extra.append(terms) }
    if let number = Int(hcpcs), visitCodes.contains(number) {
      extra.append("visit evaluation management")
    }
    return extra.isEmpty ? description : description + " " + extra.joined(separator: " ")
  }
}
