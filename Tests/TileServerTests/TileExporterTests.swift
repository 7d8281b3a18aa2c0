import Foundation
import Geo
import JSON
import Renderer
import SourceData
import XCTest
@testable import TileServer

/// `TileExporter` with a stand-in renderer (bytes from the tile address, a few repeated):
/// areas, every target, the journal's resume after a failure, and its refusal of another job.
final class TileExporterTests: XCTestCase {
    private var dir: String!

    override func setUpWithError() throws {
        dir = NSTemporaryDirectory() + "exporter-\(UUID().uuidString)"
        try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
    }

    override func tearDownWithError() throws { try? FileManager.default.removeItem(atPath: dir) }

    /// Renders `z/x/y` as text (every tile with x+y even at z ≥ 2 the same "sea"), counting
    /// renders; throws once `failAfter` renders have been made.
    final class CountingRenderer: TileRenderer, @unchecked Sendable {
        let lock = NSLock()
        var renders = 0
        let failAfter: Int?
        init(failAfter: Int? = nil) { self.failAfter = failAfter }
        func renderTile(style: LiveStyle, tile: TileRequest, budget: Deadline) throws -> [UInt8] {
            let n = lock.withLock { renders += 1; return renders }
            if let failAfter, n > failAfter { throw ExportError("simulated crash") }
            if tile.z >= 2, (tile.x + tile.y) % 2 == 0 { return Array("sea".utf8) }
            return Array("\(tile.z)/\(tile.x)/\(tile.y)@\(tile.scale)".utf8)
        }
        func renderStatic(style: LiveStyle, view: StaticView, budget: Deadline) throws -> [UInt8] { [] }
    }

