import JSON

/// A longitude/latitude position from GeoJSON.
typealias LngLat = SIMD2<Double>

/// The simple shapes `within`/`distance` compare against, read from a GeoJSON object
/// (geometry, Feature or FeatureCollection). Multi-geometries split into simple ones.
enum GeoJSONShape: Sendable {
    case point(LngLat)
    case lineString([LngLat])
    /// Rings; the first is the outer ring.
    case polygon([[LngLat]])

    static func position(_ v: JSONValue) -> LngLat? {
        guard case .array(let a) = v, a.count >= 2, let x = a[0].numberValue, let y = a[1].numberValue else { return nil }
        return LngLat(x, y)
    }

    static func line(_ v: JSONValue) -> [LngLat] { (v.arrayValue ?? []).compactMap(position) }
    static func rings(_ v: JSONValue) -> [[LngLat]] { (v.arrayValue ?? []).map(line) }

    /// Simple shapes of one geometry object; nil when it is not a geometry.
    static func shapes(ofGeometry g: JSONObject) -> [GeoJSONShape]? {
        guard let type = g["type"]?.stringValue, let coords = g["coordinates"] else { return nil }
        switch type {
        case "Point": return position(coords).map { [.point($0)] } ?? []
        case "MultiPoint": return line(coords).map { .point($0) }
        case "LineString": return [.lineString(line(coords))]
        case "MultiLineString": return (coords.arrayValue ?? []).map { .lineString(line($0)) }
        case "Polygon": return [.polygon(rings(coords))]
        case "MultiPolygon": return (coords.arrayValue ?? []).map { .polygon(rings($0)) }
        default: return []
        }
    }

    /// Every simple shape in a GeoJSON object; nil when it is not GeoJSON.
    static func shapes(of json: JSONValue) -> [GeoJSONShape]? {
        guard case .object(let o) = json else { return nil }
        switch o["type"]?.stringValue {
        case "FeatureCollection":
            var out: [GeoJSONShape] = []
            for f in o["features"]?.arrayValue ?? [] {
                if case .object(let g)? = f["geometry"], let s = shapes(ofGeometry: g) { out += s }
            }
            return out
        case "Feature":
            guard case .object(let g)? = o["geometry"] else { return nil }
            return shapes(ofGeometry: g)
        default:
            return shapes(ofGeometry: o)
        }
    }

    /// The polygons of a GeoJSON object for `within` (Polygon, MultiPolygon, a Feature of
    /// one, or the polygons of a FeatureCollection); nil when there are none.
    static func polygons(of json: JSONValue) -> [[[LngLat]]]? {
        guard case .object(let o) = json else { return nil }
        func polys(_ g: JSONObject) -> [[[LngLat]]] {
            switch g["type"]?.stringValue {
            case "Polygon": return [rings(g["coordinates"] ?? .null)]
            case "MultiPolygon": return (g["coordinates"]?.arrayValue ?? []).map(rings)
            default: return []
            }
        }
        switch o["type"]?.stringValue {
        case "FeatureCollection":
            var out: [[[LngLat]]] = []
            for f in o["features"]?.arrayValue ?? [] {
                if case .object(let g)? = f["geometry"] { out += polys(g) }
            }
            return out.isEmpty ? nil : out
        case "Feature":
            guard case .object(let g)? = o["geometry"] else { return nil }
            let p = polys(g)
            return p.isEmpty ? nil : p
        case "Polygon", "MultiPolygon":
            return polys(o)
        default:
            return nil
        }
    }
}
