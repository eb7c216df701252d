import CLIKit
import Foundation
import Testing

@testable import rvu_cli

/// `rvu-cli users delete ID --yes` (issue 31): what `DELETE /api/user` does to the RVU
/// database, from a terminal; only the named user's rows go, and the summary counts them.
@Suite struct RVUUsersCommandTests {
  @Test func deletingAUserNeedsYesAndCountsWhatWent() throws {
    let folder = NSTemporaryDirectory() + "tally-users-" + UUID().uuidString
    try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
    defer { try? FileManager.default.removeItem(atPath: folder) }
    let db = ["--db", folder + "/rvu.sqlite", "--as-of", "2026-02-10"]
    for user in ["dr-a", "dr-b"] {
      for arguments in [
        ["visits", "add", "--date", "2026-02-09", "--procedure", "99213", "--procedure", "G2211"],
        ["favorites", "add", "99214"],
      ] {
        let result = CommandRunner.capture(
          RVUCommand.self, arguments: arguments + ["--user", user] + db)
        #expect(result.status == 0, "\(result.error)")
      }
    }
    let unconfirmed = CommandRunner.capture(
      RVUCommand.self, arguments: ["users", "delete", "dr-a"] + db)
    #expect(unconfirmed.status == 64)
    #expect(unconfirmed.error.contains("expected --yes to confirm"))

    let deleted = CommandRunner.capture(
      RVUCommand.self, arguments: ["users", "delete", "dr-a", "--yes"] + db)
    #expect(deleted.status == 0, "\(deleted.error)")
    // One visit of two procedure lines, one favorite, no settings.
    #expect(
      deleted.output
        == "Deleted user dr-a: 1 visit, 2 procedures, 1 favorite, 0 custom codes, 0 templates, "
        + "0 time-off entries, 0 settings rows.\n")
    for (user, visits) in [("dr-a", "[]\n"), ("dr-b", nil)] {
      let list = CommandRunner.capture(
        RVUCommand.self, arguments: ["visits", "list", "--format", "json", "--user", user] + db)
      if let visits { #expect(list.output == visits) } else { #expect(list.output != "[]\n") }
    }
  }
}
