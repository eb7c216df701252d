import AnalyticsCore
import DataFormats
import Hummingbird
import RVUDomain

extension TallyAPI {
  /// The RVU backend's custom codes (`src/app/api/custom-codes/…`): a user's own codes, which
  /// visits log like catalog codes.
  var customCodeRoutes: [Route] {
    [
      Route(.get, "/api/custom-codes") { request, context in
        let user = try await user(request, context: context)
        let codes = try APIError.answeringRVU { try rvu.customCodes(userId: user) }
        return JSONResponse.array(codes.map(\.jsonObject))
      },
      // An upsert by code, answered 201 either way, as the backend does.
      Route(.post, "/api/custom-codes") { request, context in
        let user = try await user(request, context: context)
        struct Body: Decodable {
          let hcpcs: String?
          let description: String?
          let workRVU: Loose
          enum CodingKeys: String, CodingKey {
            case hcpcs, description
            case workRVU = "work_rvu"
          }
          init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            hcpcs = try container.decodeIfPresent(String.self, forKey: .hcpcs)
            description = try container.decodeIfPresent(String.self, forKey: .description)
            workRVU = Loose(container, .workRVU)
          }
        }
        let body = try await JSONBody.decode(
          Body.self, request, context: context, storesText: true)
        guard let hcpcs = body.hcpcs, !hcpcs.isEmpty, let description = body.description,
          !description.isEmpty
        else {
          throw APIError.message(.badRequest, "Missing required fields: hcpcs and description")
        }
        // Left out or null, 0, as the backend; else a number or a decimal string, exactly.
        var workRVU = FixedDecimal.zero
        switch body.workRVU {
        case .absent, .null: break
        case .number(let number): workRVU = try Self.workRVU("\(number)")
        case .text(let text): workRVU = try Self.workRVU(text)
        default: workRVU = try Self.workRVU("\(body.workRVU)")
        }
        let (code, _) = try APIError.answeringRVU {
          try rvu.saveCustomCode(hcpcs, description: description, workRVU: workRVU, userId: user)
        }
        return JSONResponse.object(code.jsonObject, status: .created)
      },
      Route(.delete, "/api/custom-codes/{id}") { request, context in
        let user = try await user(request, context: context)
        guard let text = context.pathParameter("id"), let id = Self.positiveId(text) else {
          throw APIError.message(.badRequest, "Invalid id")
        }
        try APIError.answeringRVU { try rvu.deleteCustomCode(id: id, userId: user) }
        return JSONResponse.object(["message": .string("Custom code deleted")])
      },
    ]
  }

  /// A work RVU as sent, refused naming it: `work_rvu "1.234" is not valid: expected …`.
  static func workRVU(_ text: String) throws -> FixedDecimal {
    try APIError.answeringRVU { try ProcedureInput.parseWorkRVU(text) }
  }

  /// A path id of digits only, above 0.
  static func positiveId(_ text: String) -> Int64? {
    guard text.utf8.allSatisfy({ (0x30...0x39).contains($0) }), let id = Int64(text), id > 0
    else { return nil }
    return id
  }
}
