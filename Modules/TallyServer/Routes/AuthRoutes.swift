import AnalyticsCore
import DataFormats
import Hummingbird

extension TallyAPI {
  /// `POST /api/auth/mobile/google {idToken}`: a verified Google ID token becomes a session.
  var authRoutes: [Route] {
    [
      // In-app account deletion, which the App Store requires: every row of the user's in the
      // RVU database (one transaction), then the sign-in record, grants and sessions. Both steps
      // are idempotent, so a retry after a failure between them finishes the job.
      Route(.delete, "/api/user") { request, context in
        let user = try await user(request, context: context)
        let deleted = try APIError.answeringRVU { try rvu.deleteUser(user) }
        try server.deleteUser(id: user)
        return JSONResponse.object([
          "success": .bool(true), "message": .string("Account and all data deleted"),
          "deleted": .object([
            "visits": .int(deleted.visits), "procedures": .int(deleted.procedures),
            "favorites": .int(deleted.favorites), "settings": .int(deleted.settings),
            "custom_codes": .int(deleted.customCodes), "templates": .int(deleted.templates),
            "time_off": .int(deleted.timeOff),
          ]),
        ])
      },
      Route(.post, "/api/auth/mobile/google") { request, context in
        struct Body: Decodable { let idToken: String }
        let body = try await JSONBody.decode(Body.self, request, context: context)
        guard let google else {
          throw APIError.unauthorized(.invalidGoogleToken("no Google client id or JWKS configured"))
        }
        let identity: GoogleIdentity
        do { identity = try await google.verify(body.idToken) } catch let failure as AuthFailure {
          throw APIError.unauthorized(failure)
        }
        let user = try APIError.answering {
          try server.upsertUser(
            id: identity.subject, email: identity.email, name: identity.name,
            picture: identity.picture)
        }
        return try await signedIn(user, context: context)
      },
      // Sign in with Apple, as the RVU backend (`src/app/api/auth/mobile/apple/route.ts`): the
      // user id is `apple_<sub>`; Apple sends the name once, at the first sign-in, so a later
      // sign-in without it keeps the one stored.
      Route(.post, "/api/auth/mobile/apple") { request, context in
        struct Body: Decodable {
          struct FullName: Decodable {
            let givenName: String?
            let familyName: String?
          }
          let identityToken: String?
          let fullName: FullName?
        }
        let body = try await JSONBody.decode(Body.self, request, context: context)
        guard let token = body.identityToken, !token.isEmpty else {
          throw APIError.message(.badRequest, "Missing identityToken")
        }
        guard let apple else {
          throw APIError.unauthorized(.invalidAppleToken("no Apple client id or JWKS configured"))
        }
        let identity: AppleIdentity
        do { identity = try await apple.verify(token) } catch let failure as AuthFailure {
          throw APIError.unauthorized(failure)
        }
        // The name is stored: a NUL would cut it.
        guard
          ![body.fullName?.givenName, body.fullName?.familyName].contains(where: {
            $0?.contains("\u{0}") == true
          })
        else {
          throw APIError.message(
            .badRequest, "fullName: a NUL character (\\u0000) is not accepted in a name")
        }
        let name = [body.fullName?.givenName, body.fullName?.familyName]
          .compactMap { $0?.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
          .joined(separator: " ")
        let user = try APIError.answering {
          try server.upsertUser(
            id: "apple_" + identity.subject, email: identity.email,
            name: name.isEmpty ? nil : name, picture: nil, keepingName: true)
        }
        return try await signedIn(user, context: context)
      },
    ]
  }

  /// The answer of a sign-in, the seed's shape for Google and Apple alike: a new session token.
  private func signedIn(_ user: ServerUser, context: ServerContext) async throws -> Response {
    context.actingFor.current = user.id
    let token = try await sessions.token(userId: user.id, now: clock.now())
    return JSONResponse.object([
      "success": .bool(true),
      "user": .object([
        "id": .string(user.id), "email": .string(user.email),
        "name": user.name.map(JSONValue.string) ?? .null,
        "image": user.picture.map(JSONValue.string) ?? .null,
      ]),
      "sessionToken": .string(token),
      "expiresIn": .int(Int(SessionTokens.lifetime(days: SessionTokens.defaultDays))),
    ])
  }
}
