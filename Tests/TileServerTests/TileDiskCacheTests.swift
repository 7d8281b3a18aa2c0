import Foundation
import XCTest
@testable import TileServer

/// The disk tile cache: round trip, a restart finding what was saved, damaged files deleted,
/// the byte bound kept under many saves, leftovers of a crash cleared.
final class TileDiskCacheTests: XCTestCase {
    private var dir: String!

    override func setUpWithError() throws { dir = NSTemporaryDirectory() + "tile-disk-\(UUID().uuidString)" }
    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    func testSavedTilesSurviveARestartAndDamageIsDetected() throws {
        let a = try TileDiskCache(directory: dir, maxBytes: 1 << 20)
        a.saveNow("k1", [1, 2, 3]); a.saveNow("k2", Array(repeating: 9, count: 1000))
        XCTAssertEqual(a.loadNow("k1"), [1, 2, 3])
        XCTAssertNil(a.loadNow("k3"))
        a.shutdown()
        FileManager.default.createFile(atPath: dir + "/left-by-a-crash.tmp", contents: Data([1]))
        let b = try TileDiskCache(directory: dir, maxBytes: 1 << 20)
        defer { b.shutdown() }
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/left-by-a-crash.tmp"))
        XCTAssertEqual(b.usage.files, 2)
        XCTAssertEqual(b.loadNow("k2"), Array(repeating: 9, count: 1000))
        // A flipped byte (a torn or damaged file) is never served, and the file goes.
        let path = dir + "/" + b.name("k1")
        var bytes = [UInt8](FileManager.default.contents(atPath: path)!)
        bytes[bytes.count - 9] ^= 0xFF
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        XCTAssertNil(b.loadNow("k1"))
        XCTAssertFalse(FileManager.default.fileExists(atPath: path))
        XCTAssertEqual(b.usage.files, 1)
    }

    func testTheByteBoundHoldsAndRecentTilesStay() throws {
        let c = try TileDiskCache(directory: dir, maxBytes: 50_000)
        defer { c.shutdown() }
        for i in 0..<200 {
            c.saveNow("tile-\(i)", Array(repeating: UInt8(i & 0xFF), count: 1000))
            _ = c.loadNow("tile-0")   // used again and again: the least recently used go first
        }
        let onDisk = try FileManager.default.contentsOfDirectory(atPath: dir).reduce(0) {
            $0 + ((try FileManager.default.attributesOfItem(atPath: dir + "/" + $1)[.size] as? Int) ?? 0)
        }
        XCTAssertLessThanOrEqual(onDisk, 50_000)
        XCTAssertEqual(c.usage.bytes, onDisk)
        XCTAssertNotNil(c.loadNow("tile-0"))
        XCTAssertNotNil(c.loadNow("tile-199"))
        XCTAssertNil(c.loadNow("tile-1"))
    }

    func testFileFormatNamesItsKey() {
        let file = TileDiskCache.encode("a", [5, 6])
        XCTAssertEqual(TileDiskCache.decode(file, key: "a"), [5, 6])
        XCTAssertNil(TileDiskCache.decode(file, key: "b"), "a file of another key (a name collision) is not this tile")
        XCTAssertNil(TileDiskCache.decode(Array(file.dropLast()), key: "a"))
    }
}
