import Geo
import JSON

/// Builds a `GeoJSONSource` from geometry made in code (generators, tests, converters)
/// instead of a GeoJSON document; the same checks, winding, simplification data and index.
public struct GeoJSONSourceBuilder {
    var reader: GeoJSONReader

    public init(options: GeoJSONOptions = GeoJSONOptions()) {
        reader = GeoJSONReader(options: options, include: nil)
    }

    /// Number of features added so far.
    public var count: Int { reader.features.count }

    /// Adds a feature from world-coordinate geometry (rings may be open or closed, wound
    /// either way). Undrawable parts are dropped as in GeoJSON input; returns false when
    /// nothing of the feature was drawable.
    @discardableResult
    public mutating func add(_ geometry: FeatureGeometry, id: JSONValue? = nil, properties: JSONObject = JSONObject()) -> Bool {
        // (Never bind `reader.store` to a local: a second reference would make every append copy.)
        let firstPart = reader.store.partEnds.count, firstPolygon = reader.store.polygonEnds.count
        let before = reader.features.count
        geometry.points.withUnsafeBufferPointer { pts in
            func append(_ part: Int) -> Bool {
                let lo = part == 0 ? 0 : Int(geometry.partEnds[part - 1]), hi = Int(geometry.partEnds[part])
                guard lo >= 0, lo <= hi, hi <= pts.count else { return false }
                for k in lo..<hi {
                    let p = pts[k]
                    guard p.x.isFinite, p.y.isFinite else { reader.store.discardOpenPart(); return false }
                    reader.store.points.append(WorldPoint(Swift.max(-1, Swift.min(2, p.x)), Swift.max(0, Swift.min(1, p.y))))
                }
                return true
            }
            switch geometry.type {
            case .point:
                for part in 0..<geometry.partCount { _ = append(part) }
                if reader.store.points.count > reader.store.openPartStart { try? reader.store.endPart(.points) }
            case .lineString:
                for part in 0..<geometry.partCount where append(part) { try? reader.store.endPart(.line) }
            case .polygon:
                for j in 0..<geometry.polygonCount {
                    let lo = j == 0 ? 0 : Int(geometry.polygonEnds[j - 1]), hi = Int(geometry.polygonEnds[j])
                    guard lo >= 0, lo < hi, hi <= geometry.partCount else { continue }
                    let partsBefore = reader.store.partEnds.count, polygonsBefore = reader.store.polygonEnds.count
                    var outerOK = false
                    for part in lo..<hi {
                        var ok = append(part)
                        if ok { ok = (try? reader.store.endPart(.ring(outer: part == lo))) != nil }
                        if part == lo { outerOK = ok; if !ok { break } }
                    }
                    if outerOK { reader.store.endPolygon() } else { reader.store.rollback(parts: partsBefore, polygons: polygonsBefore) }
                }
            }
        }
        reader.finishFeature(type: geometry.type, id: id, properties: properties, firstPart: firstPart, firstPolygon: firstPolygon)
        return reader.features.count > before
    }

    /// The finished, indexed source.
    public func build() -> GeoJSONSource {
        GeoJSONSource(options: reader.options, features: reader.features, headers: reader.headers, warnings: reader.warnings.all, store: reader.store)
    }
}
