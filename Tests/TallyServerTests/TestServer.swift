import AnalyticsCore
import CryptoExtras
import DataFormats
import Foundation
import Hummingbird
import HummingbirdTesting
import JWTKit
import RVUDomain
import Storage
import StoreAnalytics
import StoreSQLite
import Testing

@testable import TallyServer

/// A server on in-memory databases with a Google stand-in: an RSA key made here, published as a
/// JWKS the server reads, and tokens signed with it.
struct TestServer {
  static let secret = [UInt8](repeating: 7, count: 32)
  static let webClient = "web-client.apps.googleusercontent.com"
  static let iosClient = "ios-client.apps.googleusercontent.com"
  static let kid = "test-key-1"
  static let appleClient = "com.example.trackmyrvu"

  let api: TallyAPI
  let google: GoogleKey
  /// Stands in for Apple's key: the same kind of RSA key and JWKS.
  let apple: GoogleKey

  /// The server's "now" for a whole test run, injected as its clock: the time the run started,
  /// at least two minutes into its UTC day, so that an order placed a minute before it is on
  /// the same day whatever the hour (tests that placed orders 60 s before the wall clock and
  /// asked for "today" failed between 00:00 and 00:01 UTC, issue 29).
  static let now: Instant = {
    let wall = Instant(Date())
    let dayStart = Zone.utc.start(of: Zone.utc.localDate(of: wall))
    return max(wall, dayStart.adding(seconds: 120))
  }()

  /// - Parameter rvu: the RVU store; by default one in memory (which keeps no answers: see
  ///   `RVUStore.revision()`).
  ///   - rateLimit: requests per user; off, as most tests send many at once.
  init(rvu: RVUStore? = nil, rateLimit: RateLimit = .off) async throws {
    google = try GoogleKey()
    apple = try GoogleKey()
    api = TallyAPI(
      rvu: try rvu ?? RVUStore.inMemory(), shops: try ShopAnalytics.inMemory(),
      server: try ServerDatabase.open(.memory),
      sessions: try await SessionTokens(secret: Self.secret),
      google: try await GoogleSignIn(
        jwks: google.jwks, clientIds: [Self.webClient, Self.iosClient]),
      apple: try await AppleSignIn(jwks: apple.jwks, clientIds: [Self.appleClient]),
      rateLimit: rateLimit, clock: TallyClock(now: { TestServer.now }))
  }

  /// Runs `body` against the routes in-process.
  func test<T: Sendable>(_ body: @Sendable (any TestClientProtocol) async throws -> T)
    async throws -> T
  {
    try await Application(router: api.router()).test(.router, body)
  }

  /// A session token for `user`, as `tally-server token` makes it.
  func token(_ user: String) async throws -> String {
    try await api.sessions.token(userId: user, now: Self.now)
  }
}

/// An RSA key standing in for Google's, and its JWKS.
struct GoogleKey {
  let jwks: String
  let signingKey: JWTKit.Insecure.RSA.PrivateKey

  init() throws {
    let key = try JWTKit.Insecure.RSA.PrivateKey(
      backing: _RSA.Signing.PrivateKey(keySize: .bits2048))
    let (modulus, exponent) = try key.publicKey.getKeyPrimitives()
    jwks = """
      {"keys": [{"kty": "RSA", "alg": "RS256", "use": "sig", "kid": "\(TestServer.kid)",
        "n": "\(modulus.base64URL)", "e": "\(exponent.base64URL)"}]}
      """
    signingKey = key
  }

  /// A Google ID token with these claims, signed with the key (RS256, `kid` set).
  func idToken(
    subject: String? = "google-user-1", email: String? = "ada@example.com",
    audience: String = TestServer.iosClient, issuer: String = "https://accounts.google.com",
    issuedAt: Date = Date().addingTimeInterval(-60),
    expires: Date = Date().addingTimeInterval(3600), emailVerified: Bool? = true
  ) async throws -> String {
    let claims = GoogleIdentityToken(
      issuer: IssuerClaim(value: issuer), subject: SubjectClaim(value: subject ?? ""),
      audience: AudienceClaim(value: audience), authorizedPresenter: audience,
      issuedAt: IssuedAtClaim(value: issuedAt),
      expires: ExpirationClaim(value: expires), email: email,
      emailVerified: emailVerified.map { BoolClaim(value: $0) }, name: "Ada Lovelace",
      picture: "https://example.com/ada.png")
    let keys = await JWTKeyCollection().add(
      rsa: signingKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: TestServer.kid))
    return try await keys.sign(claims, kid: JWKIdentifier(string: TestServer.kid))
  }
}

