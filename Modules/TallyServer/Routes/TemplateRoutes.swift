import AnalyticsCore
import DataFormats
import Hummingbird
import RVUDomain

extension TallyAPI {
  /// Visit templates as the RVU backend's favorite groups (`src/app/api/favorite-groups/…`):
  /// its paths, bodies, status codes and messages, on the domain's templates.
  var templateRoutes: [Route] {
    [
      Route(.get, "/api/favorite-groups") { request, context in
        let user = try await user(request, context: context)
        let templates = try APIError.answeringRVU { try rvu.templates(userId: user) }
        return JSONResponse.array(try hydrated(templates, userId: user))
      },
      Route(.post, "/api/favorite-groups") { request, context in
        let user = try await user(request, context: context)
        struct Body: Decodable {
          let name: String?
          let items: [TemplateItemBody]?
        }
        let body = try await JSONBody.decode(
          Body.self, request, context: context, storesText: true)
        guard let name = body.name else { throw APIError.message(.badRequest, "name is required") }
        let template = try Self.answeringTemplates {
          try rvu.addTemplate(
            name: name, items: try TemplateItemBody.items(body.items), userId: user)
        }
        return JSONResponse.object(
          try hydrated([template], userId: user)[0], status: .created)
      },
      // Reorder: `{groups: [{id}, …]}`; ids that are not the user's are ignored.
      Route(.patch, "/api/favorite-groups") { request, context in
        let user = try await user(request, context: context)
        // An id that is not an integer is skipped, as the backend skips it.
        struct Group: Decodable {
          let id: Int64?
          enum CodingKeys: CodingKey { case id }
          init(from decoder: any Decoder) throws {
            id = try? decoder.container(keyedBy: CodingKeys.self).decode(Int64.self, forKey: .id)
          }
        }
        struct Body: Decodable { let groups: [Group]? }
        let body = try await JSONBody.decode(
          Body.self, request, context: context, storesText: true)
        guard let groups = body.groups else {
          throw APIError.message(.badRequest, "Invalid request: groups must be an array")
        }
        _ = try APIError.answeringRVU {
          try rvu.reorderTemplates(groups.compactMap(\.id), userId: user)
        }
        return JSONResponse.object(["success": .bool(true)])
      },
      Route(.put, "/api/favorite-groups/{id}") { request, context in
        let user = try await user(request, context: context)
        let id = try Self.templateId(context)
        struct Body: Decodable {
          let name: Field<String>
          let items: [TemplateItemBody]?
          enum CodingKeys: CodingKey { case name, items }
          init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            name = try Field(container, .name)
            items = try container.decodeIfPresent([TemplateItemBody].self, forKey: .items)
          }
        }
        let body = try await JSONBody.decode(
          Body.self, request, context: context, storesText: true)
        // The backend checks that the group is the user's before it reads the fields.
        guard
          try APIError.answeringRVU({ try rvu.templates(userId: user) })
            .contains(where: { $0.id == id })
        else { throw APIError.message(.notFound, "Group not found") }
        var name: String?
        switch body.name {
        case .absent: name = nil
        case .null: throw APIError.message(.badRequest, "name must be a string")
        case .value(let text): name = text
        }
        _ = try Self.answeringTemplates {
          try rvu.updateTemplate(
            id: id, name: name, items: try body.items.map { try TemplateItemBody.items($0) },
            userId: user)
        }
        return JSONResponse.object(["success": .bool(true)])
      },
      Route(.delete, "/api/favorite-groups/{id}") { request, context in
        let user = try await user(request, context: context)
        let id = try Self.templateId(context)
        try Self.answeringTemplates { try rvu.deleteTemplate(id: id, userId: user) }
        return JSONResponse.object(["message": .string("Group deleted")])
      },
    ]
  }

  /// Templates as the backend answers groups: each item with its code's description, status
  /// code and work RVU where the catalog or the user's own codes know it.
  private func hydrated(_ templates: [VisitTemplate], userId: String) throws -> [JSONObject] {
    let details = try APIError.answeringRVU {
      try rvu.codeDetails(templates.flatMap { $0.items.map(\.hcpcs) }, userId: userId)
    }
    return templates.map { $0.jsonObject(nested: true, details: details) }
  }

  static func templateId(_ context: ServerContext) throws -> Int64 {
    guard let text = context.pathParameter("id"), let id = positiveId(text) else {
      throw APIError.message(.badRequest, "Invalid id")
    }
    return id
  }

  /// The domain's refusals in the backend's words: a duplicate name is 409, a missing group 404.
  static func answeringTemplates<T>(_ body: () throws -> T) throws -> T {
    do { return try body() } catch let error as TallyError {
      if error.isDuplicateTemplate {
        throw APIError.message(.conflict, "A group with that name already exists")
      }
      if case .notFound(kind: "template", _, _) = error.cause {
        throw APIError.message(.notFound, "Group not found")
      }
      switch (error.field ?? "", error.cause) {
      case ("name", _): throw APIError.message(.badRequest, "name must be 1-100 characters")
      case ("items", _): throw APIError.message(.badRequest, "items must be a non-empty array")
      case (let field, .invalid(_, let value, let expected))
      where field.hasSuffix(".hcpcs") && expected.hasPrefix("each code once"):
        throw APIError.message(.badRequest, "Duplicate hcpcs in items: \(value)")
      case (let field, _) where field.hasSuffix(".hcpcs"):
        throw APIError.message(.badRequest, "Invalid HCPCS code format")
      case (let field, _) where field.hasSuffix(".quantity"):
        throw APIError.message(.badRequest, "Quantity must be an integer between 1 and 1000")
      default: throw APIError.answer(to: error, as: .rvu)
      }
    } catch {
      throw APIError.answer(to: error, as: .rvu)
    }
  }
}

/// A JSON field that may be absent, `null` or a value: PUT tells "leave it" from "null".
enum Field<Value: Decodable>: Decodable {
  case absent, null
  case value(Value)

  init<Key: CodingKey>(_ container: KeyedDecodingContainer<Key>, _ key: Key) throws {
    guard container.contains(key) else {
      self = .absent
      return
    }
    self =
      try container.decodeNil(forKey: key)
      ? .null : .value(container.decode(Value.self, forKey: key))
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.singleValueContainer()
    self = container.decodeNil() ? .null : .value(try container.decode(Value.self))
  }
}

/// A group item as sent: `quantity` a number or a numeric string (`"3"`), as the backend reads
/// it with `Number()`; required.
struct TemplateItemBody: Decodable {
  let hcpcs: String
  let quantity: Int?
  let quantityText: String?

  enum CodingKeys: CodingKey { case hcpcs, quantity }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    hcpcs = (try? container.decode(String.self, forKey: .hcpcs)) ?? ""
    if let number = try? container.decode(Int.self, forKey: .quantity) {
      quantity = number
      quantityText = nil
    } else {
      quantityText = try? container.decode(String.self, forKey: .quantity)
      quantity = quantityText.flatMap { Int($0.trimmingCharacters(in: .whitespaces)) }
    }
  }

  /// The domain's items; a missing or non-numeric quantity is refused here, as the backend's
  /// `Number()` makes it NaN.
  static func items(_ bodies: [TemplateItemBody]?) throws -> [VisitTemplate.Item] {
    try (bodies ?? []).map { body in
      guard let quantity = body.quantity else {
        throw APIError.message(.badRequest, "Quantity must be an integer between 1 and 1000")
      }
      return VisitTemplate.Item(hcpcs: body.hcpcs, quantity: quantity)
    }
  }
}
