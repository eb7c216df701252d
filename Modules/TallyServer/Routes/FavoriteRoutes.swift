import AnalyticsCore
import DataFormats
import Hummingbird
import RVUDomain

extension TallyAPI {
  /// The seed's favorites API.
  var favoriteRoutes: [Route] {
    [
      Route(.get, "/api/favorites") { request, context in
        let user = try await user(request, context: context)
        return try rvuAnswer(["favorites", user]) {
          .array(try rvu.favorites(userId: user).map { .object($0.jsonObject) })
        }
      },
      Route(.post, "/api/favorites") { request, context in
        let user = try await user(request, context: context)
        struct Body: Decodable { let hcpcs: String }
        let body = try await JSONBody.decode(Body.self, request, context: context)
        let (favorite, added) = try APIError.answeringRVU {
          try rvu.addFavorite(body.hcpcs, userId: user)
        }
        // 201 for a new favorite; adding one already there changes nothing and says so with 200.
        return JSONResponse.object(favorite.jsonObject, status: added ? .created : .ok)
      },
      Route(.patch, "/api/favorites") { request, context in
        let user = try await user(request, context: context)
        // Both seeds' forms: `{hcpcs}` items, or `{hcpcs, sort_order}` ones; the array order
        // decides either way, so `sort_order` is read and ignored.
        struct Item: Decodable {
          let hcpcs: String
          let sortOrder: Int?
          enum CodingKeys: String, CodingKey {
            case hcpcs
            case sortOrder = "sort_order"
          }
        }
        struct Body: Decodable { let favorites: [Item] }
        let body = try await JSONBody.decode(Body.self, request, context: context)
        _ = try APIError.answeringRVU {
          try rvu.reorderFavorites(body.favorites.map(\.hcpcs), userId: user)
        }
        return JSONResponse.object(["success": .bool(true)])
      },
      Route(.delete, "/api/favorites/{hcpcs}") { request, context in
        let user = try await user(request, context: context)
        let code = context.pathParameter("hcpcs") ?? ""
        try APIError.answeringRVU {
          try rvu.removeFavorite(code, userId: user)
        }
        return JSONResponse.object(["message": .string("Favorite removed")])
      },
    ]
  }
}
