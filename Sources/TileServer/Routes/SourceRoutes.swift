import JSON
import NIOCore
import NIOHTTP1
import StyleSpec

extension StrataApp {
    /// `GET /sources`: `{id: source}` in document order.
    func listSources(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        return blocking(ctx) {
            var o = JSONObject()
            for s in style.sources { o[s.id] = .object(s.json) }
            return .json(.object(o))
        }
    }

    func getSource(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        let id = ctx.param("id")
        guard let s = style.source(id) else { throw APIError.notFound("source \"\(id)\" not found", code: "unknown_source") }
        return blocking(ctx) { .json(.object(s.json)) }
    }

    /// `POST /sources` `{"id", "source"}` → 201; 409 for a duplicate id.
    /// `POST /sources`; inline GeoJSON is held to `maxGeoJSONBytes` like a data upload (plus
    /// room for the source's other keys).
    func addSource(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx, maxBody: min(config.maxStyleBytes, config.maxGeoJSONBytes + 65536)) { _ in
            let o = try Self.objectBody(ctx)
            try Self.rejectUnknownKeys(o, allowed: ["id", "source"])
            guard let id = o["id"]?.stringValue, !id.isEmpty else {
                throw APIError.badRequest("\"id\" must be a non-empty string", code: "invalid_body", path: "/id")
            }
            guard case .object(let source)? = o["source"] else {
                throw APIError.badRequest("\"source\" must be a source object", code: "invalid_body", path: "/source")
            }
            var plan = MutationPlan.one(.addSource(id, source), at: JSONPointer(["source"]), value: 2)
            plan.status = .created
            return plan
        }
    }

    /// `PUT /sources/{id}/data` with a GeoJSON body (up to `maxGeoJSONBytes`).
    func putSourceData(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx, maxBody: config.maxGeoJSONBytes) { current in
            guard current.style.source(id) != nil else { throw APIError.notFound("source \"\(id)\" not found", code: "unknown_source") }
            return MutationPlan.one(.setGeoJSONSourceData(id, try Self.jsonBody(ctx)), at: .root, value: 2)
        }
    }

    /// `DELETE /sources/{id}[?cascade=true]`: 409 while layers use it, unless cascading.
    func deleteSource(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        let cascade = ctx.request.query["cascade"] == "true" || ctx.request.query["cascade"] == "1"
        return mutation(ctx) { current in
            guard current.style.source(id) != nil else { throw APIError.notFound("source \"\(id)\" not found", code: "unknown_source") }
            var plan = MutationPlan.one(.removeSource(id, cascade: cascade))
            plan.noContent = true
            return plan
        }
    }

    // MARK: feature state

    static func target(_ ctx: RouteContext, feature: Bool) -> FeatureTarget {
        let layer = ctx.request.query["sourceLayer"].flatMap { $0.isEmpty ? nil : $0 }
        return FeatureTarget(source: ctx.param("id"), sourceLayer: layer, id: feature ? ctx.param("fid") : nil)
    }

    /// `PUT /sources/{id}/features/{fid}/state[?sourceLayer=L]` `{key: value}`: merged.
    func putFeatureState(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx) { current in
            let target = Self.target(ctx, feature: true)
            guard current.style.source(target.source) != nil else {
                throw APIError.notFound("source \"\(target.source)\" not found", code: "unknown_source")
            }
            return MutationPlan.one(.setFeatureState(target, try Self.objectBody(ctx)), at: .root, value: 2)
        }
    }

    /// `DELETE /sources/{id}/features/{fid}/state[?sourceLayer=L&key=K]` and `DELETE /sources/{id}/state`.
    func deleteFeatureState(_ ctx: RouteContext, feature: Bool) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx) { current in
            let target = Self.target(ctx, feature: feature)
            guard current.style.source(target.source) != nil else {
                throw APIError.notFound("source \"\(target.source)\" not found", code: "unknown_source")
            }
            let key = feature ? ctx.request.query["key"].flatMap { $0.isEmpty ? nil : $0 } : nil
            var plan = MutationPlan.one(.removeFeatureState(target, key: key))
            plan.noContent = true
            return plan
        }
    }

    // MARK: images

    /// `PUT /images/{id}?pixelRatio=1&sdf=false` with a PNG, JPEG or WebP body: 201 new, 200 replaced.
    func putImage(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            let q = ctx.request.query
            var ratio = 1.0
            if let r = q["pixelRatio"] {
                guard let v = Double(r), v > 0, v.isFinite, v <= 16 else {
                    throw APIError.badRequest("pixelRatio must be a number in (0, 16] (got \(r))", code: "invalid_image")
                }
                ratio = v
            }
            var sdf = false
            if let s = q["sdf"] {
                guard s == "true" || s == "false" else { throw APIError.badRequest("sdf must be true or false", code: "invalid_image") }
                sdf = s == "true"
            }
            let png = ctx.request.body
            try ImageValidation.validateImage(png)
            let image = StyleImage(png: png, pixelRatio: ratio, sdf: sdf)
            let exists = current.style.image(id) != nil
            var steps: [MutationPlan.Step] = []
            if exists { steps.append(.init(command: .removeImage(id), bodyPath: .root, valueArgument: nil)) }
            steps.append(.init(command: .addImage(id, image), bodyPath: .root, valueArgument: nil))
            var plan = MutationPlan(steps)
            plan.status = exists ? .ok : .created
            return plan
        }
    }

    /// `GET /images`: the names `icon-image` and `*-pattern` can use in this session — its
    /// runtime images (`PUT /images/{id}`, `addImage`) with their pixel ratio and SDF flag,
    /// then its sprite's images — each group sorted by id.
    func listImages(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        let renderer = self.renderer
        return blocking(ctx) {
            var list: [JSONValue] = style.images.keys.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }.map { id in
                let image = style.images[id]!
                return ["id": .string(id), "source": "image", "pixelRatio": .number(image.pixelRatio), "sdf": .bool(image.sdf)]
            }
            list += renderer.spriteImageNames(style.root["sprite"]).map { ["id": .string($0), "source": "sprite"] }
            return .json(.array(list))
        }
    }

    func deleteImage(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            guard current.style.image(id) != nil else { throw APIError.notFound("image \"\(id)\" not found", code: "unknown_image") }
            var plan = MutationPlan.one(.removeImage(id))
            plan.noContent = true
            return plan
        }
    }
}
