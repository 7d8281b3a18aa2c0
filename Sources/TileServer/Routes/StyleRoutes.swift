import JSON
import NIOCore
import NIOHTTP1

extension StrataApp {
    /// `GET /style`: the session's current v8 style, `ETag: "<revision>"`.
    func getStyle(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let session = try sessions.session(ctx.sessionID)
        let rev = session.current
        let etag = ETag.quoted(String(rev.number))
        if ETag.matches(ifNoneMatch: ctx.request.header("If-None-Match"), etag: etag) {
            return ctx.loop.makeSucceededFuture(HTTPResponse(status: .notModified, headers: ["ETag": etag]))
        }
        return blocking(ctx) {
            .json(rev.style.json, headers: ["ETag": etag, "Cache-Control": "no-cache"])
        }
    }
}
