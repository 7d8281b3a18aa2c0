import JSON

extension Annotation {
    /// Keys of the annotation object (`POST /annotations`, `addAnnotation`).
    public static let keys: Set<String> = ["id", "coordinate", "text", "width", "height", "anchor", "offsetX", "offsetY",
                                           "allowOverlap", "selected", "visible", "associatedFeatureId", "layer", "style"]
    static let styleKeys: Set<String> = ["background-color", "border-color", "text-color", "text-size", "padding"]
    /// Largest box side and offset, CSS px: beyond them a box cannot be meant for a screen.
    public static let maxSide = 4096.0
    public static let maxOffset = 10_000.0

    /// Validates an annotation object; every error points at the bad value under `path`.
    /// `null` members mean their default. A missing `id` gives `defaultID` (the caller picks a
    /// free one); `coordinate` and `text` are required.
    public static func parse(_ value: JSONValue, at path: JSONPointer, defaultID: String = "") throws(StyleError) -> Annotation {
        guard case .object(let o) = value else { throw invalid(path, "an annotation object expected, \(value.typeName) found") }
        for k in o.keys where !keys.contains(k) {
            throw invalid(path / k, "unknown key \"\(k)\" (allowed: \(keys.sorted().joined(separator: ", ")))")
        }
        func present(_ k: String) -> JSONValue? { o[k]?.nonNull }

        var id = defaultID
        if let v = present("id") {
            guard case .string(let s) = v, !s.isEmpty, s.utf8.count <= 256 else {
                throw invalid(path / "id", "a non-empty string of at most 256 bytes expected")
            }
            id = s
        }
        guard let c = present("coordinate") else { throw invalid(path / "coordinate", "coordinate [longitude, latitude] is required") }
        let (lon, lat) = try coordinate(c, at: path / "coordinate")
        guard let t = present("text") else { throw invalid(path / "text", "text is required") }
        guard case .string(let text) = t else { throw invalid(path / "text", "string expected, \(t.typeName) found") }

        var a = Annotation(id: id, longitude: lon, latitude: lat, text: text)
        if let v = present("width") { a.width = try number(v, at: path / "width", in: 1...maxSide) }
        if let v = present("height") { a.height = try number(v, at: path / "height", in: 1...maxSide) }
        if let v = present("anchor") {
            guard case .string(let s) = v, let anchor = Anchor(rawValue: s) else {
                throw invalid(path / "anchor", "one of \(Anchor.allCases.map(\.rawValue).joined(separator: ", ")) expected")
            }
            a.anchor = anchor
        }
        if let v = present("offsetX") { a.offsetX = try number(v, at: path / "offsetX", in: -maxOffset...maxOffset) }
        if let v = present("offsetY") { a.offsetY = try number(v, at: path / "offsetY", in: -maxOffset...maxOffset) }
        if let v = present("allowOverlap") { a.allowOverlap = try bool(v, at: path / "allowOverlap") }
        if let v = present("selected") { a.selected = try bool(v, at: path / "selected") }
        if let v = present("visible") { a.visible = try bool(v, at: path / "visible") }
        if let v = present("associatedFeatureId") {
            guard let key = FeatureStateStore.key(v) else {
                throw invalid(path / "associatedFeatureId", "a feature id (string or number) expected")
            }
            a.associatedFeatureId = key
        }
        if let v = present("layer") {
            guard case .string(let s) = v, !s.isEmpty else { throw invalid(path / "layer", "a layer id (string) expected") }
            a.layer = s
        }
        if a.associatedFeatureId != nil && a.layer == nil {
            throw invalid(path / "layer", "associatedFeatureId needs the layer that draws the feature")
        }
        if let v = present("style") { a.appearance = try appearance(v, at: path / "style") }
        return a
    }

    /// `[lon, lat]`: finite, longitude in [-180, 180], latitude within ±85.05 (Web Mercator).
    static func coordinate(_ v: JSONValue, at path: JSONPointer) throws(StyleError) -> (Double, Double) {
        guard case .array(let items) = v, items.count == 2 else {
            throw invalid(path, "[longitude, latitude] expected, \(v.typeName) found")
        }
        guard case .number(let lon) = items[0], lon.isFinite else { throw invalid(path / 0, "a finite longitude expected") }
        guard case .number(let lat) = items[1], lat.isFinite else { throw invalid(path / 1, "a finite latitude expected") }
        guard (-180...180).contains(lon) else { throw invalid(path / 0, "longitude \(lon) is outside [-180, 180]") }
        guard abs(lat) <= maxLatitude else { throw invalid(path / 1, "latitude \(lat) is beyond ±\(maxLatitude) (Web Mercator)") }
        return (lon, lat)
    }

    static func appearance(_ v: JSONValue, at path: JSONPointer) throws(StyleError) -> Appearance {
        guard case .object(let o) = v else { throw invalid(path, "object expected, \(v.typeName) found") }
        var out = Appearance()
        for (k, value) in o {
            guard styleKeys.contains(k) else {
                throw invalid(path / k, "unknown key \"\(k)\" (allowed: \(styleKeys.sorted().joined(separator: ", ")))")
            }
            if value.isNull { continue }
            switch k {
            case "text-size": out.textSize = try number(value, at: path / k, in: 1...256)
            case "padding": out.padding = try number(value, at: path / k, in: 0...256)
            default:
                guard case .string(let s) = value, let c = StyleColor.parse(s) else {
                    throw invalid(path / k, "a CSS colour string expected")
                }
                let cv = ColorValue(s, c)
                if k == "background-color" { out.backgroundColor = cv } else if k == "border-color" { out.borderColor = cv } else { out.textColor = cv }
            }
        }
        return out
    }

    static func number(_ v: JSONValue, at path: JSONPointer, in range: ClosedRange<Double>) throws(StyleError) -> Double {
        guard case .number(let n) = v, n.isFinite else { throw invalid(path, "a finite number expected, \(v.typeName) found") }
        guard range.contains(n) else {
            throw invalid(path, "\(JSONValue.format(n)) is outside [\(JSONValue.format(range.lowerBound)), \(JSONValue.format(range.upperBound))]")
        }
        return n
    }

    static func bool(_ v: JSONValue, at path: JSONPointer) throws(StyleError) -> Bool {
        guard case .bool(let b) = v else { throw invalid(path, "boolean expected, \(v.typeName) found") }
        return b
    }

    static func invalid(_ path: JSONPointer, _ message: String) -> StyleError {
        StyleError(path: path, message: message, code: StyleErrorCode.invalidAnnotation)
    }

    /// `patch` merged into this annotation's JSON form: listed keys change, `null` resets,
    /// `style` merges key by key. The result is validated by `parse` (paths as in `patch`).
    public func merging(_ patch: JSONObject, at path: JSONPointer) throws(StyleError) -> Annotation {
        guard case .object(var o) = json else { return self }
        for (k, v) in patch {
            if k == "id", v != .string(id) { throw Self.invalid(path / "id", "an annotation's id cannot change") }
            if k == "style", case .object(let s) = v, case .object(var cur)? = o["style"] {
                // `null` resets a member; unknown keys stay for `parse` to report.
                for (sk, sv) in s { cur[sk] = sv.nonNull }
                o["style"] = .object(cur)
            } else {
                o[k] = v.nonNull
            }
        }
        return try Self.parse(.object(o), at: path, defaultID: id)
    }
}
