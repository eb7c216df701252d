import DataFormats
import Foundation
import Hummingbird

/// Reads a JSON request body with the server's limits: a body over `maximumBodyBytes` is a 413
/// (before it is read, when `Content-Length` says so), a body that is not declared
/// `application/json` a 415, and one that is not valid JSON for `T` a 400 naming the field.
enum JSONBody {
  /// The body's bytes, checked for size and content type; with `storesText`, a body holding a
  /// NUL is refused (`hasNULEscape`): every route whose body's text is stored says so.
  /// The request with its body read whole (up to `ServerLimits.maximumBodyBytes`) before a
  /// database slot is taken: a body trickled a byte at a time holds no slot, and its connection
  /// is closed after `ServerLimits.bodySeconds` (`RequestTimeouts`; issue 32).
  static func readBody(of request: Request) async throws -> Request {
    guard request.method == .post || request.method == .put || request.method == .patch else {
      return request
    }
    if let length = request.headers[.contentLength].flatMap(Int.init),
      length > ServerLimits.maximumBodyBytes
    {
      throw APIError.message(.contentTooLarge, "Request body over 1 MiB")
    }
    var read = request
    do {
      _ = try await read.collectBody(upTo: ServerLimits.maximumBodyBytes)
    } catch let error as any HTTPResponseError where error.status == .contentTooLarge {
      // A chunked body with no length that grew past the limit.
      throw APIError.message(.contentTooLarge, "Request body over 1 MiB")
    } catch {
      // A chunked body cut short or malformed, or closed at its deadline: the client's request,
      // a 400 (it was logged as a 500 while the client saw a 400).
      throw APIError(
        .badRequest, body: ["error": .string("The request body could not be read")],
        reason: "\(error)")
    }
    return read
  }

  static func bytes(_ request: Request, context: ServerContext, storesText: Bool = false)
    async throws -> Data
  {
    if let length = request.headers[.contentLength].flatMap(Int.init),
      length > ServerLimits.maximumBodyBytes
    {
      throw APIError.message(.contentTooLarge, "Request body over 1 MiB")
    }
    let mediaType = request.headers[.contentType].flatMap(MediaType.init(from:))
    guard let mediaType, mediaType.isType(.applicationJson) else {
      throw APIError.message(
        .unsupportedMediaType, "Content-Type must be application/json")
    }
    // Read whole already (`readBody(of:)`): this only copies the buffer.
    let buffer = try await request.body.collect(upTo: ServerLimits.maximumBodyBytes)
    let data = Data(buffer.readableBytesView)
    guard !storesText || !hasNULEscape(data) else {
      throw APIError.message(
        .badRequest,
        "a NUL character (\\u0000) is not accepted in any text: it would cut the text where it "
          + "is stored")
    }
    return data
  }

  /// Whether the JSON holds the escape `\u0000` (a NUL once decoded): SQLite reads text up to
  /// its first NUL, so a note `"NUL\u0000here"` was answered whole and stored as `NUL` (issue
  /// 32). `\\u0000`, an escaped backslash before `u0000`, is text, not a NUL.
  static func hasNULEscape(_ data: Data) -> Bool {
    let escape = Array("u0000".utf8)
    return data.withUnsafeBytes { (bytes: UnsafeRawBufferPointer) -> Bool in
      guard bytes.count > escape.count else { return false }
      var index = 1
      while index + escape.count <= bytes.count {
        if bytes[index] == UInt8(ascii: "u"), bytes[index - 1] == UInt8(ascii: "\\"),
          bytes[index..<index + escape.count].elementsEqual(escape)
        {
          var backslashes = 0
          var back = index - 1
          while back >= 0, bytes[back] == UInt8(ascii: "\\") {
            backslashes += 1
            back -= 1
          }
          if backslashes % 2 == 1 { return true }
        }
        index += 1
      }
      return false
    }
  }

  /// The body decoded as `T`.
  static func decode<T: Decodable>(
    _ type: T.Type, _ request: Request, context: ServerContext, storesText: Bool = false
  ) async throws -> T {
    try decode(type, from: try await bytes(request, context: context, storesText: storesText))
  }

  static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
    do {
      return try JSONDecoder().decode(T.self, from: data)
    } catch let error as DecodingError {
      throw APIError.message(.badRequest, describe(error))
    } catch {
      throw APIError.message(.badRequest, "Malformed JSON body")
    }
  }

  /// `missing field: idToken`, `procedures[0].quantity: expected a whole number`, `malformed
  /// JSON body`: the field a decoding error points at, in the body's own key names.
  static func describe(_ error: DecodingError) -> String {
    func path(_ keys: [any CodingKey]) -> String {
      let text = CodingPathText.text(keys)
      return text.isEmpty ? "body" : text
    }
    switch error {
    case .keyNotFound(let key, let context):
      return "Missing field: \(path(context.codingPath + [key]))"
    case .valueNotFound(_, let context):
      return "Missing field: \(path(context.codingPath))"
    case .typeMismatch(let type, let context):
      return "\(path(context.codingPath)): expected \(expectedName(type))"
    case .dataCorrupted(let context):
      return context.codingPath.isEmpty
        ? "Malformed JSON body"
        : "\(path(context.codingPath)): \(context.debugDescription)"
    @unknown default:
      return "Malformed JSON body"
    }
  }

  private static func expectedName(_ type: Any.Type) -> String {
    switch type {
    case is Int.Type, is Int64.Type: return "a whole number"
    case is String.Type: return "a string"
    case is Bool.Type: return "true or false"
    case is Double.Type, is Decimal.Type: return "a number"
    default:
      let name = "\(type)"
      return name.hasPrefix("Array")
        ? "an array" : name.hasPrefix("Dictionary") ? "an object" : "a \(name)"
    }
  }
}
