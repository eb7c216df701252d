import AnalyticsCore
import RVUDomain
import Testing

@Suite("Favorites")
struct FavoritesTests {
  @Test("add appends; adding again changes nothing; remove closes the gap") func ordering() throws {
    let store = try RVUStore.inMemory()
    for code in ["99213", "99214", "g2211"] {
      #expect(try store.addFavorite(code, userId: "u").added)
    }
    let again = try store.addFavorite("99214", userId: "u")
    #expect(!again.added)
    #expect(again.favorite.sortOrder == 1)
    #expect(try store.favorites(userId: "u").map(\.hcpcs) == ["99213", "99214", "G2211"])
    try store.removeFavorite("99214", userId: "u")
    let after = try store.favorites(userId: "u")
    #expect(after.map(\.hcpcs) == ["99213", "G2211"])
    #expect(after.map(\.sortOrder) == [0, 1])
    #expect(after.allSatisfy { $0.userId == "u" })
  }

  @Test("removing a code that is not a favorite is an error") func removeMissing() throws {
    let store = try RVUStore.inMemory()
    #expect {
      try store.removeFavorite("99213", userId: "u")
    } throws: { error in
      let error = error as! TallyError
      return error.category == .missingInput
        && error.cause
          == .notFound(kind: "favorite", name: "99213", expected: "one of your favorite codes")
    }
  }

  @Test("only catalog codes can be favorites") func unknown() throws {
    let store = try RVUStore.inMemory()
    #expect(throws: TallyError.self) { try store.addFavorite("ABCDE", userId: "u") }
  }

  @Test("reorder takes exactly a permutation") func reorder() throws {
    let store = try RVUStore.inMemory()
    for code in ["99213", "99214", "99215"] { _ = try store.addFavorite(code, userId: "u") }
    let reordered = try store.reorderFavorites(["99215", "99213", "99214"], userId: "u")
    #expect(reordered.map(\.hcpcs) == ["99215", "99213", "99214"])
    #expect(reordered.map(\.sortOrder) == [0, 1, 2])
    for (codes, problem) in [
      (["99215", "99213"], "missing 99214"),
      (["99215", "99213", "99214", "99212"], "not favorites 99212"),
      (["99215", "99213", "99213", "99214"], "repeated 99213"), ([], "missing"),
    ] {
      #expect {
        try store.reorderFavorites(codes, userId: "u")
      } throws: { ($0 as! TallyError).description.contains(problem) }
      #expect(try store.favorites(userId: "u").map(\.hcpcs) == ["99215", "99213", "99214"])
    }
  }
}
