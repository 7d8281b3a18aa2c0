import JSON
import NIOCore
import NIOHTTP1
import StyleSpec

/// Style imports over HTTP (Mapbox GL v3's `imports`): list, read and set an import's config
/// options, add, replace, move and remove imports. Every change is one command of the one
/// mutation path (history, undo, `If-Match`, durability, render hash).
extension StrataApp {
    /// `GET /imports`: `[{"id", "url"|"data", "config", "schema", "effectiveConfig", "slots"}]` in import order.
    func listImports(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        return blocking(ctx) { .json(.array(style.imports.map(Self.importJSON))) }
    }

    /// `GET /imports/{id}/config`: `{"config": effective values, "set": values as written, "schema"}`.
    func getImportConfig(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        let imp = try Self.existingImport(ctx.param("id"), in: style)
        return ctx.loop.makeSucceededFuture(.json(["config": .object(imp.effectiveConfig), "set": .object(imp.config),
                                                   "schema": Self.schemaJSON(imp.schema)]))
    }

    /// `PATCH /imports/{id}/config` `{name: value, ...}`: one `setConfigProperty` per option
    /// (`null` resets to the default), all in one revision; errors point at `/name`.
    func patchImportConfig(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            _ = try Self.existingImport(id, in: current.style)
            let o = try Self.objectBody(ctx)
            guard !o.isEmpty else { throw APIError.badRequest("no config option given", code: "invalid_body", path: "") }
            var plan = MutationPlan(o.map { .init(command: .setConfigProperty(importId: id, name: $0.key, value: $0.value),
                                                  bodyPath: JSONPointer([$0.key]), valueArgument: 3) })
            plan.extra = { s in JSONObject([("config", s.style.styleImport(id).map { .object($0.effectiveConfig) } ?? .null)]) }
            return plan
        }
    }

    /// `POST /imports` `{"import": {"id", "url"|"data", "config"?}, "before": id?}` → 201.
    func addImport(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx, maxBody: config.maxStyleBytes) { current in
            let o = try Self.objectBody(ctx)
            try Self.rejectUnknownKeys(o, allowed: ["import", "before"])
            guard case .object(let imp)? = o["import"] else {
                throw APIError.badRequest("\"import\" must be an import object", code: "invalid_body", path: "/import")
            }
            let before = try Self.beforeImport(o["before"], in: current.style)
            var plan = MutationPlan.one(.addImport(imp, beforeId: before), at: JSONPointer(["import"]), value: 1)
            plan.status = .created
            return plan
        }
    }

    /// `PUT /imports/{id}` `{"url"|"data", "config"?}`: replaces the import (`updateImport`).
    func replaceImport(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx, maxBody: config.maxStyleBytes) { current in
            _ = try Self.existingImport(id, in: current.style)
            return MutationPlan.one(.updateImport(id, try Self.objectBody(ctx)), value: 2)
        }
    }

    /// `DELETE /imports/{id}` → 204.
    func deleteImport(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            _ = try Self.existingImport(id, in: current.style)
            var plan = MutationPlan.one(.removeImport(id))
            plan.noContent = true
            return plan
        }
    }

    /// `POST /imports/{id}/move` `{"before": id | null}` (null: on top of the other imports).
    func moveImport(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            _ = try Self.existingImport(id, in: current.style)
            let o = try Self.objectBody(ctx)
            try Self.rejectUnknownKeys(o, allowed: ["before"])
            return MutationPlan.one(.moveImport(id, beforeId: try Self.beforeImport(o["before"], in: current.style)))
        }
    }

    static func existingImport(_ id: String, in style: Style) throws -> StyleImport {
        guard let imp = style.styleImport(id) else { throw APIError.notFound("import \"\(id)\" not found", code: "unknown_import") }
        return imp
    }

    /// A `before` member: nil/null for the top, else an existing import's id.
    static func beforeImport(_ value: JSONValue?, in style: Style) throws -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let b)?:
            guard style.styleImport(b) != nil else {
                throw APIError.badRequest("import \"\(b)\" not found", code: "unknown_import", path: "/before")
            }
            return b
        case let v?:
            throw APIError.badRequest("\"before\" must be an import id or null, got \(v.typeName)", code: "invalid_body", path: "/before")
        }
    }

    static func schemaJSON(_ schema: ConfigSchema) -> JSONValue {
        .object(JSONObject(schema.options.map { ($0.name, $0.json) }))
    }

    static func importJSON(_ imp: StyleImport) -> JSONValue {
        var o = imp.json.objectValue ?? JSONObject()
        o["config"] = .object(imp.config)
        o["schema"] = schemaJSON(imp.schema)
        o["effectiveConfig"] = .object(imp.effectiveConfig)
        o["slots"] = .array(imp.slots.keys.sorted().map(JSONValue.string))
        if let name = imp.style[rootKey: "name"] { o["name"] = name }
        return .object(o)
    }
}
