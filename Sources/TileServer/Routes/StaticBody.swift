import JSON

extension StrataApp {
    /// The view and overlays of a `POST /static` body: `"center"` + `"zoom"` [+ `"bearing"`, `"pitch"`],
    /// or `"bounds"` [+ `"padding"`] fitted as `GET /static/bounds/…` fits it, or neither and
    /// the view fitted to the overlays (`"path"`, `"marker"`, … as `GET /static/auto/…` takes
    /// them) [+ `"padding"`, `"maxzoom"`]; then size, ratio and format. Every failure is a 400
    /// whose `path` points at the key.
    func staticBodyView(_ o: JSONObject, maxSide: Int) throws -> (StaticView, StaticOverlays) {
        let allowed = OverlayQueryParser.names.union(["center", "zoom", "bearing", "pitch", "bounds", "padding", "maxzoom", "width", "height",
                                                      "pixelRatio", "style", "format", "quality", "attribution"])
        for k in o.keys where !allowed.contains(k) {
            throw APIError.badRequest("unknown key \"\(k)\"", code: "invalid_body", path: "/\(k)")
        }
        func number(_ key: String, default d: Double? = nil) throws -> Double {
            guard let v = o[key] else {
                if let d { return d }
                throw APIError.badRequest("\(key) is required", code: "invalid_body", path: "/\(key)")
            }
            guard let n = v.numberValue else { throw APIError.badRequest("\(key) must be a number", code: "invalid_body", path: "/\(key)") }
            return n
        }
        func integer(_ key: String) throws -> Int {
            let n = try number(key)
            guard n == n.rounded(), abs(n) < 1e9 else { throw APIError.badRequest("\(key) must be an integer", code: "invalid_body", path: "/\(key)") }
            return Int(n)
        }
        let width = try integer("width"), height = try integer("height")
        let ratio = try number("pixelRatio", default: 1)
        var parser = OverlayQueryParser(try OverlayParameters.pairs(o, keys: OverlayQueryParser.names))
        let overlays = try parser.parse()
        func padding() throws -> Double {
            do { return try StaticBounds.checkedPadding(number("padding", default: StaticBounds.defaultPadding)) } catch let e as InvalidRequest {
                throw APIError.badRequest(e.message, code: e.code, path: "/padding")
            }
        }
        var view: StaticView
        if o["maxzoom"] != nil, o["center"] != nil || o["bounds"] != nil {
            throw APIError.badRequest("maxzoom applies to a view fitted to the overlays (no center, no bounds)", code: "invalid_body", path: "/maxzoom")
        }
        if o["center"] == nil, o["bounds"] == nil, !overlays.isEmpty {
            view = try StaticView(fittingOverlays: overlays, padding: padding(), maxZoom: o["maxzoom"].map { _ in try number("maxzoom") },
                                  width: width, height: height, pixelRatio: ratio, maxSide: maxSide)
        } else if let b = o["bounds"] {
            for k in ["center", "zoom", "bearing", "pitch"] where o[k] != nil {
                throw APIError.badRequest("\(k) cannot be combined with bounds: the bounds decide the view (north up)", code: "invalid_body", path: "/\(k)")
            }
            view = try StaticView(fitting: bodyBounds(b), padding: padding(), width: width, height: height, pixelRatio: ratio, maxSide: maxSide)
        } else {
            if o["padding"] != nil {
                throw APIError.badRequest("padding applies to bounds and to views fitted to the overlays only", code: "invalid_body", path: "/padding")
            }
            guard let c = o["center"]?.arrayValue, c.count == 2, let lon = c[0].numberValue, let lat = c[1].numberValue else {
                throw APIError.badRequest("center must be [lon, lat] (or give bounds: [minx, miny, maxx, maxy], or overlays to fit)", code: "invalid_body", path: "/center")
            }
            view = try StaticView(lon: lon, lat: lat, zoom: number("zoom"), bearing: number("bearing", default: 0),
                                  width: width, height: height, pixelRatio: ratio, maxSide: maxSide)
            do { view.pitch = try StaticView.checkedPitch(number("pitch", default: 0)) } catch let e as InvalidRequest {
                throw APIError.badRequest(e.message, code: e.code, path: "/pitch")
            }
        }
        view.output = try bodyOutput(o)
        return (view, overlays)
    }

    /// `"bounds": [minx, miny, maxx, maxy]` of a POST /static body.
    private func bodyBounds(_ b: JSONValue) throws -> StaticBounds {
        guard let a = b.arrayValue, a.count == 4 else {
            throw APIError.badRequest("bounds must be [minx, miny, maxx, maxy]", code: "invalid_bounds", path: "/bounds")
        }
        var v: [Double] = []
        for (i, name) in ["minx", "miny", "maxx", "maxy"].enumerated() {
            guard let n = a[i].numberValue else {
                throw APIError.badRequest("bounds \(name) must be a number", code: "invalid_bounds", path: "/bounds/\(i)")
            }
            v.append(n)
        }
        do { return try StaticBounds(minx: v[0], miny: v[1], maxx: v[2], maxy: v[3]) } catch let e as InvalidRequest {
            throw APIError.badRequest(e.message, code: e.code, path: "/bounds")
        }
    }

    /// POST /static's `"format"` ("png", "webp", "jpg", "jpeg") and `"quality"` (1…100).
    private func bodyOutput(_ o: JSONObject) throws -> ImageOutput {
        var format = "png"
        if let v = o["format"] {
            guard let f = v.stringValue, ImageOutput.extensions.contains(f) else {
                throw APIError.badRequest("format must be \"png\", \"webp\", \"jpg\" or \"jpeg\"", code: "invalid_body", path: "/format")
            }
            format = f
        }
        var quality: String?
        if let v = o["quality"] {
            guard let q = v.intValue, (1...100).contains(q) else {
                throw APIError.badRequest("quality must be an integer from 1 to 100", code: "invalid_quality", path: "/quality")
            }
            quality = String(q)
        }
        return try ImageOutput.parse(ext: format, quality: quality, jpegBackground: config.jpegBackground)
    }

}
