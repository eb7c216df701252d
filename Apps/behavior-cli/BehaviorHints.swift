import AnalyticsCore
import ArgumentParser
import BehaviorPatterns

/// A behavior-cli command whose domain errors get a hint naming the command or flag to use: the
/// domain says what is wrong in its own terms, only the app knows its commands and flags.
protocol HintedCommand: ParsableCommand {
  /// The command's work; `run()` adds the hints to what it throws.
  func execute() throws
}

extension HintedCommand {
  mutating func run() throws {
    do { try execute() } catch let error as TallyError { throw BehaviorHints.hinted(error) }
  }
}

/// Where to look, for each thing the domain could not find or accept.
enum BehaviorHints {
  static func hinted(_ error: TallyError) -> TallyError {
    guard error.hint == nil, let hint = hint(error.cause) else { return error }
    return error.hinted(hint)
  }

  static func hint(_ cause: TallyError.Cause) -> String? {
    typealias Kind = TallyError.BehaviorKind
    switch cause {
    case .notFound(let kind, _, _):
      switch kind {
      case Kind.entry: return "see 'behavior-cli entries list'"
      case Kind.medication: return "see 'behavior-cli meds list --all'"
      case Kind.journal: return "see 'behavior-cli journal list'"
      case Kind.tag: return "see 'behavior-cli tags list'"
      case Kind.favorite: return "see 'behavior-cli favorites list'"
      case Kind.patternType: return "see 'behavior-cli patterns'"
      default: return nil
      }
    case .exists(Kind.medication, _): return "use 'behavior-cli meds edit' to change it"
    case .missing("custom name", _): return "give it with --name"
    case .missing("custom category", _): return "give it with --category"
    case .missing("title", _): return "give it with --title"
    case .invalid("favorite", _, _): return "see 'behavior-cli favorites list'"
    case .invalid("first day", _, _): return "check --since"
    case .invalid("last day", _, _): return "check --on"
    case .invalid("dose day", _, _), .invalid("entry day", _, _): return "check --at"
    default: return nil
    }
  }
}
