import AnalyticsCore
import Foundation
import JWTKit

/// The claims of a session token: whose it is and until when. Nothing else is in it, so a token
/// leaks no email or name.
struct SessionClaims: JWTPayload {
  var subject: SubjectClaim
  var issuedAt: IssuedAtClaim
  var expires: ExpirationClaim

  enum CodingKeys: String, CodingKey {
    case subject = "sub"
    case issuedAt = "iat"
    case expires = "exp"
  }

  func verify(using _: some JWTAlgorithm) throws {
    try expires.verifyNotExpired()
  }
}

/// Signs and checks session tokens: HS256 JWTs made with the server secret. The key collection
/// holds that one HMAC key and nothing else, so a token signed any other way (RS256, `none`,
/// another secret) fails its signature check.
public struct SessionTokens: Sendable {
  private let keys: JWTKeyCollection

  /// How long a session lasts by default, in days: 30, as the seed API answers
  /// (`expiresIn: 2592000` seconds).
  public static let defaultDays = 30
  /// The longest a token may be made for: a year, so a forgotten script token still expires.
  public static let maximumDays = 366
  static let secondsPerDay: Int64 = 86_400

  /// The shortest secret taken: HS256 is only as strong as its key, and 32 bytes is its hash's
  /// size (RFC 7518 §3.2).
  public static let minimumSecretBytes = 32

  /// - throws: `TallyError` (usage) when the secret is shorter than `minimumSecretBytes`.
  public init(secret: [UInt8]) async throws {
    guard secret.count >= Self.minimumSecretBytes else {
      throw TallyError.invalid(
        "secret", "\(secret.count) bytes",
        expected: "at least \(Self.minimumSecretBytes) bytes of secret", category: .usage)
    }
    keys = await JWTKeyCollection().add(hmac: HMACKey(from: secret), digestAlgorithm: .sha256)
  }

  /// A token for `userId`, valid from `now` for `days` days.
  public func token(userId: String, now: Instant, days: Int = defaultDays) async throws -> String {
    let claims = SessionClaims(
      subject: SubjectClaim(value: userId), issuedAt: IssuedAtClaim(value: now.date),
      expires: ExpirationClaim(value: now.adding(seconds: Self.lifetime(days: days)).date))
    return try await keys.sign(claims)
  }

  /// Seconds in `days` days: the `expiresIn` of a sign-in.
  public static func lifetime(days: Int) -> Int64 { Int64(days) * secondsPerDay }

  /// The user a token was made for.
  ///
  /// - throws: `AuthFailure` when the token is malformed, signed with anything but the server
  ///   secret, or expired.
  public func userId(of token: String) async throws -> String {
    do {
      return try await keys.verify(token, as: SessionClaims.self).subject.value
    } catch {
      throw AuthFailure.invalidSession
    }
  }
}