    private func job(_ out: String, area: ExportArea? = nil, zooms: ClosedRange<Int> = 0...4, threads: Int = 3) throws -> ExportJob {
        let style = try LiveStyle.load(JSONParser.parse(#"{"version": 8, "sources": {}, "layers": []}"#))
        return ExportJob(style: style, name: "t", area: try area ?? ExportArea.box("-180,-85,180,85"), zooms: zooms,
                         target: ExportTarget(out: dir + "/" + out), threads: threads, attribution: "A")
    }

    func testEveryTileOfEachTargetOnceWithItsBytes() throws {
        let expected = try job("x").tiles
        XCTAssertEqual(expected.count, 1 + 4 + 16 + 64 + 256)
        for out in ["t.pmtiles", "sub/dir/t.mbtiles", "folder"] {
            let r = CountingRenderer()
            let s = try TileExporter(job: try job(out), renderer: r).run()
            XCTAssertEqual(s.tiles, expected.count); XCTAssertEqual(r.renders, expected.count)
            XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/" + out + ".journal"), "journal removed when done")
            let read: (TileID) throws -> [UInt8]?
            switch out {
            case "t.pmtiles": let a = try PMTilesArchive(path: dir + "/t.pmtiles"); read = { try a.tile(z: $0.z, x: $0.x, y: $0.y) }
            case "sub/dir/t.mbtiles": let a = try MBTilesArchive(path: dir + "/sub/dir/t.mbtiles"); read = { try a.tile(z: $0.z, x: $0.x, y: $0.y) }
            default: read = { FileManager.default.contents(atPath: "\(self.dir!)/folder/\($0.z)/\($0.x)/\($0.y).png").map { [UInt8]($0) } }
            }
            for t in expected { XCTAssertEqual(try read(t), try r.renderTile(style: try job(out).style, tile: TileRequest(id: t, tileSize: 256, scale: 1), budget: .distant), "\(out) \(t)") }
            XCTAssertLessThan(s.contents, expected.count, "the repeated sea tile is stored once")
        }
    }

    func testAnInterruptedExportResumesWithoutRedoingFinishedTilesAndEndsIdentical() throws {
        _ = try TileExporter(job: try job("whole.pmtiles"), renderer: CountingRenderer()).run()
        let failing = CountingRenderer(failAfter: 200)
        XCTAssertThrowsError(try TileExporter(job: try job("r.pmtiles"), renderer: failing).run())
        XCTAssertFalse(FileManager.default.fileExists(atPath: dir + "/r.pmtiles"), "no archive before every tile is done")
        let kept = try ExportJournal(path: dir + "/r.pmtiles.journal", fingerprint: try job("r.pmtiles").fingerprint).finished().count
        XCTAssertGreaterThanOrEqual(kept, 200 - 3 * TileExporter.batchSize, "finished batches survive the failure")
        let second = CountingRenderer()
        let s = try TileExporter(job: try job("r.pmtiles"), renderer: second).run()
        XCTAssertEqual(second.renders, 341 - kept, "only the missing tiles are rendered")
        XCTAssertEqual(s.rendered, 341 - kept)
        XCTAssertEqual(FileManager.default.contents(atPath: dir + "/r.pmtiles"), FileManager.default.contents(atPath: dir + "/whole.pmtiles"))
    }

    func testAReopenedJournalStoresARepeatedContentOnce() throws {
        let path = dir + "/j.journal", fp = ["k": "v"]
        do { try ExportJournal(path: path, fingerprint: fp).record([(TileID(z: 1, x: 0, y: 0)!, [1, 2, 3])]) }
        let again = try ExportJournal(path: path, fingerprint: fp)
        try again.record([(TileID(z: 1, x: 1, y: 0)!, [1, 2, 3]), (TileID(z: 1, x: 1, y: 1)!, [4])])
        XCTAssertEqual(try again.tiles().count, 3)
        XCTAssertEqual(try again.lengths().count, 2)
        XCTAssertThrowsError(try ExportJournal(path: path, fingerprint: fp), "a second writer of an open journal") {
            XCTAssertTrue("\($0)".contains("another export"), "\($0)")
        }
    }

    func testAJournalOfAnotherExportIsRefused() throws {
        XCTAssertThrowsError(try TileExporter(job: try job("o.mbtiles"), renderer: CountingRenderer(failAfter: 20)).run())
        XCTAssertThrowsError(try TileExporter(job: try job("o.mbtiles", zooms: 0...5), renderer: CountingRenderer()).run()) {
            XCTAssertTrue("\($0)".contains("journal of a different export"), "\($0)")
        }
        // Changed data (an edited file in the data directory) is another export too.
        let data = dir + "/data"
        try FileManager.default.createDirectory(atPath: data, withIntermediateDirectories: true)
        FileManager.default.createFile(atPath: data + "/a.geojson", contents: Data("{}".utf8))
        let before = ExportJob.dataVersion(root: data, archives: [:])
        FileManager.default.createFile(atPath: data + "/a.geojson", contents: Data("{ }".utf8))
        XCTAssertNotEqual(ExportJob.dataVersion(root: data, archives: [:]), before)
        let now = ExportJob.dataVersion(root: data, archives: [:], output: data + "/out.pmtiles")
        FileManager.default.createFile(atPath: data + "/out.pmtiles.journal", contents: Data([1]))
        FileManager.default.createFile(atPath: data + "/strata.sqlite-wal", contents: Data([1]))
        XCTAssertEqual(ExportJob.dataVersion(root: data, archives: [:], output: data + "/out.pmtiles"), now,
                       "neither the export's own journal nor a session store beside the data is data")
        var changed = try job("o.mbtiles")
        changed.dataVersion = "other"
        XCTAssertThrowsError(try TileExporter(job: changed, renderer: CountingRenderer()).run()) {
            XCTAssertTrue("\($0)".contains("data"), "\($0)")
        }
    }

    func testAreas() throws {
        let box = try ExportArea.box("13.1094,53.4382,13.4074,53.6153")
        XCTAssertEqual(box.tiles(zoom: 10).map(\.description), ["10/549/330", "10/549/331", "10/550/330", "10/550/331"])
        XCTAssertEqual(box.tiles(zoom: 0).count, 1)
        for bad in ["1,2,3", "10,0,5,1", "0,0,1,x", "-181,0,1,1"] { XCTAssertThrowsError(try ExportArea.box(bad), bad) }
        // A triangle over the west and south of the world: z1 tiles 0/0, 0/1 and 1/1, not 1/0 (north-east).
        let tri = #"{"type": "Polygon", "coordinates": [[[-170, 70], [170, -80], [-170, -80], [-170, 70]]]}"#
        let area = try ExportArea.geoJSON(Array(tri.utf8), name: "tri")
        XCTAssertEqual(area.tiles(zoom: 1).map(\.description), ["1/0/0", "1/0/1", "1/1/1"])
        XCTAssertGreaterThan(try ExportArea.box("-180,-85,180,85").tiles(zoom: 3).count, area.tiles(zoom: 3).count)
        XCTAssertThrowsError(try ExportArea.geoJSON(Array(#"{"type": "Point", "coordinates": [1, 2]}"#.utf8), name: "p"))
        XCTAssertThrowsError(try ExportArea.geoJSON(Array("nope".utf8), name: "n"))
        XCTAssertThrowsError(try job("huge.pmtiles", zooms: 0...20).validate(), "the world to z20 is more than one export takes")
        XCTAssertNoThrow(try job("fine.pmtiles", zooms: 0...10).validate())
    }
}
