import Foundation
import GRDB
import SplitMix
import XCTest
@testable import SourceData

/// The PMTiles and MBTiles writers, read back through the project's own readers: every tile
/// present with its bytes, equal contents stored once, runs merged, leaf directories when the
/// root would not fit, and output independent of the order tiles come in.
final class ArchiveWriterTests: XCTestCase {
    private var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "archive-writer-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    private let description = TilesetDescription(name: "Test", format: "png", bounds: [13.1, 53.4, 13.4, 53.6],
                                                 center: (lon: 13.25, lat: 53.5, zoom: 12), minZoom: 0, maxZoom: 9,
                                                 attribution: "© OpenStreetMap contributors")

    /// Every tile of z0–z`maxZoom`; content = a few repeated ids (sea) and many distinct ones.
    private func pyramid(maxZoom: Int, seed: UInt64) -> (tiles: [ArchiveTile], contents: [Int64: [UInt8]]) {
        var rng = SplitMix64(seed: seed)
        var tiles: [ArchiveTile] = []
        var contents: [Int64: [UInt8]] = [:]
        for z in 0...maxZoom {
            for x in 0..<(1 << z) {
                for y in 0..<(1 << z) {
                    let id: Int64 = rng.next() % 4 == 0 ? Int64(tiles.count + 10) : Int64(rng.next() % 3)
                    if contents[id] == nil { contents[id] = Array("tile-\(id)-".utf8) + (0..<Int(rng.next() % 40)).map { UInt8($0) } }
                    tiles.append(ArchiveTile(z: z, x: x, y: y, content: id))
                }
            }
        }
        return (tiles, contents)
    }

    func testPMTilesRoundTripsThroughTheReaderWithLeavesRunsAndDedup() throws {
        let (tiles, contents) = pyramid(maxZoom: 7, seed: 1)   // 21,845 tiles: too many for one root
        let path = dir + "/t.pmtiles"
        var reads = 0
        try PMTilesArchiveWriter.write(path: path, tiles: tiles, lengths: contents.mapValues(\.count), description: description) {
            reads += 1; return contents[$0]!
        }
        let usedContents = Set(tiles.map(\.content))
        XCTAssertEqual(reads, usedContents.count, "each content is written once")
        let archive = try PMTilesArchive(path: path)
        XCTAssertGreaterThan(archive.header.leafLength, 0, "a pyramid this size needs leaf directories")
        XCTAssertLessThanOrEqual(PMTilesHeader.length + Int(archive.header.rootLength), 16_384)
        XCTAssertEqual(archive.header.tileType, .png)
        XCTAssertEqual(archive.header.internalCompression, .gzip)
        XCTAssertEqual(archive.metadata.format, "png")
        XCTAssertEqual(archive.metadataDocument["attribution"]?.stringValue, "© OpenStreetMap contributors")
        XCTAssertEqual(archive.header.maxZoom, 9)
        for t in tiles { XCTAssertEqual(try archive.tile(z: t.z, x: t.x, y: t.y), contents[t.content], "\(t.z)/\(t.x)/\(t.y)") }
        XCTAssertNil(try archive.tile(z: 8, x: 0, y: 0))
        let stored = contents.filter { usedContents.contains($0.key) }.values.reduce(0) { $0 + $1.count }
        XCTAssertEqual(Int(archive.header.dataLength), stored, "tile data holds each distinct content once")
    }

    func testPMTilesMergesRunsAndIsIndependentOfInputOrder() throws {
        var tiles = (0..<4).flatMap { x in (0..<4).map { y in ArchiveTile(z: 2, x: x, y: y, content: 7) } }
        tiles.append(ArchiveTile(z: 0, x: 0, y: 0, content: 8))
        let contents: [Int64: [UInt8]] = [7: [1, 2, 3], 8: [9]]
        let a = dir + "/a.pmtiles", b = dir + "/b.pmtiles"
        try PMTilesArchiveWriter.write(path: a, tiles: tiles, lengths: contents.mapValues(\.count), description: description) { contents[$0]! }
        try PMTilesArchiveWriter.write(path: b, tiles: tiles.reversed(), lengths: contents.mapValues(\.count), description: description) { contents[$0]! }
        XCTAssertEqual(FileManager.default.contents(atPath: a), FileManager.default.contents(atPath: b))
        let (entries, order) = try PMTilesArchiveWriter.layout(tiles, lengths: contents.mapValues(\.count))
        XCTAssertEqual(entries.count, 2, "all of z2 is one run of 16")
        XCTAssertEqual(entries.last?.runLength, 16)
        XCTAssertEqual(order, [8, 7], "clustered: contents in tile-id order")
        XCTAssertFalse(FileManager.default.fileExists(atPath: a + ".tmp"))
    }

    func testPMTilesRefusesATileTwice() {
        let tiles = [ArchiveTile(z: 1, x: 0, y: 0, content: 1), ArchiveTile(z: 1, x: 0, y: 0, content: 2)]
        XCTAssertThrowsError(try PMTilesArchiveWriter.write(path: dir + "/d.pmtiles", tiles: tiles, lengths: [1: 1, 2: 1],
                                                            description: description) { _ in [0] })
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/d.pmtiles"))
    }

    func testGzipRoundTrips() throws {
        let bytes = (0..<100_000).map { UInt8(truncatingIfNeeded: $0 * 7 / 3) }
        let packed = try Gzip.compress(bytes)
        XCTAssertTrue(Inflate.isGzip(packed))
        XCTAssertLessThan(packed.count, bytes.count)
        XCTAssertEqual(try Inflate.inflate(packed), bytes)
        XCTAssertEqual(try Inflate.inflate(try Gzip.compress([])), [])
    }

    func testMBTilesRoundTripsThroughTheReaderWithTheMapImagesSchema() throws {
        let (tiles, contents) = pyramid(maxZoom: 4, seed: 2)
        let path = dir + "/t.mbtiles"
        try MBTilesArchiveWriter.write(path: path, tiles: tiles.shuffled(), description: description) { contents[$0]! }
        let archive = try MBTilesArchive(path: path)
        for t in tiles { XCTAssertEqual(try archive.tile(z: t.z, x: t.x, y: t.y), contents[t.content], "\(t.z)/\(t.x)/\(t.y)") }
        XCTAssertEqual(archive.metadata.format, "png")
        XCTAssertEqual(archive.metadata.bounds, [13.1, 53.4, 13.4, 53.6])
        XCTAssertEqual(archive.metadata.minzoom, 0)
        XCTAssertEqual(archive.metadata.maxzoom, 9)
        XCTAssertEqual(archive.metadataDocument["attribution"]?.stringValue, "© OpenStreetMap contributors")
        XCTAssertEqual(archive.metadataDocument["center"]?.stringValue, "13.25,53.5,12")
        let db = try DatabaseQueue(path: path)
        let (images, maps) = try db.read { db in
            (try Int.fetchOne(db, sql: "SELECT count(*) FROM images")!, try Int.fetchOne(db, sql: "SELECT count(*) FROM map")!)
        }
        XCTAssertEqual(images, Set(tiles.map(\.content)).count, "one images row per distinct content")
        XCTAssertEqual(maps, tiles.count)
        XCTAssertFalse(FileManager.default.fileExists(atPath: path + ".tmp"))
    }
}
