import AnalyticsCore
import Foundation
import JWTKit

/// Who a Google ID token says signed in.
public struct GoogleIdentity: Sendable, Equatable {
  /// Google's stable account id (`sub`): the user id.
  public let subject: String
  public let email: String
  public let name: String?
  public let picture: String?
}

/// Verifies Google ID tokens against Google's published keys (a JWKS file, `kid` picks the key):
/// RS256 signature, issuer `accounts.google.com` (with or without `https://`), an audience that is
/// one of the configured client ids, not expired, and a `sub` and `email`.
///
/// The keys are read from a file the operator refreshes (Google rotates them), so the server makes
/// no outbound request and tests bring their own keys.
public struct GoogleSignIn: Sendable {
  private let keys: IdentityKeys

  /// - Parameters:
  ///   - jwks: the JSON of Google's certs endpoint (`{"keys": [{kid, n, e, …}]}`).
  ///   - clientIds: the OAuth client ids whose tokens are accepted (web and iOS).
  /// - throws: `TallyError` (bad data) when the JWKS cannot be read.
  public init(jwks: String, clientIds: [String]) async throws {
    keys = try await IdentityKeys(jwks: jwks, clientIds: clientIds, provider: "Google")
  }

  /// The identity in a verified token.
  ///
  /// - throws: `AuthFailure.invalidGoogleToken` for every failed check.
  public func verify(_ token: String, now: Date = Date()) async throws -> GoogleIdentity {
    let claims: GoogleIdentityToken
    do {
      claims = try await keys.verify {
        try await $0.verify(
          token, as: GoogleIdentityToken.self, expectedAudiences: $1,
          trustedAuthorizedPresenters: $1)
      }
    } catch {
      throw AuthFailure.invalidGoogleToken(error.reason)
    }
    // A NUL would cut the id where it is stored: "A\u{0}attacker" signed in as user "A".
    guard !claims.subject.value.isEmpty, !claims.subject.value.contains("\u{0}"),
      let email = claims.email, !email.isEmpty, !email.contains("\u{0}")
    else {
      throw AuthFailure.invalidGoogleToken("sub or email missing, or holding a NUL")
    }
    // An address Google has not verified is anyone's to claim (Google's guide to verifying an
    // ID token on a backend: use the email only with `email_verified` true).
    guard claims.emailVerified?.value == true else {
      throw AuthFailure.invalidGoogleToken("email_verified is not true")
    }
    if let refusal = IdentityKeys.timingRefusal(token, issuedAt: claims.issuedAt.value, now: now) {
      throw AuthFailure.invalidGoogleToken(refusal)
    }
    return GoogleIdentity(
      subject: claims.subject.value, email: email, name: claims.name, picture: claims.picture)
  }
}
