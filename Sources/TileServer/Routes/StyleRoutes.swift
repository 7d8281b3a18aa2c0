import JSON
import NIOCore
import NIOHTTP1
import StyleSpec

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

    /// `PUT /style`: the whole desired style, diffed against the current one; the response
    /// lists the commands that were applied.
    func putStyle(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let customLayers = self.customLayers, importLoader = self.importLoader
        return mutation(ctx, maxBody: config.maxStyleBytes) { current in
            let target = try LiveStyle.load(Self.jsonBody(ctx), customLayers: customLayers, importLoader: importLoader)
            let commands = StyleDiff.diff(from: current.style, to: target.style)
            var plan = MutationPlan(commands.map { .init(command: $0, bodyPath: .root, valueArgument: nil) })
            plan.declarative = true
            plan.extra = { _ in JSONObject([("operations", .array(commands.map(\.json)))]) }
            return plan
        }
    }

    /// `POST /style/operations`: `[[name, ...args], ...]` applied atomically.
    func postOperations(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx, maxBody: config.maxStyleBytes) { _ in
            let commands: [StyleCommand]
            switch StyleCommand.parseBatch(try Self.jsonBody(ctx)) {
            case .success(let c): commands = c
            case .failure(let e): throw e
            }
            var plan = MutationPlan(commands.map { .init(command: $0, bodyPath: .root, valueArgument: nil) })
            plan.batchPaths = true
            return plan
        }
    }

    /// `GET /style/history`: kept revisions, newest first, with the operations that made each.
    func getHistory(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let session = try sessions.session(ctx.sessionID)
        let history = session.history
        return blocking(ctx) {
            let items: [JSONValue] = history.reversed().map { r in
                var o = JSONObject()
                o["revision"] = .number(Double(r.number))
                o["createdAt"] = .string(Self.iso8601(r.created))
                o["operations"] = r.operations
                o["renderHash"] = .string(r.style.renderHash)
                return .object(o)
            }
            return .json(["revision": .number(Double(history.last!.number)), "revisions": .array(items)])
        }
    }

    /// `POST /style/undo`: restores the style before the last change, as a new revision;
    /// repeated undos walk further back while the bounded history holds the revisions.
    func undo(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let session: Session
        do { session = try sessions.session(ctx.sessionID) } catch { return ctx.loop.makeFailedFuture(error) }
        return mutation(ctx) { current in
            let cur = session.current
            guard let target = cur.undoTo else {
                throw APIError.conflict("nothing to undo: revision \(cur.number) is the session's first", code: "nothing_to_undo")
            }
            guard let record = session.revision(target) else {
                throw APIError.conflict("revision \(target) has left the kept history; nothing more to undo", code: "nothing_to_undo")
            }
            let commands = StyleDiff.diff(from: current.style, to: record.style.style)
            var plan = MutationPlan(commands.map { .init(command: $0, bodyPath: .root, valueArgument: nil) })
            plan.replacement = (record.style, record.undoTo)
            plan.extra = { _ in JSONObject([("restored", .number(Double(target))), ("operations", .array(commands.map(\.json)))]) }
            return plan
        }
    }

    /// `PATCH /style/state` `{name: value}`: global-state properties (`null` resets).
    func patchGlobalState(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx) { _ in
            let o = try Self.objectBody(ctx)
            guard !o.isEmpty else { throw APIError.badRequest("no state property given", code: "invalid_body", path: "") }
            return MutationPlan(o.map { .init(command: .setGlobalStateProperty($0.key, $0.value), bodyPath: JSONPointer([$0.key]), valueArgument: 2) })
        }
    }
}
