import Foundation
import JSON
import NIOCore
import NIOHTTP1
import SourceData

extension StrataApp {
    /// Registers the read-only data routes for GL clients at tileserver-gl's URLs.
    static func registerPublishedDataRoutes(_ r: inout Router<RouteHandler>) {
        r.add(.GET, "/data.json", scope: .sessionFree, { app, ctx in app.dataCatalog(ctx) })
        r.add(.GET, "/data/{file}", scope: .sessionFree, { app, ctx in try app.dataTileJSON(ctx) })
        r.add(.GET, "/data/{id}/{z}/{x}/{y}", scope: .sessionFree, { app, ctx in try app.dataTile(ctx) })
        r.add(.GET, "/fonts.json", scope: .sessionFree, { app, ctx in app.fontList(ctx) })
    }

    /// The archive published as `id`, or a 404 naming the catalog.
    func publishedArchive(_ id: String) throws -> any TileArchive {
        guard let archive = publishedData.archive(id) else {
            throw APIError.notFound("no data \"\(id)\" (GET /data.json lists the archives)", code: "unknown_data")
        }
        return archive
    }

    /// The published data id an archive NAME of a style names (as the renderer resolves it:
    /// the id, `{id}` or the archive's file name), or nil when it is not published.
    func publishedDataID(_ name: String) -> String? {
        guard let id = urlPolicy?.directory.archiveID(name) ?? (publishedData.archive(name) != nil ? name : nil) else { return nil }
        return publishedData.archive(id) != nil ? id : nil
    }

    /// `GET /data/{id}.json`: the archive's TileJSON.
    func dataTileJSON(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let file = ctx.param("file")
        guard file.hasSuffix(".json"), file.count > 5 else {
            throw APIError.notFound("no route for GET \(ctx.request.path)", code: "unknown_route")
        }
        let id = String(file.dropLast(5))
        let body = PublishedData.tileJSON(id: id, archive: try publishedArchive(id), baseURL: baseURL(ctx))
        return ctx.loop.makeSucceededFuture(.json(body, headers: ["Cache-Control": publishedMetadataCacheControl]))
    }

    /// `GET /data.json`: the TileJSON of every published archive.
    func dataCatalog(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        ctx.loop.makeSucceededFuture(.json(.array(dataTileJSONs(baseURL(ctx))), headers: ["Cache-Control": publishedMetadataCacheControl]))
    }

    func dataTileJSONs(_ base: String) -> [JSONValue] {
        publishedData.ids.compactMap { id in
            publishedData.archive(id).map { PublishedData.tileJSON(id: id, archive: $0, baseURL: base) }
        }
    }

    /// `GET /data/{id}/{z}/{x}/{y}.{pbf|png|jpg|webp}`: the tile's bytes as the archive stores
    /// them (`Content-Encoding: gzip` when they are gzipped); the extension must be the
    /// archive's format. As tileserver-gl answers: a zoom outside the archive's is a 404, a
    /// tile the archive lacks a 204 for vector tiles (empty there) and a 404 for raster ones
    /// (so the client overzooms the parent).
    func dataTile(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let archive = try publishedArchive(ctx.param("id"))
        let format = PublishedData.tileFormat(archive)
        let file = ctx.param("y")
        let formatError = APIError.badRequest(
            "data \"\(ctx.param("id"))\" has .\(format.fileExtension) tiles (got \"\(file)\")", code: "invalid_format")
        guard let dot = file.lastIndex(of: ".") else { throw formatError }
        let ext = String(file[file.index(after: dot)...])
        guard ext == format.fileExtension || (format.fileExtension == "jpg" && ext == "jpeg") else { throw formatError }
        let (z, x, y) = try Self.tileAddress(z: ctx.param("z"), x: ctx.param("x"), y: String(file[..<dot]))
        let minzoom = archive.metadata.minzoom ?? 0, maxzoom = archive.metadata.maxzoom ?? Double(TileRequest.maxZoom)
        guard Double(z) >= minzoom, Double(z) <= maxzoom else {
            throw APIError.notFound("z \(z) is outside the zooms of data \"\(ctx.param("id"))\" (\(Int(minzoom)) to \(Int(maxzoom)))",
                                    code: "out_of_bounds")
        }
        let missing: HTTPResponseStatus = format.fileExtension == "pbf" ? .noContent : .notFound
        let cacheControl = publishedCacheControl("public, max-age=3600")
        return blocking(ctx) {
            let bytes: [UInt8]?
            do { bytes = try archive.tile(z: z, x: x, y: y) } catch {
                throw APIError.internalError("cannot read tile \(z)/\(x)/\(y): \(error)")
            }
            guard let bytes, !bytes.isEmpty else {
                return HTTPResponse(status: missing, headers: ["Cache-Control": cacheControl])
            }
            var headers: HTTPHeaders = ["Content-Type": format.contentType, "Cache-Control": cacheControl]
            if Inflate.isGzip(bytes) { headers.add(name: "Content-Encoding", value: "gzip") }
            return HTTPResponse(status: .ok, headers: headers, body: bytes)
        }
    }

    /// z/x/y of a data tile: plain integers, z up to `TileRequest.maxZoom`, x and y in the grid.
    static func tileAddress(z zs: String, x xs: String, y ys: String) throws -> (Int, Int, Int) {
        guard let z = TileRequest.plainInt(zs[...]), z <= TileRequest.maxZoom else {
            throw APIError.badRequest("z must be an integer from 0 to \(TileRequest.maxZoom) (got \"\(zs)\")", code: "invalid_tile")
        }
        guard let x = TileRequest.plainInt(xs[...]), let y = TileRequest.plainInt(ys[...]), x < 1 << z, y < 1 << z else {
            throw APIError.badRequest("x and y must be integers below \(1 << z) at z \(z) (got \"\(xs)\", \"\(ys)\")", code: "invalid_tile")
        }
        return (z, x, y)
    }
}
