import SplitMix
import StrataTestSupport
import XCTest
import Foundation
import Geo
import JSON
@testable import SourceData

final class VectorTileDecoderTests: XCTestCase {
    func sampleTile() -> MVTWriter {
        var w = MVTWriter()
        var pois = MVTWriter.Layer(name: "poi")
        pois.features.append(.init(id: 7, type: 1, commands: MVTWriter.points([(100, 200)]),
                                   properties: [("name", .string("Tor")), ("rank", .int(-3)), ("open", .bool(true))]))
        pois.features.append(.init(id: nil, type: 1, commands: MVTWriter.points([(10, 20), (30, 40), (4000, 4000)]),
                                   properties: [("f", .float(1.5)), ("d", .double(2.25)), ("u", .uint(1 << 40)), ("s", .sint(-12345))]))
        var roads = MVTWriter.Layer(name: "road", extent: 1024)
        roads.features.append(.init(id: 1, type: 2, commands: MVTWriter.commands([[(0, 0), (512, 512), (1024, 0)], [(5, 5), (6, 6)]]),
                                    properties: [("class", .string("primary"))]))
        var water = MVTWriter.Layer(name: "water")
        // One polygon with a hole, then a second polygon: outer rings clockwise (MVT 2 rule).
        water.features.append(.init(id: 2, type: 3, commands: MVTWriter.commands([
            squareRing(0, 0, 2000, 2000), squareRing(500, 500, 1000, 1000, clockwise: false), squareRing(3000, 3000, 4000, 4000),
        ], close: true)))
        w.layers = [pois, roads, water]
        return w
    }

    func testDecodesLayersPropertiesAndIds() throws {
        let tile = try VectorTile.decode(sampleTile().encode())
        XCTAssertEqual(Set(tile.layers.keys), ["poi", "road", "water"])
        let poi = try XCTUnwrap(tile.layers["poi"])
        XCTAssertEqual(poi.extent, 4096)
        XCTAssertEqual(poi.version, 2)
        XCTAssertEqual(poi.features.count, 2)
        XCTAssertEqual(poi.features[0].id, .number(7))
        XCTAssertEqual(poi.features[0].properties["name"], .string("Tor"))
        XCTAssertEqual(poi.features[0].properties["rank"], .number(-3))
        XCTAssertEqual(poi.features[0].properties["open"], .bool(true))
        XCTAssertFalse(poi.features[0].isMulti)
        XCTAssertNil(poi.features[1].id)
        XCTAssertEqual(poi.features[1].properties["f"], .number(1.5))
        XCTAssertEqual(poi.features[1].properties["d"], .number(2.25))
        XCTAssertEqual(poi.features[1].properties["u"], .number(Double(1 << 40)))
        XCTAssertEqual(poi.features[1].properties["s"], .number(-12345))
        XCTAssertTrue(poi.features[1].isMulti)
        XCTAssertEqual(tile.layers["road"]?.extent, 1024)
        XCTAssertTrue(tile.warnings.isEmpty)
    }

    func testGeometryLandsInTheTileSquareInWorldCoordinates() throws {
        let tile = try VectorTile.decode(sampleTile().encode())
        let id = TileID(z: 3, x: 5, y: 2)!
        let b = id.worldBounds
        let poi = tile.layers["poi"]!
        let p = poi.geometry(of: 0, placement: poi.placement(id))
        XCTAssertEqual(p.type, .point)
        XCTAssertEqual(p.points.count, 1)
        XCTAssertEqual(p.points[0].x, b.minX + 100.0 / 4096 * b.width, accuracy: 1e-15)
        XCTAssertEqual(p.points[0].y, b.minY + 200.0 / 4096 * b.height, accuracy: 1e-15)
        let multi = poi.geometry(of: 1, placement: poi.placement(id, wrap: -1))
        XCTAssertEqual(multi.partEnds, [3])
        XCTAssertEqual(multi.points[2].x, b.minX - 1 + 4000.0 / 4096 * b.width, accuracy: 1e-15, "wrap shifts whole worlds")

        let road = tile.layers["road"]!
        let line = road.geometry(of: 0, placement: road.placement(id))
        XCTAssertEqual(line.type, .lineString)
        XCTAssertEqual(line.partEnds, [3, 5])
        XCTAssertEqual(line.points[2].x, b.maxX, accuracy: 1e-15, "extent 1024 reaches the tile edge")
        XCTAssertTrue(road.features[0].isMulti)
        XCTAssertEqual(road.worldBounds(of: 0, placement: road.placement(id)).maxY, b.minY + 0.5 * b.height, accuracy: 1e-15)
    }

