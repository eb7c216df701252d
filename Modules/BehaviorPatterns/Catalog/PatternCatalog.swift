import AnalyticsCore

/// The 37 pattern types: the 36 the original app names, in its order, and Custom Pattern.
///
/// Flags: `I` takes an intensity, `D` a duration, `C` is challenging, `T` is a trigger type,
/// `B` a higher intensity is better. Docs/Behavior.md has the same table with the reasons.
public enum PatternCatalog {
  /// Every type, in catalog order (Custom Pattern last).
  public static let all: [PatternType] = [
    // Behavioral (4)
    make("repetitive-behavior", "Repetitive Behavior", .behavioral, "ID"),
    make("hyperfocus-episode", "Hyperfocus Episode", .behavioral, "ID"),
    make("task-switching-difficulty", "Task Switching Difficulty", .behavioral, "IDC"),
    make("special-interest-deep-dive", "Special Interest Deep Dive", .behavioral, "ID"),
    // Sensory (5)
    make("sensory-overload", "Sensory Overload", .sensory, "IDCT"),
    make("sensory-seeking", "Sensory Seeking", .sensory, "ID"),
    make("environmental-trigger", "Environmental Trigger", .sensory, "ICT"),
    make("eyeglass-tint-usage", "Eyeglass Tint Usage", .sensory, "D"),
    make("physical-discomfort", "Physical Discomfort", .sensory, "IDC"),
    // Social/Communication (4)
    make("social-interaction", "Social Interaction", .socialCommunication, "ID"),
    make("masking-episode", "Masking Episode", .socialCommunication, "IDC"),
    make("communication-preference", "Communication Preference", .socialCommunication, ""),
    make("social-recovery-time", "Social Recovery Time", .socialCommunication, "ID"),
    // Executive Function (4)
    make("decision-fatigue", "Decision Fatigue", .executiveFunction, "IC"),
    make("time-blindness", "Time Blindness", .executiveFunction, "IDC"),
    make("planning-challenge", "Planning Challenge", .executiveFunction, "IC"),
    make("transition-difficulty", "Transition Difficulty", .executiveFunction, "IDC"),
    // Energy/Capacity (4)
    make("energy-level", "Energy Level", .energyCapacity, "IB"),
    make("burnout-warning", "Burnout Warning", .energyCapacity, "IC"),
    make("rest-recovery-period", "Rest/Recovery Period", .energyCapacity, "D"),
    make("sleep-quality", "Sleep Quality", .energyCapacity, "IDB"),
    // Emotional Regulation (5)
    make("meltdown-trigger", "Meltdown Trigger", .emotionalRegulation, "IDCT"),
    make("shutdown-episode", "Shutdown Episode", .emotionalRegulation, "IDCT"),
    make("anxiety-spike", "Anxiety Spike", .emotionalRegulation, "IDCT"),
    make("emotional-recovery-time", "Emotional Recovery Time", .emotionalRegulation, "D"),
    make("overwhelm-indicator", "Overwhelm Indicator", .emotionalRegulation, "ICT"),
    // Routine/Structure (3)
    make("routine-adherence", "Routine Adherence", .routineStructure, "IB"),
    make("flexibility-tolerance", "Flexibility Tolerance", .routineStructure, "IB"),
    make("disruption-impact", "Disruption Impact", .routineStructure, "IDCT"),
    // Physical (3)
    make("movement-needs", "Movement Needs", .physical, "ID"),
    make("posture-positioning", "Posture/Positioning", .physical, "D"),
    make("stimming-type", "Stimming Type", .physical, "ID"),
    // Contextual (4)
    make("academic-work-performance", "Academic/Work Performance", .contextual, "IB"),
    make("environmental-change", "Environmental Change", .contextual, "IT"),
    make("bureaucratic-stress", "Bureaucratic Stress", .contextual, "IDCT"),
    make("regulatory-activity", "Regulatory Activity", .contextual, "D"),
    // The 37th: named and categorised per entry.
    make(PatternType.customID, "Custom Pattern", .contextual, "ID"),
  ]

  private static let byID: [String: PatternType] = Dictionary(
    uniqueKeysWithValues: all.map { ($0.id, $0) })

  /// The type with exactly this id, if any.
  public static func type(id: String) -> PatternType? { byID[id] }

  /// The types of `category`, in catalog order (Custom Pattern belongs to none).
  public static func types(in category: PatternCategory) -> [PatternType] {
    all.filter { $0.category == category && !$0.isCustom }
  }

  /// The type named by `text`: its id, its display name, or an unambiguous prefix of its id
  /// (case and punctuation ignored: `sensory-o`, `Sensory Overload`, `meltdown`).
  ///
  /// - throws: `TallyError` (usage) naming the text and, when ambiguous, the candidates.
  public static func resolve(_ text: String) throws -> PatternType {
    let key = normalize(text)
    if let exact = byID[key] ?? all.first(where: { normalize($0.name) == key }) { return exact }
    let matches = key.isEmpty ? [] : all.filter { $0.id.hasPrefix(key) }
    if matches.count == 1 { return matches[0] }
    if matches.isEmpty {
      let guess = suggestion(for: key)
      var error = TallyError.notFound(
        TallyError.BehaviorKind.patternType, text,
        expected: "a type id, its name or its prefix"
          + (guess.map { "; did you mean '\($0)'?" } ?? ""))
      error.category = .usage
      throw error
    }
    throw TallyError.invalid(
      "pattern type", text,
      expected: "one type, but it is ambiguous: it could be "
        + matches.map(\.id).joined(separator: ", "),
      category: .usage)
  }

  /// The type a mistyped key most likely meant: the closest id, else the type one of whose id's
  /// words is close (`enrgy` → `energy-level`; the whole id was too far from it to suggest), or
  /// that word when several types share it (`sensry` → `sensory`, which then lists them).
  static func suggestion(for key: String) -> String? {
    if let id = Suggestion.closest(to: key, in: all.map(\.id)) { return id }
    let words = Array(Set(all.flatMap { $0.id.split(separator: "-").map(String.init) })).sorted()
    guard let word = Suggestion.closest(to: key, in: words) else { return nil }
    let owners = all.filter { $0.id.split(separator: "-").contains(Substring(word)) }
    return owners.count == 1 ? owners[0].id : word
  }

  /// Lower case, every run of characters other than letters and digits turned into one `-`,
  /// no leading or trailing `-`: `Rest/Recovery Period` → `rest-recovery-period`.
  static func normalize(_ text: String) -> String {
    var result = ""
    var pendingDash = false
    for character in text.lowercased() {
      if character.isLetter || character.isNumber {
        if pendingDash, !result.isEmpty { result.append("-") }
        pendingDash = false
        result.append(character)
      } else {
        pendingDash = true
      }
    }
    if pendingDash, text.hasSuffix("-"), !result.isEmpty { result.append("-") }
    return result
  }

  private static func make(
    _ id: String, _ name: String, _ category: PatternCategory, _ flags: String
  ) -> PatternType {
    PatternType(
      id: id, name: name, category: category, takesIntensity: flags.contains("I"),
      takesDuration: flags.contains("D"), isChallenging: flags.contains("C"),
      isTrigger: flags.contains("T"), higherIsBetter: flags.contains("B"))
  }
}
