import XCTest
import Foundation
import Geo
import Raster
import StyleSpec
import StrataTestSupport
@testable import Renderer

/// Line labels take their room with the circles MapLibre Native lays along the line
/// (`SymbolLineCollisionBoxes`): the positions and the circles that take part, worked out by
/// hand from Native's `bboxifyLabel` and `placeLineFeature`, and a street name that GL JS's
/// circles (following the glyphs to the last one and 0.15 em off the line) hid from a
/// point label below it, which Native shows (issue 24, defect 3: a street name and a bus
/// stop that MapLibre Native both shows).
final class SymbolLineCollisionTests: XCTestCase {
    /// A straight line from x 0 to 300 at y 50, anchored at x 100.
    static let path = SymbolLinePlacement.Path(points: [SIMD2(0, 50), SIMD2(300, 50)], anchor: SIMD2(100, 50), segment: 0)

    /// A 60 px label in 16 px squares: steps of 8, 7 squares and 3 spares on each side; the
    /// first square's edge at the label's start (centre 8 px in); spares before the start and
    /// past the label's length are spread out by how far they lie beyond it.
    func testSquaresLieAlongTheLineAsNativeLaysThemOut() {
        let boxes = SymbolLineCollisionBoxes.layOut(on: Self.path, labelLength: 60, boxSize: 16, overscaling: 1)
        XCTAssertEqual(boxes.count, 13)
        let xs = boxes.map(\.centre.x), ys = boxes.map(\.centre.y)
        XCTAssertEqual(xs, [30, 46, 62, 78, 86, 94, 102, 110, 118, 126, 134, 146, 162], accuracy: 1e-9)
        XCTAssertEqual(Set(ys), [50])
        // Distances from the anchor as placement reads them: 0.8 × (x − 100), 0 near the anchor.
        XCTAssertEqual(boxes.map(\.distance), [-56, -43.2, -30.4, -17.6, -11.2, 0, 0, 8, 14.4, 20.8, 27.2, 36.8, 49.6],
                       accuracy: 1e-9)
    }

    /// Squares between the first glyph (20 px before the anchor) and the last (20 px after)
    /// take part; of two closer than √2 radii the first is left out unless it is the last one.
    func testOnlyCirclesBetweenTheEndGlyphsTakePartThinned() {
        let circles = SymbolLineCollisionBoxes.circles(on: Self.path, labelLength: 60, boxSize: 16, first: 20, last: 20,
                                                       overscaling: 1)
        XCTAssertEqual(circles.map(\.x), [78, 94, 110, 118], accuracy: 1e-9)
    }

    /// An over-zoomed tile lays more spares out (Native's `1 + 0.4·log2(overscaling)`).
    func testOverscaledTilesLayMoreSparesOut() {
        let long = SymbolLinePlacement.Path(points: [SIMD2(-500, 50), SIMD2(600, 50)], anchor: SIMD2(100, 50), segment: 0)
        XCTAssertEqual(SymbolLineCollisionBoxes.layOut(on: long, labelLength: 60, boxSize: 16, overscaling: 4).count,
                       7 + 2 * 6, "⌊7 · 1.8 / 2⌋ = 6 spares on each side")
    }

    /// A line too short before the anchor for the label's start gets no squares.
    func testALineEndingBeforeTheLabelStartGetsNone() {
        let short = SymbolLinePlacement.Path(points: [SIMD2(90, 50), SIMD2(300, 50)], anchor: SIMD2(100, 50), segment: 0)
        XCTAssertTrue(SymbolLineCollisionBoxes.layOut(on: short, labelLength: 60, boxSize: 16, overscaling: 1).isEmpty)
    }

    /// A point label whose text lies `dy` px below a road label (13 px, `text-offset` 0.15 em
    /// as OSM Liberty's): MapLibre Native shows it from 20 px on (measured with pymgl 0.5.0
    /// on the same style); GL JS's circles, moved with the offset, needed 21.
    func testAPointLabelBelowAStreetNameShowsAsInMapLibreNative() throws {
        XCTAssertTrue(try pointLabelShows(dy: 20), "MapLibre Native shows it 20 px below the street name")
        XCTAssertFalse(try pointLabelShows(dy: 12), "12 px below, its box meets the street name's circles")
    }

    private func pointLabelShows(dy: Double) throws -> Bool {
        let dir = try Self.fontsDirectory()
        defer { try? FileManager.default.removeItem(at: dir) }
        let ppd = 512 * 16384 / 360.0
        let style = try PatternRenderingTests.style("""
        {"version": 8, "sources": {
           "l": {"type": "geojson", "data": {"type": "LineString", "coordinates": [[-0.01, 0], [0.01, 0]]}},
           "p": {"type": "geojson", "data": {"type": "Point", "coordinates": [0.0034, \(-dy / ppd)]}}},
         "layers": [{"id": "bg", "type": "background", "paint": {"background-color": "#ffffff"}},
           {"id": "p", "type": "symbol", "source": "p", "paint": {"text-color": "#0000ff"},
            "layout": {"text-field": "Wolgaster Straße", "text-font": ["Noto Sans Italic"], "text-size": 12, "text-anchor": "left",
                       "text-offset": [0.9, 0], "text-max-width": 9}},
           {"id": "l", "type": "symbol", "source": "l", "paint": {"text-color": "#ff0000"},
            "layout": {"symbol-placement": "line", "text-field": "Brunner Straße", "text-font": ["Noto Sans Regular"],
                       "text-size": 13, "text-offset": [0, 0.15]}}]}
        """)
        let camera = Camera(center: WorldPoint(0.5, 0.5), zoom: 14, width: 256, height: 256)
        let image = try MapRenderer(resources: RenderResources(dataDirectory: nil, fontsDirectory: dir.path)).render(style, camera: camera)
        var red = 0, blue = 0
        for y in 0..<256 {
            for x in 0..<256 {
                let p = image.pixel(x, y)
                if p.r > 150, p.b < 120 { red += 1 }
                if p.b > 150, p.r < 120 { blue += 1 }
            }
        }
        XCTAssertGreaterThan(red, 50, "the street name always shows")
        return blue > 50
    }

    /// Noto Sans Regular and Italic (Debian fonts-noto-core) in a fonts directory of their own.
    static func fontsDirectory() throws -> URL {
        let fm = FileManager.default
        let dir = fm.temporaryDirectory.appendingPathComponent("strata-line-collision-\(UUID().uuidString)")
        try fm.createDirectory(at: dir, withIntermediateDirectories: true)
        for name in ["NotoSans-Regular.ttf", "NotoSans-Italic.ttf"] {
            let font = try TestEnvironment.file("/usr/share/fonts/truetype/noto/\(name)", installedBy: "fonts-noto-core")
            try fm.createSymbolicLink(atPath: dir.path + "/" + name, withDestinationPath: font)
        }
        return dir
    }
}

private func XCTAssertEqual(_ a: [Double], _ b: [Double], accuracy: Double, file: StaticString = #filePath, line: UInt = #line) {
    XCTAssertEqual(a.count, b.count, "\(a) vs \(b)", file: file, line: line)
    for (x, y) in zip(a, b) where abs(x - y) > accuracy {
        XCTFail("\(a) vs \(b)", file: file, line: line)
        return
    }
}
