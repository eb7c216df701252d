import AnalyticsCore
import Foundation
import Hummingbird
import HummingbirdTesting
import Testing

@testable import TallyServer

/// Visit templates as the RVU backend's favorite groups (`src/app/api/favorite-groups/…`,
/// issue 31): bodies, status codes and messages as its routes answer them.
@Suite struct TemplateRoutesTests {
  @Test func groupsAreMadeListedRenamedReorderedAndDeleted() async throws {
    let server = try await TestServer()
    let token = try await server.token("u1")
    let other = try await server.token("u2")
    try await server.test { client in
      let (created, body) = try await client.json(
        .post, "/api/favorite-groups", token: token,
        body:
          #"{"name": " Knee injection ", "items": [{"hcpcs": "99213", "quantity": 1}, {"hcpcs": "ZZ009", "quantity": "2"}]}"#
      )
      #expect(created == .created, "\(body)")
      let group = try JSON(body)
      #expect(group["name"] == .string("Knee injection"))
      #expect(group["sort_order"] == .number(0))
      let items = try #require(group["items"]?.array)
      // 99213 is in the catalog: hydrated; ZZ009 is nobody's code: its keys are left out.
      #expect(items[0]["hcpcs"] == .string("99213") && items[0]["work_rvu"] == .number(1.3))
      #expect(items[0]["description"]?.string?.isEmpty == false)
      #expect(items[1]["quantity"] == .number(2) && items[1]["work_rvu"] == nil)
      let first = try #require(group["id"]?.number)

      let (second, body2) = try await client.json(
        .post, "/api/favorite-groups", token: token,
        body: #"{"name": "New patient", "items": [{"hcpcs": "99204", "quantity": 1}]}"#)
      #expect(second == .created)
      let secondId = try #require(try JSON(body2)["id"]?.number)

      for (body, expected, message) in [
        (
          #"{"name": "Knee injection", "items": [{"hcpcs": "99213", "quantity": 1}]}"#, 409,
          "A group with that name already exists"
        ),
        (#"{"items": [{"hcpcs": "99213", "quantity": 1}]}"#, 400, "name is required"),
        (
          #"{"name": "   ", "items": [{"hcpcs": "99213", "quantity": 1}]}"#, 400,
          "name must be 1-100 characters"
        ),
        (#"{"name": "x", "items": []}"#, 400, "items must be a non-empty array"),
        (
          #"{"name": "x", "items": [{"hcpcs": "99213", "quantity": 1}, {"hcpcs": "99213", "quantity": 2}]}"#,
          400, "Duplicate hcpcs in items: 99213"
        ),
        (
          #"{"name": "x", "items": [{"hcpcs": "99!13", "quantity": 1}]}"#, 400,
          "Invalid HCPCS code format"
        ),
        (
          #"{"name": "x", "items": [{"hcpcs": "99213", "quantity": 1001}]}"#, 400,
          "Quantity must be an integer between 1 and 1000"
        ),
        (
          #"{"name": "x", "items": [{"hcpcs": "99213"}]}"#, 400,
          "Quantity must be an integer between 1 and 1000"
        ),
      ] {
        let (status, error) = try await client.json(
          .post, "/api/favorite-groups", token: token, body: body)
        #expect(status.code == expected, "\(body)")
        #expect(try JSON(error)["error"] == .string(message), "\(body)")
      }

      // Reorder: New patient first; an id not the user's is ignored.
      let (reordered, _) = try await client.json(
        .patch, "/api/favorite-groups", token: token,
        body:
          #"{"groups": [{"id": "x"}, {"id": \#(Int(secondId))}, {"id": 999}, {"id": 1.5}, {"id": \#(Int(first))}]}"#
      )
      #expect(reordered == .ok)
      let (_, list) = try await client.json(.get, "/api/favorite-groups", token: token)
      #expect(
        try JSON(list).array.map { $0["name"] } == [
          .string("New patient"), .string("Knee injection"),
        ])
      #expect(try await client.json(.get, "/api/favorite-groups", token: other).body == "[]")

      // PUT renames and replaces items; another user's group is 404 before any field is read.
      let (put, answer) = try await client.json(
        .put, "/api/favorite-groups/\(Int(first))", token: token,
        body: #"{"name": "Knee", "items": [{"hcpcs": "20610", "quantity": 2}]}"#)
      #expect(put == .ok)
      #expect(try JSON(answer)["success"] == .bool(true))
      for (path, token, body, status, message) in [
        ("/api/favorite-groups/\(Int(first))", other, #"{"name": null}"#, 404, "Group not found"),
        (
          "/api/favorite-groups/\(Int(first))", token, #"{"name": null}"#, 400,
          "name must be a string"
        ),
        (
          "/api/favorite-groups/\(Int(first))", token, #"{"name": "New patient"}"#, 409,
          "A group with that name already exists"
        ),
        ("/api/favorite-groups/abc", token, #"{}"#, 400, "Invalid id"),
      ] {
        let (got, error) = try await client.json(.put, path, token: token, body: body)
        #expect(got.code == status, "\(path) \(body)")
        #expect(try JSON(error)["error"] == .string(message), "\(path) \(body)")
      }
      let (_, renamed) = try await client.json(.get, "/api/favorite-groups", token: token)
      let knee = try #require(try JSON(renamed).array.first { $0["name"] == .string("Knee") })
      #expect(knee["items"]?.array.map { $0["hcpcs"] } == [.string("20610")])

      let (deleted, message) = try await client.json(
        .delete, "/api/favorite-groups/\(Int(first))", token: token)
      #expect(deleted == .ok)
      #expect(try JSON(message)["message"] == .string("Group deleted"))
      let (again, _) = try await client.json(
        .delete, "/api/favorite-groups/\(Int(first))", token: token)
      #expect(again == .notFound)
    }
  }
}
