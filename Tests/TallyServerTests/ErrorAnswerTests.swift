import AnalyticsCore
import DataFormats
import Hummingbird
import Testing

@testable import TallyServer

/// Every route answers what its work threw through `APIError.answer(to:as:notFoundKinds:)`: the
/// statuses and bodies below are the RVU API's (seed 001: `{"error"}`, 404 for a visit that is
/// not the user's) and PostgREST's (`PGRST116` no row, `PGRST100` a bad request).
@Suite struct ErrorAnswerTests {
  struct NotTallys: Error {}

  @Test func refusalsAreClientErrorsAndFailuresAreServerErrors() {
    let missingVisit = TallyError.notFound("visit", "7", expected: "one of your visits")
    let rvu404 = APIError.answer(to: missingVisit, as: .rvu, notFoundKinds: ["visit"])
    #expect(rvu404.status == .notFound)
    #expect(rvu404.body == ["error": .string(missingVisit.description)])

    // A kind the route does not name (a code in the catalog) is a bad request, not a 404.
    let otherKind = APIError.answer(to: missingVisit, as: .rvu, notFoundKinds: ["order"])
    #expect(otherKind.status == .badRequest)

    let badField = TallyError.invalid("date", "2026-13-01", expected: "YYYY-MM-DD")
      .at(.init("body", line: 3))
    let postgREST = APIError.answer(to: badField, as: .postgREST)
    #expect(postgREST.status == .badRequest)
    #expect(postgREST.body["code"] == .string("PGRST100"))
    // The source (a file and line of the server's own) is not the client's business.
    #expect(
      postgREST.body["message"] == .string(#"date "2026-13-01" is not valid: expected YYYY-MM-DD"#))

    let row404 = APIError.answer(
      to: TallyError.notFound("order", "9", expected: "an order of this store"), as: .postgREST,
      notFoundKinds: ["order"])
    #expect(row404.status == .notFound)
    #expect(row404.body["code"] == .string("PGRST116"))

    for failure: any Error in [
      TallyError(.io, .failed("disk I/O error")), TallyError(.unavailable, .failed("locked")),
      NotTallys(),
    ] {
      for shape in [APIError.Shape.rvu, .postgREST] {
        let answer = APIError.answer(to: failure, as: shape)
        #expect(answer.status == .internalServerError)
        #expect(answer.body == ["error": .string("Server error")])
        #expect(answer.reason == "\(failure)")
      }
    }

    let already = APIError.message(.unauthorized, "Unauthorized")
    #expect(APIError.answer(to: already, as: .postgREST).status == .unauthorized)
  }
}
