import Foundation
import StyleSpec

/// tileserver-gl's overlay query grammar (`path=`, `marker=`, `latlng`, and the path defaults
/// `stroke`, `width`, `fill`, `border`, `borderwidth`, `linecap`, `linejoin`), plus Strata's
/// `before_layer`. Where tileserver-gl skips what it cannot read, this is a 400 naming the
/// part (`path[1]: "abc" is not lng,lat`), so nothing is drawn from a half-understood request.
public struct OverlayQueryParser {
    /// Limits on one request; they bound the style a request adds (a source and ≤ 3 layers a
    /// path, one source and 2 layers for every marker) and the GeoJSON it carries.
    public static let maxPaths = 100
    public static let maxMarkers = 200
    public static let maxPoints = 20_000

    /// The names this grammar reads; the routes reject others that are not theirs.
    public static let names: Set = ["path", "marker", "latlng", "stroke", "width", "fill", "border", "borderwidth",
                                    "linecap", "linejoin", "before_layer"]

    /// The options of a path, also query-level defaults.
    static let pathOptions = ["stroke", "width", "fill", "border", "borderwidth", "linecap", "linejoin"]

    /// (name, value) in request order; repeated `path`/`marker` are several overlays.
    let pairs: [(name: String, value: String)]
    private var latlng = false

    public init(_ pairs: [(name: String, value: String)]) { self.pairs = pairs }

    /// The overlays of the request; an `InvalidRequest` (code `invalid_overlay`) naming the part.
    public mutating func parse() throws -> StaticOverlays {
        latlng = try Self.flag(single("latlng"), name: "latlng")
        let defaults = try pathDefaults()
        var out = StaticOverlays()
        out.beforeLayer = try single("before_layer")
        if out.beforeLayer?.isEmpty == true { throw Self.bad("before_layer must name a layer of the style") }
        let paths = pairs.filter { $0.name == "path" }.map(\.value)
        let markers = pairs.filter { $0.name == "marker" }.map(\.value)
        guard paths.count <= Self.maxPaths else { throw Self.bad("at most \(Self.maxPaths) paths (got \(paths.count))") }
        guard markers.count <= Self.maxMarkers else { throw Self.bad("at most \(Self.maxMarkers) markers (got \(markers.count))") }
        var points = 0
        for (i, p) in paths.enumerated() {
            let path = try parsePath(p, defaults: defaults, at: "path[\(i)]")
            points += path.coordinates.count
            guard points <= Self.maxPoints else { throw Self.bad("the paths have more than \(Self.maxPoints) points together") }
            out.paths.append(path)
        }
        for (i, m) in markers.enumerated() { out.markers.append(try parseMarker(m, at: "marker[\(i)]")) }
        return out
    }

    /// The one value of `name` (a repeated one is a 400: which would win is not obvious).
    private func single(_ name: String) throws -> String? {
        let all = pairs.filter { $0.name == name }
        guard all.count <= 1 else { throw Self.bad("\(name) is given \(all.count) times; give it once") }
        return all.first?.value
    }

    /// The query-level path options, checked as a path's own are.
    private func pathDefaults() throws -> OverlayPath {
        var d = OverlayPath(coordinates: [], stroke: OverlayPath.defaultStroke, width: OverlayPath.defaultWidth,
                            fill: nil, border: nil, borderWidth: -1, lineCap: "butt", lineJoin: "miter")
        for name in Self.pathOptions {
            if let v = try single(name) { try Self.apply(option: name, value: v, to: &d, at: name) }
        }
        return d
    }

    /// `[option:value|]*(enc:POLYLINE | lng,lat|lng,lat…)`.
    private func parsePath(_ text: String, defaults: OverlayPath, at: String) throws -> OverlayPath {
        var path = defaults
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        var first = 0
        while first < parts.count, parts[first].contains(":"), !parts[first].hasPrefix("enc:") {
            let kv = parts[first].split(separator: ":", maxSplits: 1)
            let name = String(kv[0]), value = kv.count > 1 ? String(kv[1]) : ""
            try Self.apply(option: name, value: value, to: &path, at: Self.pathOptions.contains(name) ? "\(at).\(name)" : at)
            first += 1
        }
        guard first < parts.count else { throw Self.bad("\(at): no coordinates (lng,lat|lng,lat… or enc:…)") }
        if parts[first].hasPrefix("enc:") {
            let encoded = parts[first...].joined(separator: "|").dropFirst(4)
            guard let decoded = EncodedPolyline.decode(encoded) else {
                throw Self.bad("\(at): \"\(Self.shown(encoded))\" is not a Google encoded polyline")
            }
            path.coordinates = try decoded.enumerated().map { try Self.checked($1.lon, $1.lat, at: "\(at) point \($0)") }
        } else {
            path.coordinates = try parts[first...].map { try coordinate($0, at: at) }
        }
        guard path.coordinates.count >= 2 else { throw Self.bad("\(at): a path needs at least 2 points (got \(path.coordinates.count))") }
        if path.borderWidth < 0 { path.borderWidth = path.width * OverlayPath.borderRatio }
        return path
    }