extension GoogleKey {
  /// A Google ID token valid in every way but its `nbf`, an hour ahead (jwt-kit's
  /// `GoogleIdentityToken` has no `nbf` to set).
  func notYetValid() async throws -> String {
    struct Claims: JWTPayload {
      let iss = "https://accounts.google.com"
      let sub = "google-user-1"
      let aud = TestServer.iosClient
      let azp = TestServer.iosClient
      let iat = Int(Date().timeIntervalSince1970) - 60
      let nbf = Int(Date().timeIntervalSince1970) + 3600
      let exp = Int(Date().timeIntervalSince1970) + 7200
      let email = "ada@example.com"
      let email_verified = true
      func verify(using _: some JWTAlgorithm) throws {}
    }
    let keys = await JWTKeyCollection().add(
      rsa: signingKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: TestServer.kid))
    return try await keys.sign(Claims(), kid: JWKIdentifier(string: TestServer.kid))
  }

  /// A Sign in with Apple identity token with these claims, signed with the key.
  func appleToken(
    subject: String = "000123.apple", email: String? = "grace@privaterelay.appleid.com",
    audience: String = TestServer.appleClient, issuer: String = "https://appleid.apple.com",
    expires: Date = Date().addingTimeInterval(3600)
  ) async throws -> String {
    let claims = AppleIdentityToken(
      issuer: IssuerClaim(value: issuer), audience: AudienceClaim(value: audience),
      expires: ExpirationClaim(value: expires),
      issuedAt: IssuedAtClaim(value: Date().addingTimeInterval(-60)),
      subject: SubjectClaim(value: subject), nonceSupported: nil, nonce: nil, email: email,
      orgId: nil, emailVerified: nil, isPrivateEmail: nil, realUserStatus: nil)
    let keys = await JWTKeyCollection().add(
      rsa: signingKey, digestAlgorithm: .sha256, kid: JWKIdentifier(string: TestServer.kid))
    return try await keys.sign(claims, kid: JWKIdentifier(string: TestServer.kid))
  }
}

extension Data {
  /// Base64url without padding, as JWKs write `n` and `e`.
  var base64URL: String {
    base64EncodedString().replacingOccurrences(of: "+", with: "-")
      .replacingOccurrences(of: "/", with: "_").replacingOccurrences(of: "=", with: "")
  }
}

/// Request helpers.
extension TestClientProtocol {
  /// A JSON request; `token` goes in `Authorization: Bearer`.
  @discardableResult
  func json(
    _ method: HTTPRequest.Method, _ uri: String, token: String? = nil, body: String? = nil,
    contentType: String = "application/json"
  ) async throws -> (status: HTTPResponse.Status, body: String) {
    var headers: HTTPFields = [:]
    if let token { headers[.authorization] = "Bearer \(token)" }
    if body != nil { headers[.contentType] = contentType }
    return try await execute(
      uri: uri, method: method, headers: headers,
      body: body.map { ByteBuffer(string: $0) }
    ) { response in (response.status, String(buffer: response.body)) }
  }
}

/// A response body read back for checking fields (the tests' own reader, independent of the
/// server's writer).
enum JSON: Decodable, Equatable {
  case null
  case bool(Bool)
  case number(Double)
  case string(String)
  case array([JSON])
  case object([String: JSON])

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    if container.decodeNil() {
      self = .null
    } else if let value = try? container.decode(Bool.self) {
      self = .bool(value)
    } else if let value = try? container.decode(Double.self) {
      self = .number(value)
    } else if let value = try? container.decode(String.self) {
      self = .string(value)
    } else if let value = try? container.decode([JSON].self) {
      self = .array(value)
    } else {
      self = .object(try container.decode([String: JSON].self))
    }
  }

  init(_ text: String) throws { self = try JSONDecoder().decode(JSON.self, from: Data(text.utf8)) }

  subscript(key: String) -> JSON? {
    if case .object(let fields) = self { return fields[key] }
    return nil
  }

  subscript(index: Int) -> JSON? {
    if case .array(let items) = self, items.indices.contains(index) { return items[index] }
    return nil
  }

  var array: [JSON] {
    if case .array(let items) = self { return items }
    return []
  }

  var string: String? {
    if case .string(let value) = self { return value }
    return nil
  }

  var number: Double? {
    if case .number(let value) = self { return value }
    return nil
  }

  var keys: Set<String> {
    if case .object(let fields) = self { return Set(fields.keys) }
    return []
  }
}