    func testPolygonsAreClassifiedAndWound() throws {
        let tile = try VectorTile.decode(sampleTile().encode())
        let water = tile.layers["water"]!
        let g = water.geometry(of: 0, placement: water.placement(TileID(z: 0, x: 0, y: 0)!))
        XCTAssertEqual(g.type, .polygon)
        XCTAssertEqual(g.polygonEnds, [2, 3], "outer + hole, then a second polygon")
        XCTAssertTrue(water.features[0].isMulti)
        for ring in 0..<g.partCount {
            let pts = Array(g.points[g.partRange(ring)])
            XCTAssertEqual(pts.first, pts.last, "rings are closed")
            let area = Winding.signedArea(pts)
            XCTAssertEqual(area > 0, ring != 1, "ring \(ring): outer positive, hole negative")
        }
    }

    func testFirstRingWindingDecidesWhatIsOuter() throws {
        // Counter-clockwise outer rings (old MVT 1 producers): the first ring still marks outers.
        var w = MVTWriter()
        var l = MVTWriter.Layer(name: "l")
        l.features.append(.init(type: 3, commands: MVTWriter.commands([
            squareRing(0, 0, 100, 100, clockwise: false), squareRing(10, 10, 20, 20, clockwise: true),
            [(50, 50), (60, 50), (70, 50)],                      // zero area: dropped
            squareRing(200, 200, 300, 300, clockwise: false),
        ], close: true)))
        w.layers = [l]
        let layer = try VectorTile.decode(w.encode()).layers["l"]!
        let g = layer.geometry(of: 0, placement: layer.placement(TileID(z: 0, x: 0, y: 0)!))
        XCTAssertEqual(g.polygonEnds, [2, 3])
        XCTAssertGreaterThan(Winding.signedArea(Array(g.points[g.partRange(0)])), 0)
        XCTAssertLessThan(Winding.signedArea(Array(g.points[g.partRange(1)])), 0)
        XCTAssertGreaterThan(Winding.signedArea(Array(g.points[g.partRange(2)])), 0)
    }

    func testEmptyBytesAreAnEmptyTile() throws {
        XCTAssertTrue(try VectorTile.decode([]).layers.isEmpty)
    }

    func testGzipAndZlibInflate() throws {
        let expected = Array(String(repeating: "strata vector tile ", count: 40).utf8)
        let gz = [UInt8](Data(base64Encoded: "H4sIAAAAAAACAysuKUosSVQoS00uyS9SKMnMSVUoHhUaFRruQgDbwDce+AIAAA==")!)
        let zl = [UInt8](Data(base64Encoded: "eJwrLilKLElUKEtNLskvUijJzElVKB4VGhUa7kIA9k0fkA==")!)
        XCTAssertTrue(Inflate.isGzip(gz)); XCTAssertTrue(Inflate.isZlib(zl))
        XCTAssertEqual(try Inflate.inflate(gz), expected)
        XCTAssertEqual(try Inflate.inflate(zl), expected)
        XCTAssertThrowsError(try Inflate.inflate(gz, limit: 100), "over the limit")
        XCTAssertThrowsError(try Inflate.inflate(Array(gz.prefix(gz.count - 12))), "truncated")
        var corrupt = gz; corrupt[14] ^= 0xFF
        XCTAssertThrowsError(try Inflate.inflate(corrupt))
        XCTAssertThrowsError(try Inflate.inflate([]))
        XCTAssertThrowsError(try Inflate.inflate([0x1F, 0x8B]))
    }

