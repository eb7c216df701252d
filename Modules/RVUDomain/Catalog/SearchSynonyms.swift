/// What physicians type for a code, in plain words, beside what CMS's 28-character descriptors
/// say: "level 4 office visit" for 99214 ("Office o/p est mod 30 min"), "ekg" for 93000
/// ("Electrocardiogram complete"), "flu shot" for 90686 and its administration G0008. A search
/// whose words hold one of these phrases lists its codes first, in the order given (the most
/// billed first). The codes are CPT's and HCPCS's own; the phrases are ours, and the codes of
/// each were checked against the 2025 CMS file's descriptors (Docs/RVU.md lists the table).
enum SearchSynonyms {
  /// Phrases (lowercase, words separated by one space) → codes.
  static let table: [(phrases: [String], codes: [String])] = [
    // Office and outpatient visits (CPT 2021 E/M: 99202–99205 new, 99212–99215 established).
    (
      ["new patient office visit", "new patient visit", "new office visit", "new patient"],
      ["99203", "99204", "99202", "99205"]
    ),
    (
      [
        "established patient office visit", "established patient visit", "follow up office visit",
        "office follow up", "return visit", "established patient",
      ],
      ["99213", "99214", "99212", "99215"]
    ),
    (["level 2 office visit", "level 2 visit", "level ii visit"], ["99212", "99202"]),
    (["level 3 office visit", "level 3 visit", "level iii visit"], ["99213", "99203"]),
    (["level 4 office visit", "level 4 visit", "level iv visit"], ["99214", "99204"]),
    (["level 5 office visit", "level 5 visit", "level v visit"], ["99215", "99205"]),
    (["level 4 new patient", "new patient level 4"], ["99204"]),
    (["level 4 established", "established level 4"], ["99214"]),
    // Hospital inpatient and observation care (99221–99239).
    (
      [
        "hospital follow up", "hospital followup", "hospital progress note", "rounding",
        "subsequent hospital care", "hospital visit",
      ], ["99232", "99231", "99233"]
    ),
    (
      ["hospital admission", "admission h&p", "admit", "h&p", "initial hospital care"],
      ["99223", "99222", "99221"]
    ),
    (["discharge", "hospital discharge"], ["99238", "99239"]),
    (["critical care"], ["99291", "99292"]),
    (
      ["er visit", "ed visit", "emergency visit", "emergency room visit"],
      ["99284", "99285", "99283", "99282", "99281"]
    ),
    (
      ["nursing home visit", "nursing facility visit", "snf visit"],
      ["99309", "99308", "99310", "99307"]
    ),
    (["home visit", "house call"], ["99349", "99348", "99350", "99347"]),
    (["annual wellness visit", "awv", "medicare wellness"], ["G0439", "G0438"]),
    (
      ["annual physical", "physical exam", "preventive visit", "well visit"],
      ["99396", "99395", "99387", "99386"]
    ),
    (["complexity add on", "g2211"], ["G2211"]),
    (["advance care planning", "acp"], ["99497"]),
    (["transitional care", "tcm"], ["99495", "99496"]),
    // Tests and procedures of the office.
    (["ekg", "ecg", "electrocardiogram"], ["93000", "93010", "93005"]),
    (["flu shot", "flu vaccine", "influenza vaccine", "flu"], ["90686", "G0008", "90688"]),
    (["injection", "im injection", "shot"], ["96372"]),
    (["chest x ray", "chest xray", "cxr"], ["71046", "71045"]),
    (["spirometry", "pft"], ["94010"]),
    (["strep test", "rapid strep"], ["87880"]),
    (["urinalysis", "ua"], ["81002", "81003"]),
    (["blood draw", "venipuncture"], ["36415"]),
    (["pap smear", "pap"], ["Q0091"]),
    (["skin biopsy", "shave biopsy"], ["11102"]),
    (["wart", "cryotherapy", "freeze wart"], ["17110"]),
    (["actinic keratosis", "ak destruction"], ["17000"]),
    (["abscess drainage", "i&d", "incision and drainage"], ["10060", "10061"]),
    (["laceration repair", "stitches", "sutures"], ["12001", "12002"]),
    (
      ["knee injection", "shoulder injection", "hip injection", "joint injection"],
      ["20610", "20611"]
    ),
    (["trigger point injection", "trigger point"], ["20552", "20553"]),
    (
      ["epidural steroid injection", "epidural injection", "esi"],
      ["62323", "62321", "64483"]
    ),
    (["smoking cessation", "tobacco counseling"], ["99406", "99407"]),
    (["depression screening", "phq 9", "phq9"], ["G0444"]),
    // Colonoscopy: the colon-through-the-anus family (45378–45398) is what "colonoscopy"
    // means in a gastroenterologist's day; the through-stoma codes (44388–44408) follow.
    (["colonoscopy"], ["45378", "45380", "45385", "45384", "45381"]),
    (["screening colonoscopy"], ["G0121", "G0105", "45378"]),
  ]

  /// The codes of every phrase `words` hold (lowercase words of the query) that no longer matched
  /// phrase holds, longer phrases first, each code once.
  static func codes(for words: [String]) -> [String] {
    let text = " " + words.joined(separator: " ") + " "
    var matched: [(phrase: String, codes: [String])] = []
    for entry in table {
      let found = entry.phrases.filter { text.contains(" " + $0 + " ") }
      if let longest = found.max(by: { $0.count < $1.count }) {
        matched.append((longest, entry.codes))
      }
    }
    // "shot" inside "flu shot" is the flu shot, not any injection.
    let phrases = matched.map(\.phrase)
    matched.removeAll { short in
      phrases.contains { $0 != short.phrase && (" " + $0 + " ").contains(" " + short.phrase + " ") }
    }
    var seen: Set<String> = []
    return matched.sorted { $0.phrase.count > $1.phrase.count }.flatMap(\.codes).filter {
      seen.insert($0).inserted
    }
  }

  /// The query's words for phrase matching: lowercase, split at anything but a letter, digit
  /// or `&` (so `follow-up` is `follow up` and `h&p` stays one word).
  static func words(of query: String) -> [String] {
    query.lowercased().split { !($0.isLetter || $0.isNumber || $0 == "&") }.map(String.init)
  }
}
