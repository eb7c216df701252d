/// Why a request is not signed in. The reasons stay in the server (the log says which); every
/// one answers 401 with a message that tells a client what to do, never which check failed in
/// detail an attacker could use.
public enum AuthFailure: Error, Equatable, Sendable {
  /// No `Authorization: Bearer …` header.
  case missingToken
  /// A session token that is malformed, forged or expired.
  case invalidSession
  /// A Google ID token that failed verification.
  case invalidGoogleToken(String)
  /// A POS key that is unknown or for another store.
  case invalidPOSKey
  /// A Sign in with Apple identity token that failed verification.
  case invalidAppleToken(String)

  /// The `{error}` text of the 401.
  public var message: String {
    switch self {
    case .missingToken:
      return "Unauthorized: expected an Authorization: Bearer <sessionToken> header"
    case .invalidSession:
      return "Unauthorized: the session token is invalid or expired; sign in again"
    case .invalidGoogleToken: return "Invalid Google ID token"
    case .invalidAppleToken: return "Invalid identity token"
    case .invalidPOSKey: return "Unauthorized: expected this store's POS key as the bearer token"
    }
  }
}
