import NIOHTTP1

/// A fully received HTTP request, independent of NIO's streaming parts so handlers and tests
/// can build one directly.
public struct HTTPRequest: Sendable {
    public var method: HTTPMethod
    /// The raw target as sent ("/tiles/1/0/0.png?v=abc").
    public var uri: String
    /// Percent-decoded path without the query ("/tiles/1/0/0.png").
    public var path: String
    public var query: QueryParameters
    public var headers: HTTPHeaders
    public var body: [UInt8]

    public init(method: HTTPMethod, uri: String, headers: HTTPHeaders = [:], body: [UInt8] = []) {
        self.method = method
        self.uri = uri
        self.headers = headers
        self.body = body
        let (rawPath, rawQuery) = Self.split(uri)
        self.path = QueryParameters.percentDecode(rawPath, plusIsSpace: false) ?? String(rawPath)
        self.query = QueryParameters(parsing: rawQuery)
    }

    static func split(_ uri: String) -> (Substring, Substring) {
        guard let q = uri.firstIndex(of: "?") else { return (uri[...], "") }
        return (uri[..<q], uri[uri.index(after: q)...])
    }

    /// The first value of a header (case-insensitive name).
    public func header(_ name: String) -> String? { headers.first(name: name) }
}
