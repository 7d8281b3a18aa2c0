import Geo
import JSON
import SourceData

/// GeoJSON documents (the document's own top-level `maxzoom`, `buffer`, `tolerance`,
/// `lineMetrics`, … keys are read as the source options): strict and lenient parses agree;
/// stored geometry is well formed and inside each feature's bounds; geometry clipped for a
/// view lies inside the view rectangle, with line-progress clips in 0...1.
func fuzzGeoJSON(_ data: UnsafeRawBufferPointer) {
    guard let json = try? JSONParser.parse(bytes: data) else { return }
    let options = GeoJSONOptions(source: json)
    let lenient = GeoJSONSource.parseLeniently(json, options: options)
    guard let source = try? GeoJSONSource.parse(json, options: options) else {
        fuzzCheck(lenient.features.isEmpty, "a rejected document gives features leniently")
        return
    }
    fuzzCheck(lenient.features.count == source.features.count, "strict and lenient parses differ")
    fuzzCheck(source.warnings.count <= 101, "\(source.warnings.count) warnings (capped at 100 + a count)")
    for i in source.features.indices {
        let f = source.features[i], g = source.geometry(i)
        checkGeometry(g, type: f.type, "feature \(i)")
        if !g.points.isEmpty { fuzzCheck(f.bounds.contains(g.bounds), "feature \(i)'s geometry exceeds its bounds") }
    }
    var views: [(WorldRect, Int)] = [(WorldRect.world.outset(by: options.bufferFraction), 0),
                                     (WorldRect(minX: -0.25, minY: 0.2, maxX: 0.25, maxY: 0.7), 2)]
    if let c = source.features.first?.bounds.center, c.x.isFinite, c.y.isFinite {
        let z = min(options.maxzoom + 1, 20), n = Double(1 << z)
        let x = (c.x * n).rounded(.down) / n, y = (min(max(c.y, 0), 1) * n).rounded(.down) / n
        views.append((WorldRect(minX: x, minY: y, maxX: x + 1 / n, maxY: y + 1 / n).outset(by: options.bufferFraction / n), z))
    }
    var scratch = GeometryScratch()
    for (rect, zoom) in views {
        let slack = rect.outset(by: 1e-9 * max(1, rect.width))
        source.forEachFeature(in: rect, zoom: zoom, scratch: &scratch) { i, g, clips in
            checkGeometry(g, type: source.features[i].type, "feature \(i) at z\(zoom)")
            for p in g.points { fuzzCheck(slack.contains(p), "clipped point \(p) outside view \(rect)") }
            for c in clips { fuzzCheck(c.x >= -1e-9 && c.y <= 1 + 1e-9 && c.x <= c.y + 1e-9, "line clip \(c) outside 0...1") }
        }
    }
}

/// Parts end in order at the point count, polygons in order at the part count; points finite.
func checkGeometry(_ g: FeatureGeometry, type: GeometryType, _ what: @autoclosure () -> String) {
    fuzzCheck(g.type == type, "\(what()): geometry type changed")
    var last: Int32 = 0
    for e in g.partEnds { fuzzCheck(e > last, "\(what()): empty or unordered part"); last = e }
    fuzzCheck(Int(last) == g.points.count, "\(what()): parts do not end at the point count")
    if type == .polygon {
        var lastPolygon: Int32 = 0
        for e in g.polygonEnds { fuzzCheck(e > lastPolygon, "\(what()): empty or unordered polygon"); lastPolygon = e }
        fuzzCheck(Int(lastPolygon) == g.partEnds.count, "\(what()): polygons do not end at the part count")
    } else {
        fuzzCheck(g.polygonEnds.isEmpty, "\(what()): polygon ends on a \(type)")
    }
    for p in g.points { fuzzCheck(p.x.isFinite && p.y.isFinite, "\(what()): non-finite point") }
}
