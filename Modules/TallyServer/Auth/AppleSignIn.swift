import AnalyticsCore
import Foundation
import JWTKit

/// Who an Apple identity token says signed in.
public struct AppleIdentity: Sendable, Equatable {
  /// Apple's stable user id for the app (`sub`).
  public let subject: String
  public let email: String
}

/// Verifies Sign in with Apple identity tokens as `GoogleSignIn` verifies Google's: RS256 against
/// Apple's published keys (a JWKS file the operator refreshes from
/// `https://appleid.apple.com/auth/keys`, so the server makes no outbound request), issuer
/// `https://appleid.apple.com`, an audience that is one of the app's ids (the Services ID of the
/// web and the iOS bundle id), not expired, and a `sub` and `email`.
public struct AppleSignIn: Sendable {
  private let keys: IdentityKeys

  /// - throws: `TallyError` (bad data) when the JWKS cannot be read.
  public init(jwks: String, clientIds: [String]) async throws {
    keys = try await IdentityKeys(jwks: jwks, clientIds: clientIds, provider: "Apple")
  }

  /// The identity in a verified token.
  ///
  /// - throws: `AuthFailure.invalidAppleToken` for every failed check.
  public func verify(_ token: String, now: Date = Date()) async throws -> AppleIdentity {
    let claims: AppleIdentityToken
    do {
      claims = try await keys.verify {
        try await $0.verify(token, as: AppleIdentityToken.self, expectedAudiences: $1)
      }
    } catch {
      throw AuthFailure.invalidAppleToken(error.reason)
    }
    // A NUL would cut the id where it is stored: "A\u{0}attacker" signed in as user "A".
    guard !claims.subject.value.isEmpty, !claims.subject.value.contains("\u{0}"),
      let email = claims.email, !email.isEmpty, !email.contains("\u{0}")
    else {
      throw AuthFailure.invalidAppleToken("sub or email missing, or holding a NUL")
    }
    // Apple leaves `email_verified` false for some managed (Work & School) accounts, whose
    // address their organisation vouches for: only its timing is checked here.
    if let refusal = IdentityKeys.timingRefusal(token, issuedAt: claims.issuedAt.value, now: now) {
      throw AuthFailure.invalidAppleToken(refusal)
    }
    return AppleIdentity(subject: claims.subject.value, email: email)
  }
}
