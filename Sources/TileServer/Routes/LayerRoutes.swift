import JSON
import NIOCore
import NIOHTTP1
import StyleSpec

extension StrataApp {
    /// `GET /layers`: `[{"id","type","source","slot","visibility"}]` bottom → top as drawn.
    func listLayers(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        return blocking(ctx) {
            let items: [JSONValue] = style.renderOrder.map { l in
                var o = JSONObject()
                o["id"] = .string(l.id)
                o["type"] = l.json["type"] ?? .null
                o["source"] = l.source.map(JSONValue.string) ?? .null
                o["slot"] = l.slot.map(JSONValue.string) ?? .null
                o["visibility"] = l.json["layout"]?["visibility"] ?? "visible"
                return .object(o)
            }
            return .json(.array(items))
        }
    }

    func getLayer(_ ctx: RouteContext) throws -> EventLoopFuture<HTTPResponse> {
        let style = try sessions.session(ctx.sessionID).current.style.style
        let id = ctx.param("id")
        guard let layer = style.layer(id) else { throw APIError.notFound("layer \"\(id)\" not found", code: "unknown_layer") }
        return ctx.loop.makeSucceededFuture(.json(.object(layer.json)))
    }

    /// Where a layer ended up: its index in `GET /layers` (render order).
    static func indexExtra(_ id: String) -> @Sendable (LiveStyle) -> JSONObject {
        { s in JSONObject([("index", s.style.renderIndex(of: id).map { JSONValue.number(Double($0)) } ?? .null)]) }
    }

    /// `POST /layers` `{"layer": {...}, "position": {...}?}` → 201 `{"revision", "index"}`.
    func addLayer(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        mutation(ctx, maxBody: config.maxStyleBytes) { current in
            let o = try Self.objectBody(ctx)
            try Self.rejectUnknownKeys(o, allowed: ["layer", "position"])
            guard case .object(let layer)? = o["layer"] else {
                throw APIError.badRequest("\"layer\" must be a layer object", code: "invalid_body", path: "/layer")
            }
            let position = try LayerPosition(json: o["position"], at: JSONPointer(["position"]))
            let command = try current.style.addLayerCommand(layer, at: position)
            var plan = MutationPlan.one(command, at: JSONPointer(["layer"]), value: 1)
            plan.status = .created
            plan.extra = Self.indexExtra(layer["id"]?.stringValue ?? "")
            return plan
        }
    }

