import Foundation
import JSON
import NIOCore
import NIOHTTP1
import SourceData

extension StrataApp {
    /// Registers the routes serving a published style's local source files to GL clients
    /// (`GLStyleSources` points the style.json at them).
    static func registerPublishedSourceRoutes(_ r: inout Router<RouteHandler>) {
        r.add(.GET, "/styles/{id}/sources/{file}", scope: .sessionFree, { app, ctx in try app.publishedSourceFile(ctx) })
        r.add(.GET, "/styles/{id}/sources/{source}/{z}/{x}/{y}", scope: .sessionFree, { app, ctx in try app.publishedSourceTile(ctx) })
    }

    /// Whether `url` names a file of the data directory (not an archive, not remote).
    func isLocalFile(_ url: String) -> Bool {
        guard let directory = urlPolicy?.directory, case .file? = try? directory.resolve(url) else { return false }
        return true
    }

    /// Whether a tile template names files of the data directory.
    func isLocalTemplate(_ template: String) -> Bool {
        guard let directory = urlPolicy?.directory, case .file? = try? directory.resolveTile(template, z: 0, x: 0, y: 0) else { return false }
        return true
    }

    /// Source `name` of published style `id`, or a 404.
    func publishedSource(_ id: String, _ name: String) throws -> JSONObject {
        guard let source = try publishedStyle(id).json["sources"]?[name]?.objectValue else {
            throw APIError.notFound("style \"\(id)\" has no source \"\(name)\"", code: "unknown_source")
        }
        return source
    }

    /// `GET /styles/{id}/sources/{source}.geojson`: a GeoJSON source's file as stored;
    /// `.json`: a vector/raster source's TileJSON file, its relative tiles made absolute.
    func publishedSourceFile(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id"), file = ctx.param("file")
        let geojson = file.hasSuffix(".geojson")
        guard geojson || file.hasSuffix(".json") else {
            throw APIError.notFound("a source file is {source}.geojson or {source}.json (got \"\(file)\")", code: "unknown_source")
        }
        let name = String(file.dropLast(geojson ? 8 : 5))
        let source = try publishedSource(id, name)
        let url = geojson ? source["data"]?.stringValue : source["url"]?.stringValue
        let at = GLStyleSources.sourceURL(baseURL(ctx), id: id, name: name) ?? ""
        let fileCache = publishedCacheControl("no-cache"), docCache = publishedMetadataCacheControl
        return blocking(ctx) { [self] in
            guard let url, isLocalFile(url), !geojson || source["type"]?.stringValue == "geojson" else {
                throw APIError.notFound("source \"\(name)\" of style \"\(id)\" names no \(geojson ? "GeoJSON" : "TileJSON") file of the data directory",
                                        code: "unknown_source")
            }
            let bytes = try readDataFile(url, what: "source \"\(name)\" of style \"\(id)\"")
            if geojson {
                return HTTPResponse(status: .ok, headers: ["Content-Type": "application/geo+json", "Cache-Control": fileCache], body: bytes)
            }
            guard let doc = try? JSONParser.parse(bytes) else { throw APIError.internalError("the TileJSON file \(url) is not JSON") }
            let body = GLStyleSources.tileJSON(doc, sourceURL: at, isLocalTemplate: isLocalTemplate)
            return .json(body, headers: ["Cache-Control": docCache])
        }
    }

    /// The bytes of the data directory's file `url`, or a 404 naming `what`.
    func readDataFile(_ url: String, what: String) throws -> [UInt8] {
        guard let directory = urlPolicy?.directory, case .file(let path) = try directory.resolve(url),
              let bytes = try directory.read(path) else {
            throw APIError.notFound("the file of \(what) does not exist", code: "unknown_source")
        }
        return bytes
    }

    /// `GET /styles/{id}/sources/{source}/{z}/{x}/{y}[.ext]`: one tile of a source whose tile
    /// templates (its own, or its local TileJSON's) name files of the data directory, as stored;
    /// a missing one is a 204 for vector sources (empty) and a 404 `no_tile` otherwise (the
    /// client overzooms the parent).
    func publishedSourceTile(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id"), name = ctx.param("source"), file = ctx.param("y")
        let source = try publishedSource(id, name)
        let (z, x, y) = try Self.tileAddress(z: ctx.param("z"), x: ctx.param("x"), y: String(file.prefix { $0 != "." }))
        let vector = source["type"]?.stringValue == "vector"
        let cacheControl = publishedCacheControl("no-cache")
        return blocking(ctx) { [self] in
            var templates = source["tiles"]?.arrayValue?.compactMap(\.stringValue) ?? []
            if templates.isEmpty, let url = source["url"]?.stringValue, isLocalFile(url),
               let doc = try? JSONParser.parse(readDataFile(url, what: "source \"\(name)\"")) {
                templates = doc["tiles"]?.arrayValue?.compactMap(\.stringValue) ?? []
            }
            guard let directory = urlPolicy?.directory, let template = templates.first(where: isLocalTemplate),
                  case .file(let path) = try directory.resolveTile(template, z: z, x: x, y: y) else {
                throw APIError.notFound("source \"\(name)\" of style \"\(id)\" has no tiles in the data directory", code: "unknown_source")
            }
            guard let bytes = try directory.read(path), !bytes.isEmpty else {
                guard vector else { throw APIError.notFound("tile \(z)/\(x)/\(y) of source \"\(name)\" does not exist", code: "no_tile") }
                return HTTPResponse(status: .noContent, headers: ["Cache-Control": cacheControl])
            }
            var headers: HTTPHeaders = ["Content-Type": Self.tileContentType(path), "Cache-Control": cacheControl]
            if Inflate.isGzip(bytes) { headers.add(name: "Content-Encoding", value: "gzip") }
            return HTTPResponse(status: .ok, headers: headers, body: bytes)
        }
    }

    /// The content type of a tile file by its extension.
    static func tileContentType(_ path: String) -> String {
        switch (path as NSString).pathExtension.lowercased() {
        case "pbf", "mvt": return "application/x-protobuf"
        case "png": return "image/png"
        case "jpg", "jpeg": return "image/jpeg"
        case "webp": return "image/webp"
        default: return "application/octet-stream"
        }
    }
}
