import JSON
import NIOCore
import NIOHTTP1

/// A complete response; the channel handler adds `Content-Length` and keep-alive headers.
public struct HTTPResponse: Sendable {
    public var status: HTTPResponseStatus
    public var headers: HTTPHeaders
    public var body: [UInt8]
    /// A prebuilt body shared by many responses (cached tiles): written without a copy, and
    /// used instead of `body` when set.
    public var buffer: ByteBuffer?

    public init(status: HTTPResponseStatus = .ok, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.status = status
        self.headers = headers
        self.body = body
    }

    public init(status: HTTPResponseStatus = .ok, headers: HTTPHeaders = [:], buffer: ByteBuffer) {
        self.status = status
        self.headers = headers
        self.body = []
        self.buffer = buffer
    }

    /// The body bytes whichever way they are held (tests, logging).
    public var bodyBytes: [UInt8] { buffer.map { Array($0.readableBytesView) } ?? body }

    public static func json(_ value: JSONValue, status: HTTPResponseStatus = .ok, headers: HTTPHeaders = [:]) -> HTTPResponse {
        var h = headers
        h.replaceOrAdd(name: "Content-Type", value: "application/json")
        return HTTPResponse(status: status, headers: h, body: value.serializedBytes())
    }

    public static func noContent(headers: HTTPHeaders = [:]) -> HTTPResponse {
        HTTPResponse(status: .noContent, headers: headers)
    }

    public static func bytes(_ body: [UInt8], contentType: String, status: HTTPResponseStatus = .ok) -> HTTPResponse {
        HTTPResponse(status: status, headers: ["Content-Type": contentType], body: body)
    }

    public static func error(_ e: APIError) -> HTTPResponse { e.response }
}
