import XCTest
import Geo
import JSON
@testable import SourceData

final class FeatureClippingTests: XCTestCase {
    /// A circle of `n` vertices (lon/lat degrees) as a GeoJSON polygon, optionally with a hole.
    func circle(_ cx: Double, _ cy: Double, _ r: Double, _ n: Int) -> String {
        let pts = (0...n).map { i -> String in
            let a = Double(i % n) / Double(n) * 2 * .pi
            return "[\(cx + r * cos(a)),\(cy + r * sin(a))]"
        }
        return "[" + pts.joined(separator: ",") + "]"
    }

    func testHugeRingAroundATileClipsToTheTileCheaply() throws {
        let s = try parse(#"{"type": "Polygon", "coordinates": [\#(circle(10, 50, 5, 100_000))]}"#)
        XCTAssertEqual(s.vertexCount, 100_001)
        // A z14 tile in the middle of the circle: no chunk reaches it.
        let tile = TileID.containing(WebMercator.project(lon: 10, lat: 50), zoom: 14).worldBounds
        var scratch = GeometryScratch()
        XCTAssertTrue(s.clip(feature: 0, zoom: 14, to: tile, into: &scratch))
        XCTAssertEqual(polygonArea(scratch.geometry), tile.width * tile.height, accuracy: tile.width * tile.height * 1e-9)
        XCTAssertLessThan(scratch.geometry.points.count, 10)
        // A z14 tile on the boundary: same area as clipping the full geometry.
        let edgePoint = WebMercator.project(lon: 15, lat: 50)
        let edge = TileID.containing(edgePoint, zoom: 14).worldBounds
        XCTAssertTrue(s.clip(feature: 0, zoom: 18, to: edge, into: &scratch))
        let reference = s.geometry(0).clipped(to: edge)
        XCTAssertEqual(polygonArea(scratch.geometry), polygonArea(reference), accuracy: abs(polygonArea(reference)) * 1e-9)
        XCTAssertGreaterThan(polygonArea(scratch.geometry), 0)
        // A tile outside: nothing.
        let outside = TileID.containing(WebMercator.project(lon: 30, lat: 50), zoom: 14).worldBounds
        XCTAssertFalse(s.clip(feature: 0, zoom: 14, to: outside, into: &scratch))
        XCTAssertTrue(scratch.geometry.points.isEmpty)
    }

    func testChordsKeepHolesAndConcaveRingsExact() throws {
        // A ring with a hole, both huge; tiles inside the hole, inside the ring, across edges.
        let s = try parse(#"{"type": "Polygon", "coordinates": [\#(circle(0, 0, 20, 3000)), \#(circle(0, 0, 10, 3000))]}"#)
        var scratch = GeometryScratch()
        let full = s.geometry(0)
        for (lon, lat) in [(0.0, 0.0), (15.0, 0.0), (10.0, 0.0), (20.0, 0.0), (0.0, -10.0), (14.0, 14.0), (30.0, 30.0)] {
            for z in [6, 9, 12] {
                let tile = TileID.containing(WebMercator.project(lon: lon, lat: lat), zoom: z).worldBounds(buffer: 0.25)
                let got = s.clip(feature: 0, zoom: 18, to: tile, into: &scratch) ? polygonArea(scratch.geometry) : 0
                let expected = polygonArea(full.clipped(to: tile))
                XCTAssertEqual(got, expected, accuracy: tile.width * tile.height * 1e-9, "\(lon),\(lat) z\(z)")
            }
        }
    }

    func testSimplificationByZoom() throws {
        let s = try parse(#"{"type": "Polygon", "coordinates": [\#(circle(10, 50, 5, 20_000))]}"#)
        var scratch = GeometryScratch()
        var counts: [Int] = []
        for z in [0, 4, 8, 12, 18] {
            XCTAssertTrue(s.clip(feature: 0, zoom: z, to: .world, into: &scratch))
            counts.append(scratch.geometry.points.count)
            XCTAssertGreaterThan(polygonArea(scratch.geometry), 0)
        }
        XCTAssertEqual(counts.last, 20_001, "no simplification at maxzoom")
        XCTAssertEqual(counts, counts.sorted(), "more detail with zoom: \(counts)")
        XCTAssertLessThan(counts[0], 200)
        // Tiny features vanish at low zoom (geojson-vt's size filter) and come back deeper.
        let tiny = try parse(#"""
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "geometry": {"type": "Polygon", "coordinates": [[[0, 0], [0.0001, 0], [0.0001, 0.0001], [0, 0]]]}},
            {"type": "Feature", "geometry": {"type": "LineString", "coordinates": [[0, 0], [0.0001, 0]]}}]}
        """#)
        XCTAssertFalse(tiny.clip(feature: 0, zoom: 2, to: .world, into: &scratch))
        XCTAssertFalse(tiny.clip(feature: 1, zoom: 2, to: .world, into: &scratch))
        XCTAssertTrue(tiny.clip(feature: 0, zoom: 17, to: .world, into: &scratch))
        XCTAssertTrue(tiny.clip(feature: 1, zoom: 17, to: .world, into: &scratch))
    }

    func testLongLineIsSplitAndClippedWithLineClips() throws {
        // 1000 vertices along the equator from lon 0 to 90, with line metrics.
        let coords = (0...1000).map { "[\(Double($0) * 0.09),0]" }.joined(separator: ",")
        let s = try parse(#"{"type": "LineString", "coordinates": [\#(coords)]}"#, GeoJSONOptions(lineMetrics: true))
        var scratch = GeometryScratch()
        let a = WebMercator.project(lon: 22.5, lat: 0).x, b = WebMercator.project(lon: 45, lat: 0).x
        let rect = WorldRect(minX: a, minY: 0.4, maxX: b, maxY: 0.6)
        XCTAssertTrue(s.clip(feature: 0, zoom: 18, to: rect, into: &scratch))
        XCTAssertEqual(scratch.geometry.partCount, 1)
        XCTAssertEqual(scratch.geometry.points.first!.x, a, accuracy: 1e-12)
        XCTAssertEqual(scratch.geometry.points.last!.x, b, accuracy: 1e-12)
        XCTAssertEqual(scratch.lineClips.count, 1)
        XCTAssertEqual(scratch.lineClips[0].x, 0.25, accuracy: 1e-9)
        XCTAssertEqual(scratch.lineClips[0].y, 0.5, accuracy: 1e-9)
        // A line leaving and re-entering gives several parts.
        let zig = try parse(#"{"type": "LineString", "coordinates": [[0, 0], [10, 0], [10, 30], [20, 30], [20, 0], [30, 0]]}"#, GeoJSONOptions(lineMetrics: true))
        let band = WorldRect(minX: 0, minY: WebMercator.project(lon: 0, lat: 1).y, maxX: 1, maxY: WebMercator.project(lon: 0, lat: -1).y)
        XCTAssertTrue(zig.clip(feature: 0, zoom: 18, to: band, into: &scratch))
        XCTAssertEqual(scratch.geometry.partCount, 2)
        XCTAssertEqual(scratch.lineClips.count, 2)
        XCTAssertEqual(scratch.lineClips[0].x, 0)
        XCTAssertEqual(scratch.lineClips[1].y, 1)
    }

    func testPointsClipAndForEachFeatureOrder() throws {
        let s = try parse(#"""
            {"type": "FeatureCollection", "features": [
            {"type": "Feature", "geometry": {"type": "MultiPoint", "coordinates": [[0, 0], [100, 50], [1, 1]]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [100, 50]}},
            {"type": "Feature", "geometry": {"type": "Point", "coordinates": [0.5, 0.5]}}]}
        """#)
        var scratch = GeometryScratch()
        let rect = WorldRect(minX: 0.49, minY: 0.49, maxX: 0.51, maxY: 0.51)
        var seen: [Int] = []
        s.forEachFeature(in: rect, zoom: 5, scratch: &scratch) { i, g, _ in
            seen.append(i)
            XCTAssertTrue(g.points.allSatisfy { rect.contains($0) })
            if i == 0 { XCTAssertEqual(g.points.count, 2) }
        }
        XCTAssertEqual(seen, [0, 2])
        seen = []
        s.forEachFeature(in: rect, zoom: 5, scratch: &scratch, include: { $0 != 0 }) { i, _, _ in seen.append(i) }
        XCTAssertEqual(seen, [2])
        XCTAssertEqual(s.geometry(0, simplifiedAt: 3, clippedTo: nil).points.count, 3)
        XCTAssertEqual(s.geometry(0, simplifiedAt: 3, clippedTo: rect).points.count, 2)
    }

    func testManyPointsInOneMultiPointUseChunks() throws {
        let coords = (0..<5000).map { "[\(Double($0 % 100) * 0.01),\(Double($0 / 100) * 0.01)]" }.joined(separator: ",")
        let s = try parse(#"{"type": "MultiPoint", "coordinates": [\#(coords)]}"#)
        var scratch = GeometryScratch()
        let a = WebMercator.project(lon: 0.1, lat: 0.1), b = WebMercator.project(lon: 0.2, lat: 0.2)
        let rect = WorldRect(minX: a.x, minY: b.y, maxX: b.x, maxY: a.y)
        XCTAssertTrue(s.clip(feature: 0, zoom: 10, to: rect, into: &scratch))
        let expected = s.geometry(0).points.filter { rect.contains($0) }.count
        XCTAssertEqual(scratch.geometry.points.count, expected)
        XCTAssertGreaterThan(expected, 50)
    }
}
