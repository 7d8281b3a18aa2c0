import JSON
import NIOCore
import NIOHTTP1
import StyleSpec

/// `/annotations`: view annotations of the session. Every change is a command
/// (`addAnnotation`, `updateAnnotation`, `removeAnnotation`) on the one mutation path, so it
/// gets a revision, history, undo, `If-Match` and the store like any style change.
extension StrataApp {
    /// `GET /annotations`: every annotation in insertion order, full form.
    func listAnnotations(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        return blocking(ctx) { .json(style.annotations.json) }
    }

    func getAnnotation(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        let a = try Self.existingAnnotation(ctx.param("id"), in: style)
        return ctx.loop.makeSucceededFuture(.json(a.json))
    }

    /// `POST /annotations` → 201 `{"id", "revision"}`; the id is the first free
    /// `annotation-N` when the body has none; 409 when it is taken.
    func addAnnotation(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx) { current in
            var o = try Self.objectBody(ctx)
            let id: String
            if let given = o["id"], !given.isNull {
                id = given.stringValue ?? ""   // a non-string id is reported by validation
            } else {
                id = current.style.annotations.freeID()
                o["id"] = .string(id)
            }
            var plan = MutationPlan.one(.addAnnotation(o), at: .root, value: 1)
            plan.status = .created
            plan.extra = { _ in JSONObject([("id", .string(id))]) }
            return plan
        }
    }

    /// `PATCH /annotations/{id}`: listed members change, `null` resets, `style` merges.
    func patchAnnotation(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            _ = try Self.existingAnnotation(id, in: current.style)
            let o = try Self.objectBody(ctx)
            guard !o.isEmpty else { throw APIError.badRequest("nothing to change", code: "invalid_body", path: "") }
            return MutationPlan.one(.updateAnnotation(id, o), at: .root, value: 2)
        }
    }

    func deleteAnnotation(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            _ = try Self.existingAnnotation(id, in: current.style)
            var plan = MutationPlan.one(.removeAnnotation(id))
            plan.noContent = true
            return plan
        }
    }

    /// The annotation a URL names, or a 404.
    static func existingAnnotation(_ id: String, in style: Style) throws -> Annotation {
        guard let a = style.annotations[id] else {
            throw APIError.notFound("annotation \"\(id)\" not found", code: "unknown_annotation")
        }
        return a
    }
}
