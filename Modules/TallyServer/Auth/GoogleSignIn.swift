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
  private let keys: JWTKeyCollection
  private let clientIds: Set<String>

  /// - Parameters:
  ///   - jwks: the JSON of Google's certs endpoint (`{"keys": [{kid, n, e, …}]}`).
  ///   - clientIds: the OAuth client ids whose tokens are accepted (web and iOS).
  /// - throws: `TallyError` (bad data) when the JWKS cannot be read.
  public init(jwks: String, clientIds: [String]) async throws {
    do {
      keys = try await JWTKeyCollection().add(jwksJSON: jwks)
    } catch {
      throw TallyError.invalid(
        "jwks", String(jwks.prefix(TallyError.echoLimit)),
        expected: "a JWKS document ({\"keys\": [...]}) as Google publishes it",
        category: .badData)
    }
    self.clientIds = Set(clientIds)
  }

  /// The identity in a verified token.
  ///
  /// - throws: `AuthFailure.invalidGoogleToken` for every failed check.
  public func verify(_ token: String) async throws -> GoogleIdentity {
    guard !clientIds.isEmpty else {
      throw AuthFailure.invalidGoogleToken("no Google client id is configured")
    }
    let claims: GoogleIdentityToken
    do {
      claims = try await keys.verify(
        token, as: GoogleIdentityToken.self, expectedAudiences: clientIds,
        trustedAuthorizedPresenters: clientIds)
    } catch {
      throw AuthFailure.invalidGoogleToken("\(error)")
    }
    guard !claims.subject.value.isEmpty, let email = claims.email, !email.isEmpty else {
      throw AuthFailure.invalidGoogleToken("sub or email missing")
    }
    return GoogleIdentity(
      subject: claims.subject.value, email: email, name: claims.name, picture: claims.picture)
  }
}