    func testGzippedTileDecodes() throws {
        let raw = sampleTile().encode()
        let tile = try VectorTile.decode(gzipStored(raw))
        XCTAssertEqual(tile.layers["poi"]?.features.count, 2)
    }

    func testMalformedInputThrowsWithAMessage() {
        let good = sampleTile().encode()
        XCTAssertThrowsError(try VectorTile.decode(Array(good.prefix(good.count - 3)))) { e in
            XCTAssertTrue("\(e)".contains("layer 2"), "\(e)")
        }
        XCTAssertThrowsError(try VectorTile.decode([0x1A, 0x05, 0x0A]))            // layer longer than the data
        XCTAssertThrowsError(try VectorTile.decode([0x1B]))                         // field 3 with a group wire type
        XCTAssertThrowsError(try VectorTile.decode([0x18, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0xFF, 0x01]))
        var unnamed: [UInt8] = []
        MVTWriter.message(3, [0x28, 0x80, 0x20], into: &unnamed)                     // extent only
        XCTAssertThrowsError(try VectorTile.decode(unnamed)) { e in XCTAssertTrue("\(e)".contains("no name"), "\(e)") }
    }

    func testBadGeometrySkipsTheFeatureOnly() throws {
        var w = MVTWriter()
        var l = MVTWriter.Layer(name: "l")
        l.features.append(.init(type: 2, commands: [MVTWriter.command(2, 1), 2, 2]))          // LineTo first
        l.features.append(.init(type: 2, commands: [MVTWriter.command(1, 5), 2, 2]))          // count past the end
        l.features.append(.init(type: 2, commands: [MVTWriter.command(4, 1)]))                // unknown command
        l.features.append(.init(type: 9, commands: MVTWriter.points([(1, 1)])))               // unknown type
        l.features.append(.init(type: 2, commands: MVTWriter.commands([[(1, 1)]])))           // one-point line: nothing to draw
        l.features.append(.init(type: 2, commands: MVTWriter.commands([[(1, 1), (2, 2)]])))  // fine
        w.layers = [l]
        let tile = try VectorTile.decode(w.encode())
        XCTAssertEqual(tile.layers["l"]?.features.count, 1)
        XCTAssertEqual(tile.warnings.count, 4, "\(tile.warnings)")
    }

    /// Hundreds of random mutations of a valid tile: every one decodes or throws, none traps,
    /// and whatever decodes gives geometry that can be read back.
    func testFuzzedTilesNeverCrash() throws {
        let good = sampleTile().encode()
        var rng = SplitMix64(seed: 42)
        var decoded = 0, thrown = 0
        for round in 0..<600 {
            var bytes = good
            let edits = 1 + Int(rng.next() % 4)
            for _ in 0..<edits {
                let i = Int(rng.next() % UInt64(bytes.count))
                switch (rng.next() + UInt64(round)) % 4 {
                case 0: bytes[i] = UInt8(truncatingIfNeeded: rng.next())
                case 1: bytes[i] ^= 1 << UInt8(rng.next() % 8)
                case 2: bytes.removeSubrange(i..<min(bytes.count, i + 1 + Int(rng.next() % 8)))
                default: bytes.insert(UInt8(truncatingIfNeeded: rng.next()), at: i)
                }
                if bytes.isEmpty { bytes = [0] }
            }
            do {
                let tile = try VectorTile.decode(bytes)
                decoded += 1
                for layer in tile.layers.values {
                    for i in layer.features.indices {
                        let g = layer.geometry(of: i, placement: layer.placement(TileID(z: 14, x: 8802, y: 5374)!))
                        XCTAssertEqual(Int(g.partEnds.last ?? 0), g.points.count)
                    }
                }
            } catch is VectorTileError {
                thrown += 1
            }
        }
        XCTAssertEqual(decoded + thrown, 600)
        XCTAssertGreaterThan(thrown, 50)
        XCTAssertGreaterThan(decoded, 50)
    }

