import AnalyticsCore
import ArgumentParser
import Foundation
import Storage

/// Runs an app's root command with Tally's error contract: one line on standard error naming the
/// bad value and what was expected, and a `sysexits.h` status — 64 usage, 65 bad data, 66 missing
/// input, 74 I/O — never a stack trace.
public enum CommandRunner {
  /// Parses the process arguments into `Root`, runs the chosen command and exits.
  public static func main<Root: ParsableCommand>(_ root: Root.Type) -> Never {
    let status = run(root, arguments: Array(CommandLine.arguments.dropFirst()))
    exit(status)
  }

  /// What an in-process run printed, and its exit status.
  public struct Captured: Sendable, Equatable {
    /// The exit status.
    public var status: Int32
    /// Everything written to standard output.
    public var output: String
    /// Everything written to standard error.
    public var error: String

    /// A result, for comparing in tests.
    public init(status: Int32, output: String, error: String) {
      self.status = status
      self.output = output
      self.error = error
    }
  }

  /// Runs `arguments` in this process with standard output and error captured: the same parsing,
  /// errors and statuses as `main`, for tests that need no process per case.
  public static func capture<Root: ParsableCommand>(
    _ root: Root.Type, arguments: [String]
  ) -> Captured {
    let buffer = LockedValue((output: "", error: ""))
    let sinks = Terminal.Sinks(
      output: { text in buffer.withLock { $0.output += text } },
      error: { text in buffer.withLock { $0.error += text } })
    let status = Terminal.$sinks.withValue(sinks) {
      run(
        root, arguments: arguments, output: Terminal.writeOutput, errorOutput: Terminal.writeError)
    }
    let (output, error) = buffer.current
    return Captured(status: status, output: output, error: error)
  }

  /// Parses `arguments`, runs the command and returns the exit status (help and version are
  /// printed and return 0).
  ///
  /// - Parameters:
  ///   - output: where help and version text go (standard output by default).
  ///   - errorOutput: where the one-line error goes (standard error by default).
  public static func run<Root: ParsableCommand>(
    _ root: Root.Type, arguments: [String],
    output: (String) -> Void = Terminal.writeOutput,
    errorOutput: (String) -> Void = Terminal.writeError
  ) -> Int32 {
    let name = Root.configuration.commandName ?? String(describing: Root.self)
    let app = name.split(separator: "-").first.map(String.init)
    let sinks = Terminal.sinks
    if sinks == nil {
      // A real run: tell the user on standard error when another process holds the database.
      // (The busy handler runs on a database thread, so the line is written directly.)
      DatabaseOpener.waitingNotice = { text in Terminal.writeError("\(name): \(text)") }
    }
    appNameBox.current = app
    programNameBox.current = name
    return $names.withValue((app, name)) {
      runNamed(
        root, name: name, arguments: globalOptionsLast(negativeValuesJoined(arguments)),
        output: output,
        errorOutput: errorOutput)
    }
  }

  /// The short name of the running app (`rvu` for `rvu-cli`, `store` for `store-metrics`), for
  /// help text that names the app's own variables.
  public static var appName: String? { names?.app ?? appNameBox.current }
  private static let appNameBox = LockedValue<String?>(nil)

  /// The running program's name (`behavior-cli`), which begins every line it writes on
  /// standard error: errors, warnings and notes.
  public static var programName: String { names?.program ?? programNameBox.current ?? "tally" }
  private static let programNameBox = LockedValue<String?>(nil)

  /// The names of the command running in this task. Tests run several apps' commands in one
  /// process at once (`capture`), where the process-wide names above are whichever app started
  /// last; those stay for threads that the task's values do not reach.
  @TaskLocal private static var names: (app: String?, program: String)?

  private static func runNamed<Root: ParsableCommand>(
    _ root: Root.Type, name: String, arguments: [String],
    output: (String) -> Void, errorOutput: (String) -> Void
  ) -> Int32 {
    // `--version` alone is answered before ArgumentParser builds the command tree: reflecting
    // on the commands' properties costs a process more than everything else it does for this
    // (callgrind counts in `Docs/Performance.md`). The text is the one ArgumentParser prints.
    if arguments == ["--version"], !Root.configuration.version.isEmpty {
      output(Root.configuration.version + "\n")
      return 0
    }
    let notices = Terminal.PendingNotices()
    do {
      var command = try Root.parseAsRoot(arguments)
      try Terminal.$pendingNotices.withValue(notices) { try command.run() }
      Terminal.flush(notices)
      return 0
    } catch {
      if let unknown = unknownSubcommand(Root.self, arguments: arguments) {
        errorOutput("\(name): \(unknown)\n")
        return ExitStatus.usage
      }
      if let status = ExitStatus.status(for: error) {
        for line in ExitStatus.messages(for: error) { errorOutput("\(name): \(line)\n") }
        return status
      }
      let code = Root.exitCode(for: error)
      if code == .success {
        // --help, --version and the like: ArgumentParser prints them.
        let message = Root.fullMessage(for: error)
        if !message.isEmpty { output(message + "\n") }
        return 0
      }
      let message = Root.message(for: error)
      if message.isEmpty { return code.rawValue }  // already reported (ExitCode thrown)
      errorOutput("\(name): \(ExitStatus.oneLine(valueSaidOnce(message)))\n")
      return code.rawValue == 1 ? 70 : code.rawValue
    }
  }
}

