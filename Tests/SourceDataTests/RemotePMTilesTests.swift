import Foundation
import XCTest
@testable import SourceData

/// `pmtiles://https://…`: a PMTiles archive read by ranges through the remote store, each
/// range asked for as `URL#bytes=OFFSET-COUNT` until the server has fetched it.
final class RemotePMTilesTests: XCTestCase {
    /// A remote store over one file's bytes: a range is held only once "fetched".
    final class FakeRemote: RemoteResources, @unchecked Sendable {
        let file: [UInt8]
        let lock = NSLock()
        var fetched: Set<String> = []
        init(_ file: [UInt8]) { self.file = file }

        func bytes(_ url: String, kind: RemoteKind) throws -> [UInt8]? {
            lock.lock(); defer { lock.unlock() }
            guard fetched.contains(url) else { throw RemoteResourceMissing(url: url, kind: kind) }
            guard let r = RemoteRange.parse(url) else { return file }
            let from = Int(min(UInt64(file.count), r.offset))
            return Array(file[from..<min(file.count, from + r.count)])
        }

        func version(_ url: String, kind: RemoteKind) throws -> UInt64 { _ = try bytes(url, kind: kind); return 1 }
        var generation: UInt64 { 0 }

        /// Fetches what a render asked for; returns how many.
        func fetch(_ needs: RemoteNeeds) -> Int {
            lock.lock(); defer { lock.unlock() }
            for m in needs.missing { fetched.insert(m.url) }
            return needs.missing.count
        }
    }

    func testTilesComeByRangesInRounds() throws {
        var w = PMTilesWriter()
        w.useLeaf = true
        // A 20 KB first tile puts the others' data beyond the 16 KiB head range.
        w.tiles = [(0, 0, 0, [UInt8](repeating: 7, count: 20_000)), (3, 5, 2, [5, 6]), (14, 8795, 5294, [9])]
        let remote = FakeRemote(w.encode())
        var dir = try DataDirectory(root: NSTemporaryDirectory(), remoteHosts: ["tiles.example.com"])
        dir.remote = remote
        let url = "pmtiles://https://tiles.example.com/city.pmtiles"
        guard case .archive(.pmtiles, _, let path) = try dir.resolve(url) else { return XCTFail("not an archive") }
        let registry = TileArchiveRegistry()
        var rounds = 0
        var tile: [UInt8]?
        while rounds < 6 {
            let needs = RemoteNeeds()
            let got = RemoteNeeds.$current.withValue(needs) { () -> [UInt8]? in
                guard let a = try? registry.archive(kind: .pmtiles, path: path, directory: dir) else { return nil }
                return try? a.tile(z: 14, x: 8795, y: 5294)
            }
            if got != nil { tile = got; break }
            XCTAssertGreaterThan(remote.fetch(needs), 0, "a round that lacked nothing must have its tile")
            rounds += 1
        }
        XCTAssertEqual(tile, [9])
        XCTAssertEqual(rounds, 2, "the head (header, root and leaf directories), then the tile's own range")
        XCTAssertEqual(remote.fetched.filter { $0.contains("#bytes=") }.count, 2)
        XCTAssertTrue(remote.fetched.contains("https://tiles.example.com/city.pmtiles#bytes=0-16384"))
        let a = try registry.archive(kind: .pmtiles, path: path, directory: dir)
        XCTAssertEqual(a.metadata.maxzoom, 14)
    }

    func testRemoteArchivesFollowTheAllowList() throws {
        var dir = try DataDirectory(root: NSTemporaryDirectory(), remoteHosts: ["tiles.example.com"])
        dir.remote = FakeRemote([])
        XCTAssertThrowsError(try dir.resolve("pmtiles://https://other.example.com/x.pmtiles")) {
            XCTAssertEqual(($0 as? DataPathError)?.code, "forbidden_remote")
        }
        XCTAssertEqual(RemoteRange.parse("https://a.example.com/x.pmtiles#bytes=16384-512")?.offset, 16384)
        XCTAssertNil(RemoteRange.parse("https://a.example.com/x.pmtiles"))
    }
}
