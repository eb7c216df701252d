import Crypto
import Foundation

/// SHA-256 as a content hash, to recognise a file imported before.
///
/// swift-crypto's (BoringSSL's assembly) replaced a hand-written one that was several times
/// slower and 18% of a GPX import (figures in `Docs/Architecture.md`, "Shared parsing"). Callers
/// get hex text, so they do not import Crypto.
public enum SHA256 {
  /// The digest of `data` as 64 lowercase hex digits.
  public static func hex(_ data: Data) -> String {
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