extension CommandRunner {
  /// `arguments` with global options typed before the subcommand (`rvu-cli --db F codes import
  /// X`) moved after it, where ArgumentParser reads them: they are "common to every command",
  /// so their place should not matter.
  static func globalOptionsLast(_ arguments: [String]) -> [String] {
    var leading: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      let name = argument.split(separator: "=", maxSplits: 1).first.map(String.init) ?? argument
      guard let takesValue = GlobalOptions.names[name] else { break }
      leading.append(argument)
      if takesValue, !argument.contains("="), index + 1 < arguments.count {
        leading.append(arguments[index + 1])
        index += 1
      }
      index += 1
    }
    let rest = Array(arguments[index...])
    guard !leading.isEmpty, !rest.isEmpty, !rest.contains("--") else { return arguments }
    return rest + leading
  }

  /// ArgumentParser's "The value 'V' is invalid for '--opt <v>': REASON" without the prefix
  /// when the reason names the value itself (quoted, as Tally's errors do, or as a word):
  /// `--date "2/8/2026" is not valid: expected YYYY-MM-DD…` instead of the value twice; an empty
  /// value only when quoted (`--as-of "" is not valid`). Other messages are unchanged.
  static func valueSaidOnce(_ message: String) -> String {
    let start = "The value '"
    guard message.hasPrefix(start),
      let invalidFor = message.range(of: "' is invalid for '"),
      let colon = message.range(of: "': ", range: invalidFor.upperBound..<message.endIndex)
    else { return message }
    let value = message[
      message.index(message.startIndex, offsetBy: start.count)..<invalidFor.lowerBound]
    let option = message[invalidFor.upperBound..<colon.lowerBound].split(separator: " ").first
    let reason = message[colon.upperBound...]
    let named =
      reason.contains("\"\(value)\"") || (!value.isEmpty && reason.contains(" \(value) "))
    guard let option, named else { return message }
    return reason.contains(option) ? String(reason) : "\(option) \(reason)"
  }

  /// `--option -5` as `--option=-5`: a value that is a negative number (`-2`, `-0.5`, `-5m`).
  ///
  /// ArgumentParser reads a word starting with `-` as the next option, so `--temperature-c -2`
  /// failed with "Missing value"; people type negative values that way. No Tally command takes
  /// an option or argument spelled as a negative number, so nothing else is changed. Words after
  /// `--` are left alone.
  static func negativeValuesJoined(_ arguments: [String]) -> [String] {
    var out: [String] = []
    var index = 0
    while index < arguments.count {
      let argument = arguments[index]
      if argument == "--" { return out + arguments[index...] }
      if argument.hasPrefix("--"), !argument.contains("="), index + 1 < arguments.count,
        isNegativeNumber(arguments[index + 1])
      {
        out.append(argument + "=" + arguments[index + 1])
        index += 2
        continue
      }
      out.append(argument)
      index += 1
    }
    return out
  }

  /// `-` then a digit, or `-.` then a digit.
  private static func isNegativeNumber(_ word: String) -> Bool {
    let bytes = Array(word.utf8.prefix(3))
    guard bytes.count >= 2, bytes[0] == UInt8(ascii: "-") else { return false }
    let isDigit = { (byte: UInt8) in (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(byte) }
    return isDigit(bytes[1])
      || (bytes[1] == UInt8(ascii: ".") && bytes.count == 3 && isDigit(bytes[2]))
  }

  /// "unknown command 'visit'; did you mean 'visits'?" when the words before the first option
  /// leave the command tree at a command that only has subcommands, or `nil`.
  ///
  /// ArgumentParser reports such a word as an unexpected argument, or complains about the first
  /// option after it, which sends the user looking in the wrong place.
  static func unknownSubcommand(_ root: any ParsableCommand.Type, arguments: [String]) -> String? {
    // ArgumentParser's own `help` command, which every help footer names
    // ("See 'store-metrics help <subcommand>'"): not in the tree, and not a typo; the words
    // after it are (ArgumentParser shows the top help for `help nosuch`).
    if arguments.first == "help" {
      return unknownSubcommand(root, arguments: Array(arguments.dropFirst()))
    }
    var command = root
    for argument in arguments {
      if argument.hasPrefix("-") { return nil }
      let subcommands = command.configuration.subcommands
      if subcommands.isEmpty { return nil }
      let names = subcommands.map { $0._commandName }
      if let index = names.firstIndex(of: argument) {
        command = subcommands[index]
        continue
      }
      if let aliased = subcommands.first(where: { $0.configuration.aliases.contains(argument) }) {
        command = aliased
        continue
      }
      let quoted = TallyError.quote(argument).dropFirst().dropLast()
      var message = "unknown command '\(quoted)'"
      if let close = Suggestion.closest(to: argument, in: names) {
        message += "; did you mean '\(close)'?"
      } else {
        message += ": expected one of " + names.joined(separator: ", ")
      }
      return message
    }
    return nil
  }
}

