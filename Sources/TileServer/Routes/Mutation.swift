import JSON
import NIOCore
import NIOHTTP1
import StyleSpec

/// What a mutating route wants done: commands for the one apply path, where each command's
/// errors point in the request body, and how to answer once the revision is durable.
struct MutationPlan {
    /// A command and the request-body location its arguments came from: an error at
    /// `/i/valueArgument/rest` is reported at `bodyPath/rest`, any other error of the command
    /// at `bodyPath`. `nil` plan paths mean the body *is* the batch (`POST /style/operations`).
    struct Step {
        var command: StyleCommand
        var bodyPath: JSONPointer
        var valueArgument: Int?
    }

    var steps: [Step]
    var batchPaths = false
    /// A declarative update (whole style): unsupported layer types are kept, as at load.
    var declarative = false
    var status: HTTPResponseStatus = .ok
    /// Extra response members besides `revision` (e.g. `index`), computed from the new style.
    var extra: @Sendable (LiveStyle) -> JSONObject = { _ in JSONObject() }
    /// Replace the commands' effect with a whole target style (undo).
    var replacement: (style: LiveStyle, undoTo: Int?)?
    /// 204 without a body (DELETE routes).
    var noContent = false

    init(_ steps: [Step] = []) { self.steps = steps }

    static func one(_ c: StyleCommand, at path: JSONPointer = .root, value: Int? = nil) -> MutationPlan {
        MutationPlan([Step(command: c, bodyPath: path, valueArgument: value)])
    }

    /// A refused source URL (reported by `StyleURLPolicy` at its place in the style,
    /// `/sources/ID/...`) at its place in the request: inside the `addSource` or
    /// `setGeoJSONSourceData` command that brought it. Whole-style bodies already match.
    func relocateURLError(_ e: StyleError) -> StyleError {
        let t = e.path.tokens
        guard !declarative, t.count >= 2, t[0] == "sources" else { return e }
        let id = t[1], rest = Array(t.dropFirst(2))
        for (i, step) in steps.enumerated() {
            switch step.command {
            case .addSource(let sid, _) where sid == id:
                return relocate(StyleError(path: JSONPointer([String(i), "2"] + rest), message: e.message, code: e.code))
            case .setGeoJSONSourceData(let sid, _) where sid == id && rest == ["data"]:
                return relocate(StyleError(path: JSONPointer([String(i), "2"]), message: e.message, code: e.code))
            default: continue
            }
        }
        return e
    }

    /// The request-relative form of an apply error.
    func relocate(_ e: StyleError) -> StyleError {
        if batchPaths { return e }
        guard let first = e.path.tokens.first, let i = Int(first), steps.indices.contains(i) else {
            return StyleError(path: steps.first?.bodyPath ?? .root, message: e.message, code: e.code)
        }
        let step = steps[i]
        var rest = Array(e.path.tokens.dropFirst())
        if let v = step.valueArgument, rest.first == String(v) {
            rest.removeFirst()
            return StyleError(path: JSONPointer(step.bodyPath.tokens + rest), message: e.message, code: e.code)
        }
        return StyleError(path: step.bodyPath, message: e.message, code: e.code)
    }
}

extension StrataApp {
    /// Runs a mutation on the blocking pool: session lookup, `If-Match`, plan, apply, store
    /// commit, then the answer `{"revision", ...}` with `ETag: "<revision>"`.
    func mutation(_ ctx: RouteContext, maxBody: Int? = nil,
                  _ makePlan: @escaping @Sendable (LiveStyle) throws -> MutationPlan) -> EventLoopFuture<HTTPResponse> {
        if let maxBody, ctx.request.body.count > maxBody {
            return ctx.loop.makeFailedFuture(APIError.payloadTooLarge(limit: maxBody))
        }
        let sessionID = ctx.sessionID
        return blocking(ctx) { [self] in
            let session = try sessions.session(sessionID)
            let ifMatch = try ctx.ifMatchRevision()
            var planned: MutationPlan?
            let record = try sessions.mutate(session, ifMatch: ifMatch) { current in
                let plan = try makePlan(current.style)
                planned = plan
                if let r = plan.replacement {
                    return Session.Change(style: r.style, operations: .array(plan.steps.map(\.command.json)), undoTo: .some(r.undoTo),
                                          replayable: false)
                }
                let next: LiveStyle
                do {
                    next = try current.style.applying(plan.steps.map(\.command), declarative: plan.declarative)
                } catch let e as StyleError {
                    throw APIError.style(plan.relocate(e))
                }
                do { try checkURLs(next, previous: current.style) } catch let e as StyleError {
                    throw APIError.style(plan.relocateURLError(e))
                }
                do {
                    try AnnotationLimits(config).check(plan.steps.map(\.command), next: next.style, previous: current.style.style)
                } catch let e as StyleError {
                    throw APIError.style(plan.relocate(e))
                }
                return Session.Change(style: next, operations: .array(plan.steps.map(\.command.json)))
            }
            metrics.storeWrites.increment()
            let plan = planned!
            let etag = ETag.quoted(String(record.number))
            if plan.noContent { return .noContent(headers: ["ETag": etag]) }
            var body = JSONObject([("revision", .number(Double(record.number)))])
            for (k, v) in plan.extra(record.style) { body[k] = v }
            return .json(.object(body), status: plan.status, headers: ["ETag": etag])
        }
    }

    /// A JSON object body, or a 400 naming what it is instead.
    static func objectBody(_ ctx: RouteContext) throws -> JSONObject {
        let body = try jsonBody(ctx)
        guard case .object(let o) = body else {
            throw APIError.badRequest("the body must be a JSON object, got \(body.typeName)", code: "invalid_body", path: "")
        }
        return o
    }

    static func rejectUnknownKeys(_ o: JSONObject, allowed: Set<String>) throws {
        for k in o.keys where !allowed.contains(k) {
            throw APIError.badRequest("unknown key \"\(k)\" (allowed: \(allowed.sorted().joined(separator: ", ")))",
                                      code: "invalid_body", path: JSONPointer([k]).description)
        }
    }
}