    /// Zero bytes after the last layer decode as ignorable field-0 varints (as in MapLibre's
    /// protobuf reader): the tile is read whole, with a warning; an odd trailing zero too.
    func testZeroPaddedTileDecodesWithAWarning() throws {
        let plain = sampleTile().encode()
        for padding in [2, 7, 4096] {
            let tile = try VectorTile.decode(plain + [UInt8](repeating: 0, count: padding))
            XCTAssertEqual(Set(tile.layers.keys), ["poi", "road", "water"])
            XCTAssertEqual(tile.layers["poi"]?.features.count, 2)
            XCTAssertEqual(tile.warnings.count, 1, "\(tile.warnings)")
            XCTAssertTrue(tile.warnings.first?.contains("field-0") == true)
        }
        // A zero key followed by something that is not a varint value is still refused.
        XCTAssertThrowsError(try VectorTile.decode(plain + [0, 0x80]))
    }

    /// Found by the mbtiles-row fuzzer: 100 feature warnings, a "more skipped" line and a
    /// field-0 line together. The cap holds: 100 kept, then the two summaries.
    func testWarningsStayCappedWithBothSummaries() throws {
        var w = MVTWriter()
        var l = MVTWriter.Layer(name: "l")
        for _ in 0..<150 { l.features.append(.init(type: 9, commands: MVTWriter.points([(1, 1)]))) }
        w.layers = [l]
        let tile = try VectorTile.decode(w.encode() + [0, 0])
        XCTAssertEqual(tile.warnings.count, VectorTile.maxWarnings, "\(tile.warnings.suffix(2))")
        XCTAssertTrue(tile.warnings[100].contains("50 more features skipped"), tile.warnings[100])
        XCTAssertTrue(tile.warnings[101].contains("field-0"), tile.warnings[101])
    }

    func testSharedRenderTestTilesDecode() throws {
        let dir = try TestEnvironment.shared("render-tests/assets/tiles")
        let names = try FileManager.default.contentsOfDirectory(atPath: dir.path)
        var count = 0
        for name in names where name.hasSuffix(".mvt") {
            let bytes = [UInt8](try Data(contentsOf: dir.appendingPathComponent(name)))
            let tile = try VectorTile.decode(bytes)
            XCTAssertFalse(tile.layers.isEmpty, name)
            // contours.mvt is zero-padded to 512 KiB: read as MapLibre reads it, with one warning.
            let expected = bytes.last == 0 ? 1 : 0
            XCTAssertEqual(tile.warnings.count, expected, "\(name): \(tile.warnings.prefix(3))")
            count += 1
        }
        XCTAssertGreaterThan(count, 5)
    }
}

/// gzip with stored (uncompressed) deflate blocks: valid input for any inflater.
func gzipStored(_ data: [UInt8]) -> [UInt8] {
    var out: [UInt8] = [0x1F, 0x8B, 8, 0, 0, 0, 0, 0, 0, 0xFF]
    var offset = 0
    repeat {
        let n = min(65535, data.count - offset)
        let final: UInt8 = offset + n == data.count ? 1 : 0
        out.append(final)
        out += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
        out += data[offset..<(offset + n)]
        offset += n
    } while offset < data.count
    var crc: UInt32 = 0xFFFF_FFFF
    for b in data {
        crc ^= UInt32(b)
        for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
    }
    crc = ~crc
    for v in [crc, UInt32(truncatingIfNeeded: data.count)] {
        out += [UInt8(v & 0xFF), UInt8((v >> 8) & 0xFF), UInt8((v >> 16) & 0xFF), UInt8(v >> 24)]
    }
    return out
}