/// The one mapping from errors to exit statuses that every app uses.
public enum ExitStatus {
  /// Bad command-line usage (`EX_USAGE`).
  public static let usage: Int32 = 64
  /// Input data that cannot be accepted (`EX_DATAERR`).
  public static let badData: Int32 = 65
  /// A named file or record that does not exist (`EX_NOINPUT`).
  public static let missingInput: Int32 = 66
  /// A program the command needs is not installed (`EX_UNAVAILABLE`).
  public static let unavailable: Int32 = 69
  /// An internal error (`EX_SOFTWARE`).
  public static let software: Int32 = 70
  /// Reading or writing failed (`EX_IOERR`).
  public static let io: Int32 = 74

  /// The status for an error Tally classifies, or `nil` for argument-parsing errors (left to
  /// ArgumentParser, which uses 64).
  public static func status(for error: any Error) -> Int32? {
    if let categorized = error as? TallyError {
      return status(for: categorized.category)
    }
    if let cocoa = error as? CocoaError {
      switch cocoa.code {
      case .fileReadNoSuchFile, .fileNoSuchFile: return missingInput
      default: return io
      }
    }
    if error is DecodingError { return badData }
    if let storage = StorageError.classify(error) { return status(for: storage.category) }
    return nil
  }

  /// The status of a category.
  public static func status(for category: ErrorCategory) -> Int32 {
    switch category {
    case .usage: return usage
    case .badData: return badData
    case .missingInput: return missingInput
    case .io: return io
    case .unavailable: return unavailable
    }
  }

  /// The lines of a classified error: one, or each problem of an input refused whole and a
  /// count.
  public static func messages(for error: any Error) -> [String] {
    guard let tally = error as? TallyError, tally.problemCount > 1 else {
      return [message(for: error)]
    }
    return tally.lines.map(oneLine)
  }

  /// The one-line message of a classified error.
  public static func message(for error: any Error) -> String {
    if let cocoa = error as? CocoaError {
      let path = cocoa.filePath ?? (cocoa.userInfo[NSURLErrorKey] as? URL)?.path ?? "the file"
      switch cocoa.code {
      case .fileReadNoSuchFile, .fileNoSuchFile:
        return oneLine("\(path) does not exist: expected an existing file")
      default:
        return oneLine("cannot read or write \(path)")
      }
    }
    if let storage = StorageError.classify(error) { return storage.description }
    return oneLine(String(describing: error))
  }

  /// `text` folded onto one line.
  ///
  /// Whatever a message echoes, the line stays readable: control characters are shown escaped
  /// (an ESC sequence never reaches the terminal) and the line is cut at `messageLimit`
  /// characters, so a megabyte-long field or header is never printed back whole.
  static func oneLine(_ text: String) -> String {
    let joined = text.split(whereSeparator: \.isNewline)
      .map { $0.trimmingCharacters(in: .whitespaces) }
      .filter { !$0.isEmpty }.joined(separator: " ")
    var out = ""
    var count = 0
    for scalar in joined.unicodeScalars {
      let piece = TallyError.shown(scalar)
      if count + piece.unicodeScalars.count > messageLimit {
        out += "…"
        break
      }
      out += piece
      count += piece.unicodeScalars.count
    }
    return out
  }

  /// The longest error line, in characters.
  public static let messageLimit = 300
}

/// The version every Tally app reports with `--version`.
public enum TallyVersion {
  /// The current version.
  public static let current = "0.1.0"
}
