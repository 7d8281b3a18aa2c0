import Foundation
import NIOCore
import NIOHTTP1
import SourceData

extension StrataApp {
    /// Whether a sprite URL is remote (http/https): served through the remote fetcher.
    static func isRemoteSprite(_ url: String) -> Bool {
        let lower = url.lowercased()
        return lower.hasPrefix("http://") || lower.hasPrefix("https://")
    }

    /// One file of a remote sprite (`url` + `[@2x].{json,png}`), through the remote fetcher and
    /// its caches: the `@2x` file when the upstream has it, else the plain one. Nothing blocks
    /// the event loop (the fetch runs on NIO); an upstream failure is a 502/504 JSON error as
    /// on the remote tile routes, an absence (404 upstream) a 404 `no_sprite`.
    func remoteSpriteFile(_ ctx: RouteContext, styleID id: String, url: String, variant: String, ext: String)
        -> EventLoopFuture<HTTPResponse> {
        guard let remote, let directory = urlPolicy?.directory else {
            return ctx.loop.makeFailedFuture(APIError.notFound("remote sprites are not fetched here (config remoteHosts)", code: "no_sprite"))
        }
        let urls: [String]
        do {
            urls = try (variant.isEmpty ? [""] : [variant, ""]).map { suffix in
                guard case .remote(let u) = try directory.resolve(Self.spriteFile(url, suffix + "." + ext)) else {
                    throw APIError.notFound("the sprite of style \"\(id)\" is not remote", code: "no_sprite")
                }
                return u
            }
        } catch let e as DataPathError {
            return ctx.loop.makeFailedFuture(APIError.badGateway("the sprite of style \"\(id)\": \(e.message)"))
        } catch {
            return ctx.loop.makeFailedFuture(error)
        }
        let headers: HTTPHeaders = ["Content-Type": ext == "png" ? "image/png" : "application/json",
                                    "Cache-Control": publishedCacheControl("no-cache")]
        let owner = ctx.sessionID ?? ""
        func first(_ rest: ArraySlice<String>) -> EventLoopFuture<HTTPResponse> {
            guard let next = rest.first else {
                return ctx.loop.makeFailedFuture(APIError.notFound("the upstream has no sprite file \(variant).\(ext) of style \"\(id)\"",
                                                                   code: "no_sprite"))
            }
            return remoteBody(remote, next, owner: owner, on: ctx.loop).flatMap { body in
                guard let body else { return first(rest.dropFirst()) }
                return ctx.loop.makeSucceededFuture(HTTPResponse(status: .ok, headers: headers, body: body))
            }
        }
        return first(urls[...])
    }

    /// A remote sprite body: the one held, else fetched (joining a fetch under way) and looked
    /// up again; nil for an upstream 404; an upstream failure as `APIError.upstream`.
    func remoteBody(_ remote: RemoteFetcher, _ url: String, owner: String, on loop: any EventLoop) -> EventLoopFuture<[UInt8]?> {
        func look() throws -> [UInt8]? {
            do { return try remote.bytes(url, kind: .sprite) } catch let f as RemoteResourceFailed { throw APIError.upstream(f) }
        }
        do {
            return loop.makeSucceededFuture(try look())
        } catch let missing as RemoteResourceMissing {
            return remote.fetch([missing], owner: owner, on: loop).flatMapThrowing {
                do { return try look() } catch is RemoteResourceMissing {
                    throw APIError.badGateway("the sprite from \(DataDirectory.host(of: url) ?? "?") could not be fetched")
                }
            }
        } catch {
            return loop.makeFailedFuture(error)
        }
    }
}

extension APIError {
    /// A 502 `upstream_failed` that no fetch outcome describes.
    static func badGateway(_ message: String) -> APIError {
        APIError(.badGateway, code: "upstream_failed", message: message)
    }
}
