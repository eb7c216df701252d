import Foundation

/// Reads a file named on the command line. A missing file throws Foundation's error, which
/// `CommandRunner` reports as one line naming the path, with status 66.
public func readFile(_ path: String) throws -> Data {
  try Data(contentsOf: URL(fileURLWithPath: path))
}
