import SplitMix
import StrataTestSupport
import XCTest
import Foundation
import GRDB
import Geo
import JSON
@testable import SourceData

final class ArchiveTests: XCTestCase {
    var base: URL!

    override func setUpWithError() throws {
        base = FileManager.default.temporaryDirectory.appendingPathComponent("strata-archives-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: base, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(at: base) }

    /// An MBTiles file with TMS rows, gzip tiles and OpenMapTiles-style metadata.
    func makeMBTiles(_ name: String = "city.mbtiles", tiles: [(Int, Int, Int, [UInt8])]) throws -> String {
        let path = base.appendingPathComponent(name).path
        let db = try DatabaseQueue(path: path)
        try db.write { db in
            try db.execute(sql: "CREATE TABLE metadata (name text, value text)")
            try db.execute(sql: "CREATE TABLE tiles (zoom_level integer, tile_column integer, tile_row integer, tile_data blob)")
            for (k, v) in [("minzoom", "1"), ("maxzoom", "14"), ("format", "pbf"), ("bounds", "13.1094,53.4382,13.4074,53.6153"),
                           ("json", "{\"vector_layers\":[{\"id\":\"water\"},{\"id\":\"road\"}]}")] {
                try db.execute(sql: "INSERT INTO metadata VALUES (?, ?)", arguments: [k, v])
            }
            for (z, x, y, data) in tiles {
                try db.execute(sql: "INSERT INTO tiles VALUES (?, ?, ?, ?)", arguments: [z, x, (1 << z) - 1 - y, Data(data)])
            }
        }
        try db.close()
        return path
    }

    func testMBTilesFlipsRowsAndReadsMetadata() throws {
        var w = MVTWriter()
        w.layers = [MVTWriter.Layer(name: "water", features: [.init(type: 1, commands: MVTWriter.points([(1, 2)]))])]
        let tile = gzipStored(w.encode())
        let path = try makeMBTiles(tiles: [(14, 8795, 5294, tile), (14, 8795, 5295, [])])
        let a = try MBTilesArchive(path: path)
        XCTAssertEqual(a.metadata.minzoom, 1)
        XCTAssertEqual(a.metadata.maxzoom, 14)
        XCTAssertEqual(a.metadata.format, "pbf")
        XCTAssertEqual(a.metadata.bounds, [13.1094, 53.4382, 13.4074, 53.6153])
        XCTAssertEqual(a.metadata.vectorLayers, ["water", "road"])
        XCTAssertEqual(try a.tile(z: 14, x: 8795, y: 5294), tile, "XYZ row 5294 is TMS row 2^14-1-5294")
        XCTAssertEqual(try a.tile(z: 14, x: 8795, y: 5295), [], "an empty blob is an empty tile")
        XCTAssertNil(try a.tile(z: 14, x: 8795, y: 5296))
        XCTAssertNil(try a.tile(z: 14, x: -1, y: 0))
        XCTAssertNil(try a.tile(z: 40, x: 0, y: 0))
        let decoded = try VectorTile.decode(XCTUnwrap(a.tile(z: 14, x: 8795, y: 5294)))
        XCTAssertEqual(decoded.layers["water"]?.features.count, 1)
    }

    func testMBTilesRefusesOtherFiles() throws {
        XCTAssertThrowsError(try MBTilesArchive(path: base.appendingPathComponent("missing.mbtiles").path))
        let text = base.appendingPathComponent("text.mbtiles")
        try Data("not a database at all, just some text that is long enough".utf8).write(to: text)
        XCTAssertThrowsError(try MBTilesArchive(path: text.path))
        let other = base.appendingPathComponent("other.mbtiles").path
        let db = try DatabaseQueue(path: other)
        try db.write { try $0.execute(sql: "CREATE TABLE t (a)") }
        try db.close()
        XCTAssertThrowsError(try MBTilesArchive(path: other)) { e in XCTAssertTrue("\(e)".contains("no tiles table"), "\(e)") }
    }

    func testSharedOSMArchive() throws {
        let path = try TestEnvironment.shared("data/osm-neubrandenburg/osm-neubrandenburg.mbtiles").path
        let a = try MBTilesArchive(path: path)
        XCTAssertEqual(a.metadata.maxzoom, 14)
        let bytes = try XCTUnwrap(a.tile(z: 14, x: 8795, y: 5294))
        XCTAssertTrue(Inflate.isGzip(bytes))
        let tile = try VectorTile.decode(bytes)
        XCTAssertNotNil(tile.layers["building"])
        XCTAssertNotNil(tile.layers["transportation"])
    }

    func testPMTilesIdsFollowTheHilbertCurve() {
        XCTAssertEqual(PMTilesDirectory.tileID(z: 0, x: 0, y: 0), 0)
        XCTAssertEqual(PMTilesDirectory.tileID(z: 1, x: 0, y: 0), 1)
        XCTAssertEqual(PMTilesDirectory.tileID(z: 1, x: 0, y: 1), 2)
        XCTAssertEqual(PMTilesDirectory.tileID(z: 1, x: 1, y: 1), 3)
        XCTAssertEqual(PMTilesDirectory.tileID(z: 1, x: 1, y: 0), 4)
        XCTAssertEqual(PMTilesDirectory.tileID(z: 2, x: 0, y: 0), 5)
        // Every tile of a zoom gets a distinct id inside that zoom's block.
        var seen = Set<UInt64>()
        for x in 0..<8 { for y in 0..<8 { seen.insert(PMTilesDirectory.tileID(z: 3, x: x, y: y)) } }
        XCTAssertEqual(seen.count, 64)
        XCTAssertEqual(seen.min(), 21); XCTAssertEqual(seen.max(), 84)
    }

    func testPMTilesReadsTilesThroughRootAndLeafDirectories() throws {
        for (leaf, gz) in [(false, false), (true, false), (true, true)] {
            var w = PMTilesWriter()
            w.useLeaf = leaf; w.gzipDirectories = gz
            w.tiles = [(0, 0, 0, [1, 2, 3]), (1, 1, 0, [4]), (3, 5, 2, [5, 6]), (14, 8795, 5294, [])]
            let path = base.appendingPathComponent("a-\(leaf)-\(gz).pmtiles")
            try Data(w.encode()).write(to: path)
            let a = try PMTilesArchive(path: path.path)
            XCTAssertEqual(try a.tile(z: 0, x: 0, y: 0), [1, 2, 3])
            XCTAssertEqual(try a.tile(z: 1, x: 1, y: 0), [4])
            XCTAssertEqual(try a.tile(z: 3, x: 5, y: 2), [5, 6])
            XCTAssertEqual(try a.tile(z: 14, x: 8795, y: 5294), [])
            XCTAssertNil(try a.tile(z: 1, x: 0, y: 0))
            XCTAssertNil(try a.tile(z: 3, x: 5, y: 3))
            XCTAssertEqual(a.metadata.maxzoom, 14)
            XCTAssertEqual(a.metadata.format, "pbf")
            XCTAssertEqual(a.metadata.vectorLayers, ["water"])
            XCTAssertEqual(a.metadata.bounds?[0] ?? 0, 13.1094, accuracy: 1e-9)
        }
    }

    func testMetadataDocumentsForServing() throws {
        let a = try MBTilesArchive(path: makeMBTiles(tiles: []))
        XCTAssertEqual(a.metadataDocument["format"], "pbf")
        XCTAssertEqual(a.metadataDocument["minzoom"], "1", "rows stay strings")
        XCTAssertEqual(a.metadataDocument["vector_layers"], [["id": "water"], ["id": "road"]], "the json row merged in")
        XCTAssertNil(a.metadataDocument["json"])
        var w = PMTilesWriter()
        w.tiles = [(0, 0, 0, [1])]
        w.metadata = "{\"name\": \"City\", \"attribution\": \"© OSM\", \"vector_layers\": [{\"id\": \"water\", \"fields\": {}}]}"
        let path = base.appendingPathComponent("meta.pmtiles")
        try Data(w.encode()).write(to: path)
        let p = try PMTilesArchive(path: path.path)
        XCTAssertEqual(p.metadataDocument["attribution"], "© OSM")
        XCTAssertEqual(p.metadataDocument["vector_layers"], [["id": "water", "fields": [:]]])
        XCTAssertEqual(p.metadata.vectorLayers, ["water"])
    }

    func testPMTilesRunLengths() throws {
        let entries = [PMTilesEntry(tileID: 5, offset: 0, length: 3, runLength: 4), PMTilesEntry(tileID: 20, offset: 3, length: 1, runLength: 1)]
        let decoded = try PMTilesDirectory.decode(PMTilesWriter.directory(entries))
        XCTAssertEqual(decoded, entries)
        XCTAssertEqual(PMTilesDirectory.find(decoded, 8)?.tileID, 5, "inside the run")
        XCTAssertNil(PMTilesDirectory.find(decoded, 9), "past the run")
        XCTAssertNil(PMTilesDirectory.find(decoded, 4))
        XCTAssertEqual(PMTilesDirectory.find(decoded, 20)?.offset, 3)
    }

    func testCorruptPMTilesThrow() throws {
        var w = PMTilesWriter()
        w.tiles = [(0, 0, 0, [1, 2, 3])]
        let good = w.encode()
        func write(_ bytes: [UInt8]) throws -> String {
            let p = base.appendingPathComponent("bad-\(UUID().uuidString).pmtiles")
            try Data(bytes).write(to: p)
            return p.path
        }
        XCTAssertThrowsError(try PMTilesArchive(path: write(Array(good.prefix(60)))))
        var magic = good; magic[0] = 0x51
        XCTAssertThrowsError(try PMTilesArchive(path: write(magic)))
        var version = good; version[7] = 2
        XCTAssertThrowsError(try PMTilesArchive(path: write(version))) { e in XCTAssertTrue("\(e)".contains("version"), "\(e)") }
        var beyond = good; beyond[16] = 0xFF; beyond[17] = 0xFF
        XCTAssertThrowsError(try PMTilesArchive(path: write(beyond)))
        var brotli = good; brotli[97] = 3
        XCTAssertThrowsError(try PMTilesArchive(path: write(brotli)))
        // Fuzzed directories: open and read or throw, never trap.
        var rng = SplitMix64(seed: 7)
        for _ in 0..<200 {
            var b = good
            let i = 127 + Int(rng.next() % UInt64(b.count - 127))
            b[i] = UInt8(truncatingIfNeeded: rng.next())
            if let a = try? PMTilesArchive(path: write(b)) { _ = try? a.tile(z: 0, x: 0, y: 0) }
        }
    }

    func testArchivesAreDiscoveredByName() throws {
        try Data().write(to: base.appendingPathComponent("osm.mbtiles"))
        try Data().write(to: base.appendingPathComponent("planet.pmtiles"))
        try Data().write(to: base.appendingPathComponent("notes.txt"))
        let found = DataDirectory.discoverArchives(in: base.path)
        XCTAssertEqual(found, ["osm": base.path + "/osm.mbtiles", "planet": base.path + "/planet.pmtiles"])
    }
}
