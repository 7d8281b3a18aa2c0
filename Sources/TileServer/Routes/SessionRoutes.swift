import Foundation
import JSON
import Renderer
import NIOCore
import NIOHTTP1
import StyleSpec

extension StrataApp {
    /// `POST /sessions` with `{}`, `{"style": "name"}` or `{"style": {...}}`.
    func createSession(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        if ctx.request.body.count > config.maxStyleBytes {
            return ctx.loop.makeFailedFuture(APIError.payloadTooLarge(limit: config.maxStyleBytes, what: "style"))
        }
        return blocking(ctx) { [self] in
            let body = try Self.jsonBody(ctx, required: false)
            guard case .object(let o) = body else {
                throw APIError.badRequest("the body must be a JSON object", code: "invalid_body", path: "")
            }
            for key in o.keys where key != "style" {
                throw APIError.badRequest("unknown key \"\(key)\"", code: "invalid_body", path: "/\(key)")
            }
            var style: LiveStyle
            var warnings: [StyleError] = []
            switch o["style"] {
            case nil, .null?:
                style = try sessions.session(nil).current.style
            case .string(let name)?:
                style = try namedStyle(name)
            case .object?:
                do {
                    (style, warnings) = try LiveStyle.loadWithWarnings(o["style"]!, customLayers: customLayers, importLoader: importLoader)
                    try checkURLs(style)
                } catch let e as StyleError {
                    throw APIError.style(e, prefix: JSONPointer(["style"]))
                }
            case let other?:
                throw APIError.badRequest("style must be a name or a style object, got \(other.typeName)", code: "invalid_body", path: "/style")
            }
            let s = try sessions.create(style: style)
            metrics.sessions.record(sessions.count)
            var answer = JSONObject([("id", .string(s.id)), ("revision", 0)])
            // Kept but not drawn (unsupported layer types, ignored keys): said, never silent.
            if !warnings.isEmpty {
                answer["warnings"] = .array(warnings.map { w in
                    ["path": .string(w.prefixed(by: JSONPointer(["style"])).path.description), "code": .string(w.code), "message": .string(w.message)]
                })
            }
            return .json(.object(answer), status: .created)
        }
    }

    /// A style of `config.stylesDir` by name; a missing one is a 404.
    func namedStyle(_ name: String) throws -> LiveStyle {
        guard ServerConfig.isValidStyleName(name) else {
            throw APIError.badRequest("invalid style name \"\(name)\"", code: "invalid_style_name", path: "/style")
        }
        let path = config.stylePath(named: name)
        guard FileManager.default.fileExists(atPath: path) else {
            throw APIError.notFound("no style named \"\(name)\"", code: "unknown_style")
        }
        let json: JSONValue
        do { json = try readConfigStyle(path) } catch {
            throw APIError.internalError("style \"\(name)\" cannot be read: \(error)")
        }
        do {
            let style = try LiveStyle.load(json, customLayers: customLayers, importLoader: importLoader)
            try checkURLs(style)
            return style
        } catch let e as StyleError {
            throw APIError(.internalServerError, code: "invalid_named_style", message: "style \"\(name)\" is invalid: \(e)")
        }
    }

    func getSession(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let s = try sessions.session(ctx.param("id"))
        let body: JSONValue = [
            "id": .string(s.id), "revision": .number(Double(s.current.number)),
            "createdAt": .string(Self.iso8601(s.createdAt)), "lastAccess": .string(Self.iso8601(s.lastAccess)),
        ]
        return ctx.loop.makeSucceededFuture(.json(body))
    }

    /// What the session's renders could not use, newest first.
    func sessionWarnings(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let s = try sessions.session(ctx.param("id"))
        let items: [JSONValue] = warnings.list(s.id).map { e in
            ["time": .string(Self.iso8601(e.time)), "kind": .string(TileWarnings.kind(of: e.message)), "message": .string(e.message)]
        }
        return ctx.loop.makeSucceededFuture(.json(["warnings": .array(items)]))
    }

    func deleteSession(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return blocking(ctx) { [self] in
            try sessions.delete(id)
            metrics.sessions.record(sessions.count)
            return .noContent()
        }
    }

    static func iso8601(_ t: Double) -> String {
        let f = ISO8601DateFormatter()
        f.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        return f.string(from: Date(timeIntervalSince1970: t))
    }
}
