import NIOCore
import NIOHTTP1

extension StrataApp {
    /// `GET /styles/{id}/wmts.xml`: WMTS 1.0.0 capabilities of a published style's rendered
    /// tiles for desktop GIS, URLs absolute to the request's Host, bounds from the sources (and
    /// the published archives they use).
    func publishedWMTS(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        let style = try publishedStyle(id)
        let publishedData = self.publishedData
        let xml = WMTSCapabilities.published(id: id, style: style.json, renderHash: style.renderHash, baseURL: baseURL(ctx)) {
            publishedData.archive($0)?.metadata.bounds
        }
        return ctx.loop.makeSucceededFuture(Self.capabilitiesResponse(xml, ifNoneMatch: ctx.request.header("If-None-Match"),
                                                                      cacheControl: publishedMetadataCacheControl))
    }

    /// `GET /sessions/{id}/wmts.xml`: the same for a session's current style, its tiles at
    /// `/tiles/…?session={id}` (they follow the session's edits).
    func sessionWMTS(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let session = try sessions.session(ctx.param("id"))
        let publishedData = self.publishedData
        let xml = WMTSCapabilities.session(session.id, style: session.current.style.json, baseURL: baseURL(ctx)) {
            publishedData.archive($0)?.metadata.bounds
        }
        return ctx.loop.makeSucceededFuture(Self.capabilitiesResponse(xml, ifNoneMatch: ctx.request.header("If-None-Match")))
    }

    /// A capabilities document as `application/xml`, `ETag` its hash, so a client revalidates
    /// it (304 when `If-None-Match` names it).
    static func capabilitiesResponse(_ xml: String, ifNoneMatch: String?, cacheControl: String = "no-cache") -> HTTPResponse {
        let etag = ETag.quoted(StableHash.hex(xml))
        var headers: HTTPHeaders = ["ETag": etag, "Cache-Control": cacheControl]
        if ETag.matches(ifNoneMatch: ifNoneMatch, etag: etag) { return HTTPResponse(status: .notModified, headers: headers) }
        headers.add(name: "Content-Type", value: "application/xml")
        return HTTPResponse(status: .ok, headers: headers, body: Array(xml.utf8))
    }
}
