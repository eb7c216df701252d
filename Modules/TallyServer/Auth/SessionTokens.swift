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

  /// Not expired, not issued in the future (beyond the sign-in leeway), and lasting no longer
  /// than `SessionTokens.maximumDays`: a token with a far `exp` is not one this server made,
  /// even if its secret leaked into a script that signs its own.
  func verify(using _: some JWTAlgorithm) throws {
    try expires.verifyNotExpired()
    let now = Date()
    guard issuedAt.value <= now.addingTimeInterval(IdentityKeys.leeway),
      expires.value.timeIntervalSince(issuedAt.value)
        <= TimeInterval(SessionTokens.lifetime(days: SessionTokens.maximumDays))
    else {
      throw JWTError.claimVerificationFailure(
        failedClaim: expires, reason: "issued in the future or lasting too long")
    }
  }
}

/// Signs and checks session tokens: HS256 JWTs made with the server secret. The key collection
/// holds that one HMAC key and nothing else, so a token signed any other way (RS256, `none`,
/// another secret) fails its signature check.
public struct SessionTokens: Sendable {
  private let keys: JWTKeyCollection
  /// Tokens already verified, with their user and expiry. A client sends the same token with
  /// every request, and verifying it again (a hop to the key collection's actor, base64, JSON,
  /// HMAC) was a large share of a small request (`GET /api/favorites`); a cached token is still
  /// refused once it expires. A token is only cached after its signature checked out, so the
  /// cache holds nothing an attacker could choose.
  private let verified = LockedValue<[String: (userId: String, issuedAt: Date, expires: Date)]>(
    [:])
  /// Verified tokens kept at most: a server has few live sessions; past this the cache starts over.
  static let verifiedLimit = 10_000

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
    try await session(of: token).userId
  }

  /// The user of a valid session token and when the token was issued.
  ///
  /// - throws: `AuthFailure.invalidSession` for a malformed, forged or expired token.
  public func session(of token: String) async throws -> (userId: String, issuedAt: Date) {
    let now = Date()
    if let known = verified.withLock({ $0[token] }) {
      guard now < known.expires else {
        verified.withLock { _ = $0.removeValue(forKey: token) }
        throw AuthFailure.invalidSession
      }
      return (known.userId, known.issuedAt)
    }
    let claims: SessionClaims
    do {
      claims = try await keys.verify(token, as: SessionClaims.self)
    } catch {
      throw AuthFailure.invalidSession
    }
    verified.withLock { cache in
      if cache.count >= Self.verifiedLimit { cache.removeAll(keepingCapacity: true) }
      cache[token] = (claims.subject.value, claims.issuedAt.value, claims.expires.value)
    }
    return (claims.subject.value, claims.issuedAt.value)
  }
}
