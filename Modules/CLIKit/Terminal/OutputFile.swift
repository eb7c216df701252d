import AnalyticsCore
import Foundation
import Storage

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// Writes what an `--output PATH` option names, the one way for every app.
///
/// A regular file (or a new path) is written whole or not at all: a temporary file beside it,
/// flushed, then renamed over it. A symbolic link is followed and its target written that way, so
/// the link stays a link. A device or a pipe (`/dev/stdout`, a FIFO, `/dev/full`) is written
/// directly, since renaming over it would replace the device with a file. Every failed write —
/// `ENOSPC` from `/dev/full` included — is an I/O error (exit 74), never a silent success.
public enum OutputFile {
  /// Writes `bytes` to `path`, or to standard output when `path` is `nil` or `-`.
  public static func write(_ bytes: [UInt8], to path: String?) throws {
    guard let path, path != "-" else {
      Terminal.writeOutput(String(decoding: bytes, as: UTF8.self))
      return
    }
    guard !path.isEmpty else {
      throw TallyError.invalid(
        "--output", path, expected: "a file name, or - for standard output", category: .usage)
    }
    let target = resolvedTarget(path)
    var status = stat()
    if stat(target, &status) == 0, (status.st_mode & S_IFMT) != S_IFREG {
      guard (status.st_mode & S_IFMT) != S_IFDIR else {
        throw TallyError.invalid(
          nil, path, expected: "a file to write, not a folder", category: .usage)
      }
      try writeDirectly(bytes, to: target, named: path)
    } else {
      try writeAtomically(bytes, to: target, named: path)
    }
  }

  /// Writes UTF-8 `text` to `path` (see `write(_:to:)`).
  public static func write(_ text: String, to path: String?) throws {
    try write(Array(text.utf8), to: path)
  }

  /// The file a path finally names: symbolic links followed (a dangling link's target is created).
  static func resolvedTarget(_ path: String) -> String {
    var current = path
    for _ in 0..<40 {  // SQLite and the kernel give up on loops at a similar depth
      var status = stat()
      guard lstat(current, &status) == 0, (status.st_mode & S_IFMT) == S_IFLNK,
        let destination = try? FileManager.default.destinationOfSymbolicLink(atPath: current)
      else { return current }
      let folder = PathText.folder(of: current)
      current =
        destination.hasPrefix("/") || folder.isEmpty ? destination : folder + "/" + destination
    }
    return current
  }

  private static func writeDirectly(_ bytes: [UInt8], to target: String, named path: String) throws
  {
    let descriptor = open(target, O_WRONLY | O_CLOEXEC)
    guard descriptor >= 0 else { throw failure(path, errno) }
    defer { close(descriptor) }
    try writeAll(bytes, to: descriptor, named: path)
  }

  private static func writeAtomically(_ bytes: [UInt8], to target: String, named path: String)
    throws
  {
    let folder = PathText.folder(of: target)
    let temporary =
      (folder.isEmpty ? "." : folder) + "/." + PathText.name(of: target)
      + ".tally-\(getpid())-\(UInt32.random(in: 0...UInt32.max))"
    // Readable by the owner only, whatever the umask: exports and reports hold personal data.
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o600)
    guard descriptor >= 0 else { throw failure(path, errno) }
    do {
      guard fchmod(descriptor, 0o600) == 0 else { throw failure(path, errno) }
      try writeAll(bytes, to: descriptor, named: path)
      guard fsync(descriptor) == 0 else { throw failure(path, errno) }
      close(descriptor)
      guard rename(temporary, target) == 0 else { throw failure(path, errno) }
    } catch {
      close(descriptor)
      unlink(temporary)
      throw error
    }
  }

  private static func writeAll(_ bytes: [UInt8], to descriptor: Int32, named path: String) throws {
    try bytes.withUnsafeBytes { buffer in
      var offset = 0
      while offset < buffer.count {
        let written = Glibc.write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if written < 0 {
          if errno == EINTR { continue }
          throw failure(path, errno)
        }
        offset += written
      }
    }
  }

  private static func failure(_ path: String, _ code: Int32) -> TallyError {
    TallyError(.io, .failed("cannot write \(path): \(String(cString: strerror(code)))"))
  }
}