    /// `lng,lat|icon|scale:…|offset:x[,y]`.
    private func parseMarker(_ text: String, at: String) throws -> OverlayMarker {
        let parts = text.split(separator: "|", omittingEmptySubsequences: false)
        guard parts.count >= 2 else { throw Self.bad("\(at): a marker is lng,lat|icon[|scale:…][|offset:x,y] (got \"\(Self.shown(text[...]))\")") }
        let c = try coordinate(parts[0], at: at)
        var m = OverlayMarker(lon: c.lon, lat: c.lat, icon: try MarkerIcons.parse(String(parts[1]), at: "\(at) icon"))
        for opt in parts.dropFirst(2) {
            let kv = opt.split(separator: ":", maxSplits: 1, omittingEmptySubsequences: false)
            let value = kv.count > 1 ? kv[1] : ""
            switch kv[0] {
            case "scale":
                guard let s = Self.number(value), s > 0, s <= OverlayMarker.maxScale else {
                    throw Self.bad("\(at).scale: must be a number in (0, \(Int(OverlayMarker.maxScale))] (got \"\(Self.shown(value))\")")
                }
                m.scale = s
            case "offset":
                let xy = value.split(separator: ",", omittingEmptySubsequences: false)
                let n = xy.compactMap { Self.number($0) }.filter { abs($0) <= OverlayMarker.maxOffset }
                guard xy.count <= 2, n.count == xy.count else {
                    throw Self.bad("\(at).offset: must be x[,y], CSS px within ±\(Int(OverlayMarker.maxOffset)) (got \"\(Self.shown(value))\")")
                }
                m.offsetX = n[0]; m.offsetY = n.count > 1 ? n[1] : 0
            default:
                throw Self.bad("\(at): unknown option \"\(Self.shown(opt))\" (scale:…, offset:x,y)")
            }
        }
        return m
    }

    /// `a,b` as lng,lat (lat,lng with `latlng`).
    private func coordinate(_ s: Substring, at: String) throws -> Coordinate {
        let ab = s.split(separator: ",", omittingEmptySubsequences: false)
        let order = latlng ? "lat,lng" : "lng,lat"
        guard ab.count == 2, let a = Self.number(ab[0]), let b = Self.number(ab[1]) else {
            throw Self.bad("\(at): \"\(Self.shown(s))\" is not \(order)")
        }
        return try latlng ? Self.checked(b, a, at: at) : Self.checked(a, b, at: at)
    }

    /// A coordinate on the Web Mercator map.
    static func checked(_ lon: Double, _ lat: Double, at: String) throws -> Coordinate {
        guard (-180...180).contains(lon) else { throw bad("\(at): longitude \(lon) is not in [-180, 180]") }
        let m = StaticBounds.maxLatitude
        guard (-m...m).contains(lat) else { throw bad("\(at): latitude \(lat) is not in [-\(m), \(m)] (Web Mercator)") }
        return Coordinate(lon: lon, lat: lat)
    }

    /// One path option (`at` names it in errors).
    static func apply(option name: String, value: String, to p: inout OverlayPath, at: String) throws {
        func colour(_ v: String) throws -> String {
            guard StyleColor.parse(v) != nil else { throw bad("\(at): \"\(shown(v[...]))\" is not a CSS colour") }
            return v
        }
        func width(_ v: String, max: Double) throws -> Double {
            guard let w = number(v[...]), w >= 0, w <= max else { throw bad("\(at): must be a number in [0, \(Int(max))] CSS px (got \"\(shown(v[...]))\")") }
            return w
        }
        switch name {
        case "stroke": p.stroke = try colour(value)
        case "width": p.width = try width(value, max: OverlayPath.maxWidth)
        case "fill": p.fill = value.isEmpty ? OverlayPath.defaultFill : try colour(value)
        case "border": p.border = try colour(value)
        case "borderwidth": p.borderWidth = try width(value, max: OverlayPath.maxBorderWidth)
        case "linecap", "linejoin":
            let allowed = name == "linecap" ? OverlayPath.lineCaps : OverlayPath.lineJoins
            guard allowed.contains(value) else { throw bad("\(at): must be \(allowed.joined(separator: ", ")) (got \"\(shown(value[...]))\")") }
            if name == "linecap" { p.lineCap = value } else { p.lineJoin = value }
        default:
            throw bad("\(at): unknown path option \"\(shown(name[...]))\" (stroke, width, fill, border, borderwidth, linecap, linejoin)")
        }
    }

    /// `true`/`1` or `false`/`0`.
    static func flag(_ v: String?, name: String) throws -> Bool {
        switch v {
        case nil, "0", "false": return false
        case "1", "true", "": return true
        default: throw bad("\(name) must be true or false (got \"\(shown(v![...]))\")")
        }
    }

    /// A decimal as tileserver-gl writes them (`-?\d+(\.\d*)?`, also `.5`); no exponent, no nan.
    static func number(_ s: Substring) -> Double? {
        let t = s.hasSuffix(".") ? s.dropLast() : s
        if let v = StaticView.plainDecimal(t) { return v }
        if t.hasPrefix(".") || t.hasPrefix("-.") { return StaticView.plainDecimal(t.replacingOccurrences(of: ".", with: "0.")[...]) }
        return nil
    }

    /// User text inside an error message: at most 60 characters, control characters escaped.
    static func shown<S: StringProtocol>(_ s: S) -> String {
        let cut = s.count > 60 ? String(s.prefix(60)) + "…" : String(s)
        return cut.unicodeScalars.map { $0.value < 32 || $0.value == 127 ? "\\u{\(String($0.value, radix: 16))}" : String($0) }.joined()
    }

    static func bad(_ message: String) -> InvalidRequest { InvalidRequest(message, code: "invalid_overlay") }
}
