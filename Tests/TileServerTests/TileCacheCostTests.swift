import XCTest
@testable import TileServer

/// The tile cache's budget must bound memory: an entry is charged at least what it keeps
/// alive (the buffer's real storage, not just the PNG's length).
final class TileCacheCostTests: XCTestCase {
    func testEntryCostCoversTheBufferStorageAndKey() {
        for size in [1, 100, 1670, 4097, 70_000] {
            let tile = CachedTile(bytes: [UInt8](repeating: 7, count: size), etag: "\"0123456789abcdef\"")
            let key = "0123456789abcdef0123456789abcdef/t/256/3/4/2@1"
            let cost = TileService.entryCost(tile, key: key)
            XCTAssertGreaterThanOrEqual(cost, tile.buffer.capacity + key.utf8.count)
            XCTAssertGreaterThanOrEqual(tile.buffer.capacity, size)
            XCTAssertLessThan(cost, 2 * tile.buffer.capacity + 2048, "overcharging would waste the budget")
        }
    }
}
