import AnalyticsCore
import Foundation

/// The largest file an app reads whole: 1 GiB, above the largest import Tally is measured on
/// (a 2.2-million-line store CSV is about 200 MB) and below what would exhaust memory.
public let inputFileLimit = 1 << 30

/// Reads a file named on the command line, refusing one larger than `limit` bytes (a device
/// such as `/dev/zero` is read only up to the limit). A missing file throws Foundation's error,
/// which `CommandRunner` reports as one line naming the path, with status 66.
///
/// - Parameter mapped: map a regular file into memory instead of reading it, so a large file is
///   neither copied nor zero-filled first (~25 ms of a 40 MB GPX import, `Docs/Ruck.md`). A
///   file that another program truncates while it is mapped ends the process with SIGBUS;
///   nothing is stored then. A file that cannot be mapped is read.
public func readFile(_ path: String, limit: Int = inputFileLimit, mapped: Bool = false) throws
  -> Data
{
  let url = URL(fileURLWithPath: path)
  let attributes = try inputFileAttributes(path)
  if attributes[.type] as? FileAttributeType == .typeRegular {
    let size = (attributes[.size] as? NSNumber)?.intValue ?? 0
    guard size <= limit else { throw tooLarge(path, limit: limit) }
    if mapped, let data = try? Data(contentsOf: url, options: .alwaysMapped) { return data }
    return try Data(contentsOf: url)
  }
  let handle = try FileHandle(forReadingFrom: url)
  defer { try? handle.close() }
  return try readAll(handle, limit: limit, name: path)
}

/// Checks that a file named on the command line can be read as one, without reading it: a
/// command that opens (and may create) a database first checks its input files so that a typo
/// leaves nothing behind, and reads them later (pipes stay unread until then). A missing file
/// throws Foundation's error (status 66, naming the path); a folder is a usage error.
@discardableResult
public func inputFileAttributes(_ path: String) throws -> [FileAttributeKey: Any] {
  let attributes = try FileManager.default.attributesOfItem(atPath: path)
  if attributes[.type] as? FileAttributeType == .typeDirectory {
    throw TallyError.invalid(nil, path, expected: "a file, not a folder", category: .usage)
  }
  return attributes
}

/// Reads standard input to its end, refusing more than `limit` bytes (so `< /dev/zero` stops at
/// the limit instead of filling memory).
public func readStandardInput(limit: Int) throws -> Data {
  try readAll(FileHandle.standardInput, limit: limit, name: "standard input")
}

private func readAll(_ handle: FileHandle, limit: Int, name: String) throws -> Data {
  var data = Data()
  while true {
    guard let chunk = try handle.read(upToCount: 1 << 16), !chunk.isEmpty else { return data }
    guard data.count + chunk.count <= limit else { throw tooLarge(name, limit: limit) }
    data.append(chunk)
  }
}

private func tooLarge(_ name: String, limit: Int) -> TallyError {
  let size =
    limit >= 1 << 30
    ? "\(limit >> 30) GiB" : limit >= 1 << 20 ? "\(limit >> 20) MiB" : "\(limit) bytes"
  return TallyError(.badData, .refused("\(name) is larger than \(size): expected at most \(size)"))
}