    /// `PATCH /layers/{id}`: merges paint/layout properties, filter, zoom range and slot (and a
    /// custom layer's renderer and options); `null` resets. All listed changes apply together
    /// or not at all.
    func patchLayer(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            guard let layer = current.style.layer(id) else { throw APIError.notFound("layer \"\(id)\" not found", code: "unknown_layer") }
            let o = try Self.objectBody(ctx)
            try Self.rejectUnknownKeys(o, allowed: ["paint", "layout", "filter", "minzoom", "maxzoom", "slot", "renderer", "options"])
            var steps = try Self.customLayerSteps(layer, o, in: current.style)
            for section in ["paint", "layout"] {
                guard let v = o[section] else { continue }
                guard case .object(let props) = v else {
                    throw APIError.badRequest("\"\(section)\" must be an object of properties", code: "invalid_body", path: "/\(section)")
                }
                for (name, value) in props {
                    let c: StyleCommand = section == "paint"
                        ? .setPaintProperty(layer: id, name: name, value: value)
                        : .setLayoutProperty(layer: id, name: name, value: value)
                    steps.append(.init(command: c, bodyPath: JSONPointer([section, name]), valueArgument: 3))
                }
            }
            if let f = o["filter"] {
                steps.append(.init(command: .setFilter(layer: id, filter: f), bodyPath: JSONPointer(["filter"]), valueArgument: 2))
            }
            if o["minzoom"] != nil || o["maxzoom"] != nil {
                func bound(_ key: String, _ old: Double?) throws -> Double? {
                    guard let v = o[key] else { return old }
                    if v.isNull { return nil }
                    guard let n = v.numberValue else {
                        throw APIError.badRequest("\(key) must be a number or null", code: "invalid_property", path: "/\(key)")
                    }
                    return n
                }
                let minz = try bound("minzoom", layer.minzoom), maxz = try bound("maxzoom", layer.maxzoom)
                let path = JSONPointer([o["minzoom"] != nil ? "minzoom" : "maxzoom"])
                steps.append(.init(command: .setLayerZoomRange(layer: id, min: minz, max: maxz), bodyPath: path, valueArgument: nil))
            }
            if let s = o["slot"] {
                guard s.isNull || s.stringValue != nil else {
                    throw APIError.badRequest("slot must be a slot layer id or null", code: "invalid_property", path: "/slot")
                }
                steps.append(.init(command: .setSlot(layer: id, slot: s.stringValue), bodyPath: JSONPointer(["slot"]), valueArgument: 2))
            }
            guard !steps.isEmpty else { throw APIError.badRequest("nothing to change", code: "invalid_body", path: "") }
            return MutationPlan(steps)
        }
    }

    /// `PUT /layers/{id}`: the whole layer replaced in place (same position).
    func replaceLayer(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx, maxBody: config.maxStyleBytes) { current in
            let style = current.style
            guard let index = style.layerPosition(id) else { throw APIError.notFound("layer \"\(id)\" not found", code: "unknown_layer") }
            var layer = try Self.objectBody(ctx)
            if let given = layer["id"], given != .string(id) {
                throw APIError.badRequest("the layer's id must be \"\(id)\" (rename with /copy + DELETE)", code: "invalid_body", path: "/id")
            }
            layer["id"] = .string(id)
            let before = index + 1 < style.layers.count ? style.layers[index + 1].id : nil
            var plan = MutationPlan([
                .init(command: .removeLayer(id), bodyPath: .root, valueArgument: nil),
                .init(command: .addLayer(layer, beforeId: before), bodyPath: .root, valueArgument: 1),
            ])
            plan.extra = Self.indexExtra(id)
            return plan
        }
    }

    func deleteLayer(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            guard current.style.layer(id) != nil else { throw APIError.notFound("layer \"\(id)\" not found", code: "unknown_layer") }
            var plan = MutationPlan.one(.removeLayer(id))
            plan.noContent = true
            return plan
        }
    }

    /// `POST /layers/{id}/move` `{"position": {...}}` → `{"revision", "index"}`.
    func moveLayer(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            guard current.style.layer(id) != nil else { throw APIError.notFound("layer \"\(id)\" not found", code: "unknown_layer") }
            let o = try Self.objectBody(ctx)
            try Self.rejectUnknownKeys(o, allowed: ["position"])
            guard let p = o["position"], !p.isNull else {
                throw APIError.badRequest("\"position\" is required", code: "invalid_position", path: "/position")
            }
            let command = try current.style.moveLayerCommand(id, to: LayerPosition(json: p, at: JSONPointer(["position"])))
            var plan = MutationPlan.one(command, at: JSONPointer(["position"]))
            plan.extra = Self.indexExtra(id)
            return plan
        }
    }

    /// `POST /layers/{id}/copy` `{"id": newId, "position": {...}?}` → 201.
    func copyLayer(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let id = ctx.param("id")
        return mutation(ctx) { current in
            guard let layer = current.style.layer(id) else { throw APIError.notFound("layer \"\(id)\" not found", code: "unknown_layer") }
            let o = try Self.objectBody(ctx)
            try Self.rejectUnknownKeys(o, allowed: ["id", "position"])
            guard let newID = o["id"]?.stringValue, !newID.isEmpty else {
                throw APIError.badRequest("\"id\" (the new layer id) is required", code: "invalid_body", path: "/id")
            }
            var copy = layer.json
            copy["id"] = .string(newID)
            let command = try current.style.addLayerCommand(copy, at: LayerPosition(json: o["position"], at: JSONPointer(["position"])))
            var plan = MutationPlan.one(command, at: JSONPointer(["id"]))
            plan.status = .created
            plan.extra = Self.indexExtra(newID)
            return plan
        }
    }
}
