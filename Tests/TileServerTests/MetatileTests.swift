import Foundation
import Geo
import JSON
import Renderer
import SourceData
import StrataTestSupport
import XCTest
@testable import TileServer

/// Metatiles: a block of tiles drawn as one canvas and cut must give each tile's bytes exactly
/// as `renderTile` draws it alone (labels, lines and fills crossing the cuts included), for
/// the default Natural Earth style and the dense city with its street, water and POI labels.
final class MetatileTests: XCTestCase {
    private func renderer(dataDir: String, fonts: String? = "/usr/share/fonts/truetype/noto") throws -> StyleTileRenderer {
        let directory = try DataDirectory(root: dataDir, archives: DataDirectory.discoverArchives(in: dataDir))
        let usable = fonts.flatMap { FileManager.default.fileExists(atPath: $0) ? $0 : nil }
        return StyleTileRenderer(renderer: MapRenderer(resources: RenderResources(dataDirectory: directory, fontsDirectory: usable),
                                                       customLayers: .standard()))
    }

    private func style(_ path: String) throws -> LiveStyle {
        try LiveStyle.load(JSONParser.parse([UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))), customLayers: .standard())
    }

    /// Every tile of the block at `origin` (span × span) equals its one-by-one render.
    private func assertBlockMatches(_ r: StyleTileRenderer, _ s: LiveStyle, _ origin: TileRequest, span: Int,
                                    file: StaticString = #filePath, line: UInt = #line) throws {
        let block = try XCTUnwrap(r.renderMetatile(style: s, origin: origin, span: span, budget: .distant))
        let n = origin.id.tilesPerSide
        XCTAssertEqual(block.count, min(span, n - origin.x) * min(span, n - origin.y), file: file, line: line)
        for (id, bytes) in block {
            let alone = try r.renderTile(style: s, tile: TileRequest(id: id, tileSize: origin.tileSize, scale: origin.scale, output: origin.output),
                                         budget: .distant)
            XCTAssertEqual(bytes, alone, "\(id) cut from a \(span)×\(span) metatile differs from the tile alone", file: file, line: line)
        }
    }

    func testNaturalEarthBlocksEqualTilesAlone() throws {
        let root = TestEnvironment.packageRoot.path
        let r = try renderer(dataDir: root + "/config/data")
        let s = try style(root + "/config/styles/default.json")
        try assertBlockMatches(r, s, TileRequest(z: 2, x: 0, y: 0, tileSize: 256, scale: 1), span: 4)
        try assertBlockMatches(r, s, TileRequest(z: 4, x: 8, y: 4, tileSize: 256, scale: 1), span: 3)
        try assertBlockMatches(r, s, TileRequest(z: 3, x: 6, y: 6, tileSize: 512, scale: 1, output: .webp(quality: nil)), span: 4)
    }

    func testDenseCityBlocksWithLabelsEqualTilesAlone() throws {
        let city = try TestEnvironment.shared("data/osm-neubrandenburg").path
        let r = try renderer(dataDir: city)
        for name in ["style.json", "style-labels.json"] {
            let s = try style(city + "/" + name)
            try assertBlockMatches(r, s, TileRequest(z: 15, x: 17590, y: 10588, tileSize: 256, scale: 1), span: 2)
            try assertBlockMatches(r, s, TileRequest(z: 14, x: 8795, y: 5294, tileSize: 256, scale: 2), span: 2)
        }
    }
}
