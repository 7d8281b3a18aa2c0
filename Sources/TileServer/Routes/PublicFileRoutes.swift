import Foundation
import NIOCore
import NIOHTTP1

extension StrataApp {
    /// The web viewer's asset folders under `publicDir`, each served flat at `/<folder>/<file>`.
    static let publicFolders = ["js", "css"]

    /// `GET /js/{file}`, `GET /css/{file}`: the viewer's ES modules and style sheets, read from
    /// `publicDir` on the blocking pool (so edits show on reload). Only plain file names of
    /// known types are served; anything else is a 404, never a path outside the folder.
    func publicFile(_ ctx: RouteContext, folder: String) -> EventLoopFuture<HTTPResponse> {
        let name = ctx.param("file")
        guard let type = Self.publicContentType(name) else {
            return ctx.loop.makeFailedFuture(APIError.notFound("no file /\(folder)/\(name)"))
        }
        let path = config.publicDir + "/" + folder + "/" + name
        return blocking(ctx) {
            guard let data = FileManager.default.contents(atPath: path) else {
                throw APIError.notFound("no file /\(folder)/\(name)")
            }
            return HTTPResponse(status: .ok, headers: ["Content-Type": type, "Cache-Control": "no-cache"], body: Array(data))
        }
    }

    /// The content type of a servable asset name (`[A-Za-z0-9_.-]`, no leading dot), or nil.
    static func publicContentType(_ name: String) -> String? {
        guard !name.isEmpty, !name.hasPrefix("."),
              name.unicodeScalars.allSatisfy({ CharacterSet.alphanumerics.contains($0) && $0.isASCII || "_.-".unicodeScalars.contains($0) })
        else { return nil }
        let types = ["js": "text/javascript; charset=utf-8", "css": "text/css; charset=utf-8",
                     "svg": "image/svg+xml", "png": "image/png", "json": "application/json"]
        return name.split(separator: ".").last.flatMap { types[String($0)] }
    }
}
