import Crypto
import Foundation

/// SHA-256 of a file's bytes, to recognise a session file imported before.
///
/// swift-crypto's (BoringSSL's assembly) replaced a hand-written one that was several times
/// slower and 18% of a GPX import (figures in `Docs/Performance.md`, "Parsing and hashing"). It lives
/// here, with its only user, so that the other command-line apps do not link swift-crypto: its
/// 356 protocol-conformance records made every conformance scan at their start-up longer
/// (`Docs/Performance.md`, "Start-up").
public enum ContentHash {
  /// The digest of `data` as 64 lowercase hex digits.
  public static func sha256Hex(_ data: Data) -> String {
    let hexDigits = Array("0123456789abcdef".utf8)
    var out: [UInt8] = []
    out.reserveCapacity(64)
    for byte in Crypto.SHA256.hash(data: data) {
      out.append(hexDigits[Int(byte >> 4)])
      out.append(hexDigits[Int(byte & 0x0F)])
    }
    return String(decoding: out, as: UTF8.self)
  }
}
