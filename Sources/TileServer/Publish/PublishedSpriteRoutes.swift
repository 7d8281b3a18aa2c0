import Foundation
import JSON
import NIOCore
import NIOHTTP1
import SourceData

extension StrataApp {
    /// Registers `/styles/{id}/style.json` and the sprite files for GL clients.
    static func registerGLStyleRoutes(_ r: inout Router<RouteHandler>) {
        r.add(.GET, "/styles/{id}/style.json", scope: .sessionFree, { app, ctx in try app.glStyle(ctx) })
        for variant in ["", "@2x"] {
            for ext in ["json", "png"] {
                r.add(.GET, "/styles/{id}/sprite\(variant).\(ext)", scope: .sessionFree, { app, ctx in try app.sprite(ctx, variant: variant, ext: ext) })
            }
        }
        r.add(.GET, "/styles/{id}/sprite/{file}", scope: .sessionFree, { app, ctx in try app.namedSprite(ctx) })
    }

    /// `GET /styles/{id}/style.json`: the published style with its URLs absolute to this server.
    func glStyle(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        let style = try publishedStyle(id)
        let base = baseURL(ctx), cacheControl = publishedMetadataCacheControl
        // Off the event loop: which URLs are local files is asked of the file system.
        return blocking(ctx) { [self] in
            let body = GLStyleDocument.rewrite(style.flatJSON, id: id, baseURL: base, publishedID: publishedDataID, hasFonts: glyphs != nil,
                                               isLocalFile: isLocalFile, isLocalTemplate: isLocalTemplate)
            return .json(body, headers: ["Cache-Control": cacheControl])
        }
    }

    /// `GET /styles/{id}/sprite[@2x].{json,png}`: the files of the style's sprite in the data
    /// directory (the `@2x` pair when it exists, else the plain one, as the renderer reads them);
    /// of a remote sprite through the remote fetcher (`remoteSpriteFile`).
    func sprite(_ ctx: RouteContext, variant: String, ext: String) throws -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        guard let url = try publishedStyle(id).json["sprite"]?.stringValue else {
            throw APIError.notFound("style \"\(id)\" has no single sprite URL (a sprite array is served at /styles/\(id)/sprite/{spriteID})",
                                    code: "no_sprite")
        }
        return try spriteFile(ctx, styleID: id, url: url, variant: variant, ext: ext)
    }

    /// `GET /styles/{id}/sprite/{spriteID}[@2x].{json,png}`: one sprite of a style whose
    /// `sprite` is an array of `{id, url}`.
    func namedSprite(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id"), file = ctx.param("file")
        guard let dot = file.lastIndex(of: "."), ["json", "png"].contains(String(file[file.index(after: dot)...])) else {
            throw APIError.notFound("a sprite file is {spriteID}[@2x].json or .png (got \"\(file)\")", code: "no_sprite")
        }
        let ext = String(file[file.index(after: dot)...])
        var name = String(file[..<dot]), variant = ""
        if name.hasSuffix("@2x") { name.removeLast(3); variant = "@2x" }
        let sprites = try publishedStyle(id).json["sprite"]?.arrayValue ?? []
        guard let url = sprites.first(where: { $0["id"]?.stringValue == name })?["url"]?.stringValue else {
            throw APIError.notFound("style \"\(id)\" has no sprite \"\(name)\"", code: "no_sprite")
        }
        return try spriteFile(ctx, styleID: id, url: url, variant: variant, ext: ext)
    }

    /// One file of the sprite at `url`: in the data directory, or remote.
    func spriteFile(_ ctx: RouteContext, styleID id: String, url: String, variant: String, ext: String) throws
        -> EventLoopFuture<HTTPResponse> {
        if Self.isRemoteSprite(url) { return remoteSpriteFile(ctx, styleID: id, url: url, variant: variant, ext: ext) }
        guard let directory = urlPolicy?.directory else { throw APIError.internalError("the data directory is unavailable") }
        let contentType = ext == "png" ? "image/png" : "application/json"
        let cacheControl = publishedCacheControl("no-cache")
        return blocking(ctx) {
            for suffix in variant.isEmpty ? [""] : [variant, ""] {
                guard case .file(let path) = try directory.resolve(Self.spriteFile(url, suffix + "." + ext)) else {
                    throw APIError.notFound("the sprite of style \"\(id)\" is not a file of the data directory", code: "no_sprite")
                }
                if let bytes = try directory.read(path, limit: 256 << 20) {
                    return HTTPResponse(status: .ok, headers: ["Content-Type": contentType, "Cache-Control": cacheControl], body: bytes)
                }
            }
            throw APIError.notFound("the sprite file \(variant).\(ext) of style \"\(id)\" does not exist", code: "no_sprite")
        }
    }

    /// `url` with `ending` before its query or fragment (`sprites/a?v=2` → `sprites/a@2x.json?v=2`).
    static func spriteFile(_ url: String, _ ending: String) -> String {
        guard let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return url + ending }
        return String(url[..<cut]) + ending + String(url[cut...])
    }
}
