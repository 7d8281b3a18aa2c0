import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import SourceData

extension RemoteFetcher {
    enum RequestOutcome { case done, retry, redirect(String) }

    /// One HTTP exchange for `url` (already checked), its answer stored or its failure
    /// recorded. `.retry` only for transient failures of a first attempt.
    func request(_ url: String, original: String, kind: RemoteKind, host: String, address: String,
                 range: (offset: UInt64, count: Int)? = nil, last: Bool = false) async -> RequestOutcome {
        var req = HTTPClientRequest(url: withParameters(url, host: host))
        req.method = .GET
        req.headers.add(name: "User-Agent", value: "Strata tile server")
        req.headers.add(name: "Accept-Encoding", value: "gzip")
        for (name, value) in settings.headers[host] ?? [:] { req.headers.add(name: name, value: value) }
        if let range { req.headers.add(name: "Range", value: "bytes=\(range.offset)-\(range.offset + UInt64(range.count) - 1)") }
        if url == (RemoteRange.parse(original)?.url ?? original), let v = store.validators(original) {
            if let etag = v.etag { req.headers.add(name: "If-None-Match", value: etag) }
            if let lm = v.lastModified { req.headers.add(name: "If-Modified-Since", value: lm) }
        }
        let now = Date().timeIntervalSince1970
        do {
            let response = try await client(host: host, address: address)
                .execute(req, timeout: .milliseconds(Int64(settings.requestTimeoutMs)))
            let headers = response.headers.map { ($0.name, $0.value) }
            switch response.status.code {
            case 200..<300 where response.status.code != 204:
                var body = Array(buffer: try await response.body.collect(upTo: kind.maxBytes))
                if response.headers["Content-Encoding"].contains(where: { $0.lowercased().contains("gzip") }) {
                    body = try Inflate.inflate(body, limit: kind.maxBytes)
                }
                if let range, response.status.code == 200 {
                    // The upstream ignored the range and sent the whole file: cut it out.
                    let from = Int(min(UInt64(body.count), range.offset))
                    body = Array(body[from..<min(body.count, from + range.count)])
                }
                keep(original, kind: kind, body: body, headers: headers, now: now)
                onFetch?(kind, host, "ok")
            case 204:
                // No content: an empty tile (drawn as nothing, no fallback), as a zero-length file.
                keep(original, kind: kind, body: [], headers: headers, now: now)
                onFetch?(kind, host, "empty")
            case 404, 410:
                // Absent: a missing tile (raster sources fall back to a parent), as a missing file.
                keep(original, kind: kind, body: nil, headers: headers, now: now)
                onFetch?(kind, host, "absent")
            case 304:
                let fresh = CacheControl.parse(headers, now: Date(timeIntervalSince1970: now)).freshSeconds
                store.revalidated(original, freshUntil: now + max(fresh, Self.handoffSeconds))
                persist(original)
                onFetch?(kind, host, "revalidated")
            case 301, 302, 303, 307, 308:
                guard let location = response.headers["Location"].first else {
                    fail(original, kind: kind, host: host, "redirect without a Location", transient: false); return .done
                }
                return .redirect(DataDirectory.absolute(location, base: url))
            case 429, 500..<600:
                if !last { return .retry }
                fail(original, kind: kind, host: host, "upstream answered \(response.status.code)", transient: true)
            default:
                fail(original, kind: kind, host: host, "upstream answered \(response.status.code)", transient: false)
            }
        } catch is NIOTooManyBytesError {
            fail(original, kind: kind, host: host, "body larger than \(kind.maxBytes) bytes: refused", transient: false)
        } catch let e as InflateError {
            fail(original, kind: kind, host: host, "gzip body unreadable: \(e)", transient: false)
        } catch {
            if !last { return .retry }
            fail(original, kind: kind, host: host, Self.describe(error), transient: true)
        }
        return .done
    }

    /// Keeps a 200 or an absence as its headers allow (no-store: kept only for the render
    /// that asked, a few seconds, then asked again, and never saved to disk).
    private func keep(_ url: String, kind: RemoteKind, body: [UInt8]?, headers: [(String, String)], now: Double) {
        let cc = CacheControl.parse(headers, absent: body?.isEmpty ?? true, now: Date(timeIntervalSince1970: now))
        let fresh = cc.store ? cc.freshSeconds : 0
        let header = { (name: String) in headers.first { $0.0.lowercased() == name }?.1 }
        // A response that must be revalidated at once still serves the render that fetched it.
        store.store(url, RemoteStore.Entry(body: body, etag: cc.store ? header("etag") : nil,
                                           lastModified: cc.store ? header("last-modified") : nil,
                                           freshUntil: now + max(fresh, Self.handoffSeconds), strict: cc.strict || !cc.store),
                    kind: kind)
        if cc.store { persist(url) }
    }

    /// How long a just-fetched body serves the renders waiting for it, whatever its headers.
    static let handoffSeconds = 2.0

    /// `url` with the host's configured query parameters (API keys) added or replaced.
    func withParameters(_ url: String, host: String) -> String {
        guard let params = settings.parameters[host], !params.isEmpty else { return url }
        var result = url
        for (name, value) in params.sorted(by: { $0.key < $1.key }) {
            let encoded = value.addingPercentEncoding(withAllowedCharacters: .urlQueryAllowed.subtracting(CharacterSet(charactersIn: "&=+"))) ?? value
            let placeholder = "{\(name)}"
            if result.contains(placeholder) {                          // "?key={key}" as shipped styles carry it
                result = result.replacingOccurrences(of: placeholder, with: encoded)
            } else if !result.contains("?\(name)=") && !result.contains("&\(name)=") {
                result += (result.contains("?") ? "&" : "?") + name + "=" + encoded
            }
        }
        return result
    }

    /// A failure in words for logs and errors (never the URL: keys live in its query).
    static func describe(_ error: any Error) -> String {
        if let e = error as? HTTPClientError {
            switch e {
            case .deadlineExceeded, .readTimeout, .connectTimeout: return "timed out"
            case .remoteConnectionClosed: return "the upstream closed the connection"
            default: return "HTTP client error \(e)"
            }
        }
        let text = "\(error)"
        if text.contains("connectTimeout") || text.contains("Timeout") { return "timed out" }
        if text.contains("connection refused") || text.contains("Connection refused") { return "connection refused" }
        return "connection failed (\(text.prefix(120)))"
    }
}
