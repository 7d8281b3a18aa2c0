import Foundation
import JSON
import StrataTestSupport
import XCTest

/// This runner and `shared/render-tests/run.py` must grade the same cases the same way. Without
/// a server here, that is checked on the inputs: the case list and tiers (`Cases/manifest.json`
/// is run.py's manifest: every Tier-1 entry and the copied Tier-3 entries — heatmaps drawn from
/// inline GeoJSON, fill-extrusions, hillshades and colour reliefs), what each case asks for, and — when the shared folder is present — that the
/// copies are unchanged and run.py's constants are the ones ported here.
final class HarnessAgreementTests: XCTestCase {
    static let tier1LayerTypes: Set = ["background", "fill", "line", "circle"]
    static let tier1SourceTypes: Set = ["geojson-inline", "geojson-url-local"]
    /// What the copied Tier-3 cases may use besides Tier 1's types: heatmaps, extrusions and
    /// raster-dem layers over GeoJSON, raster tiles and DEM tiles (their assets copied too).
    static let tier3LayerTypes: Set = tier1LayerTypes.union(["heatmap", "fill-extrusion", "hillshade", "color-relief", "raster"])
    static let tier3SourceTypes: Set = ["geojson-inline", "geojson-url-local", "raster", "raster-dem"]
    /// The families of Tier-3 cases copied (a case id names at least one).
    static let tier3Families = ["heatmap", "fill-extrusion", "extrude", "hillshade", "color-relief"]
    /// How many cases of each tier are copied.
    static let copiedCases = ["1": 298, "3": 69]

    private func manifest(at url: URL) throws -> JSONValue {
        try JSONParser.parse([UInt8](try Data(contentsOf: url)))
    }

    private var localManifest: JSONValue {
        get throws { try manifest(at: RenderTestSuite.casesDirectory.appendingPathComponent("manifest.json")) }
    }

    func testCaseListIsTheTier1ListOfRunPysManifestAndTheCopiedHeatmaps() throws {
        let m = try localManifest
        let entries = try XCTUnwrap(m["cases"]?.arrayValue)
        let ids = entries.compactMap { $0["id"]?.stringValue }
        XCTAssertEqual(ids.count, Self.copiedCases.values.reduce(0, +))
        for (tier, count) in Self.copiedCases {
            XCTAssertEqual(entries.filter { $0["tier"]?.stringValue == tier }.count, count, "tier \(tier)")
        }
        XCTAssertTrue(entries.filter { $0["tier"]?.stringValue == "3" }.allSatisfy { e in
            Self.tier3Families.contains { e["id"]?.stringValue?.contains($0) == true }
        })
        let discovered = try RenderTestCase.discover(in: RenderTestSuite.casesDirectory).map(\.id)
        XCTAssertEqual(discovered, ids.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) })
        for (k, v) in try XCTUnwrap(m["harness_defaults"]?.objectValue) {
            XCTAssertEqual(v.numberValue, RenderTestMetadata.defaults[k], "default \(k)")
        }
    }

    func testEachCaseIsReadAsTheManifestDescribesIt() throws {
        let root = RenderTestSuite.casesDirectory
        for entry in try XCTUnwrap(try localManifest["cases"]?.arrayValue) {
            let id = try XCTUnwrap(entry["id"]?.stringValue)
            let c = RenderTestCase(id: id, folder: root.appendingPathComponent(id))
            let meta = try RenderTestMetadata(style: try JSONParser.parse([UInt8](try Data(contentsOf: c.styleURL))))
            XCTAssertEqual(Double(meta.width), entry["width"]?.numberValue, id)
            XCTAssertEqual(Double(meta.height), entry["height"]?.numberValue, id)
            XCTAssertEqual(meta.pixelRatio, entry["pixelRatio"]?.numberValue, id)
            XCTAssertEqual(meta.allowed, entry["allowed"]?.numberValue, id)
            XCTAssertEqual(meta.threshold, entry["threshold"]?.numberValue, id)
            XCTAssertEqual(try c.expectedFiles(), entry["expected"]?.arrayValue?.compactMap(\.stringValue), id)
            XCTAssertEqual(meta.operations.compactMap { $0[0]?.stringValue }, entry["operations"]?.arrayValue?.compactMap(\.stringValue), id)
            let layers = Set(entry["layer_types"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            let sources = Set(entry["source_types"]?.arrayValue?.compactMap(\.stringValue) ?? [])
            let tier1 = entry["tier"]?.stringValue == "1"
            XCTAssertTrue(layers.isSubset(of: tier1 ? Self.tier1LayerTypes : Self.tier3LayerTypes), "\(id): \(layers)")
            XCTAssertTrue(sources.isSubset(of: tier1 ? Self.tier1SourceTypes : Self.tier3SourceTypes), "\(id): \(sources)")
            for asset in entry["assets"]?.arrayValue?.compactMap(\.stringValue) ?? [] {
                XCTAssertTrue(FileManager.default.fileExists(atPath: RenderTestSuite.assetsDirectory.appendingPathComponent(asset).path),
                              "\(id) needs assets/\(asset)")
            }
        }
    }

    /// The harness folder, `../shared/render-tests` (required under CI).
    private func sharedFolder() throws -> URL {
        try TestEnvironment.shared("render-tests/run.py").deletingLastPathComponent()
    }

    func testCopiesAreUnchangedFromTheSharedHarness() throws {
        let shared = try sharedFolder()
        let theirs = try manifest(at: shared.appendingPathComponent("manifest.json"))["cases"]?.arrayValue ?? []
        let mine = try localManifest["cases"]?.arrayValue ?? []
        let copied = Set(mine.compactMap { $0["id"]?.stringValue })
        // Every Tier-1 entry, and the other copied entries unchanged, in run.py's order.
        XCTAssertEqual(theirs.filter { $0["tier"] == "1" || copied.contains($0["id"]?.stringValue ?? "") }, mine)
        let root = RenderTestSuite.casesDirectory
        for c in try RenderTestCase.discover(in: root) {
            for name in ["style.json"] + (try c.expectedFiles()) {
                let mine = try Data(contentsOf: c.folder.appendingPathComponent(name))
                let original = try Data(contentsOf: shared.appendingPathComponent("cases/\(c.id)/\(name)"))
                XCTAssertEqual(mine, original, "\(c.id)/\(name) differs from the shared copy")
            }
        }
        for file in ["NOTICE", "LICENSE-maplibre.txt"] {
            XCTAssertEqual(try Data(contentsOf: root.appendingPathComponent(file)),
                           try Data(contentsOf: shared.appendingPathComponent(file)), file)
        }
    }

    /// run.py's constants, read from its source, are the ones this runner uses.
    func testRunPyConstantsAreThePortedOnes() throws {
        let source = try String(contentsOf: try sharedFolder().appendingPathComponent("run.py"), encoding: .utf8)
        func statement(_ name: String) throws -> String {
            let start = try XCTUnwrap(source.range(of: "\n\(name) = "), "run.py defines \(name)")
            let rest = source[start.upperBound...]
            var depth = 0, end = rest.startIndex
            for i in rest.indices {
                let ch = rest[i]
                if "{([".contains(ch) { depth += 1 } else if "})]".contains(ch) { depth -= 1 }
                if ch == "\n" && depth == 0 { end = i; break }
            }
            return String(rest[..<end])
        }
        func quoted(_ s: String) -> Set<String> {
            Set(s.split(separator: "'", omittingEmptySubsequences: false).enumerated().filter { $0.offset % 2 == 1 }.map { String($0.element) })
        }
        XCTAssertEqual(quoted(try statement("STYLE_OPS")), HarnessSupport.styleOperations)
        XCTAssertEqual(quoted(try statement("NOOP_OPS")), HarnessSupport.noopOperations)
        XCTAssertEqual(quoted(try statement("CAMERA_OPS")), HarnessSupport.cameraOperations)
        XCTAssertEqual(quoted(try statement("DEBUG_KEYS")), Set(HarnessSupport.debugKeys))
        XCTAssertEqual(try statement("MAX_VALID_LATITUDE"), String(HarnessView.maxValidLatitude))
        XCTAssertEqual(try statement("TILE_SIZE"), String(Int(HarnessView.tileSize)))
        XCTAssertTrue(try statement("MAX_CANVAS").hasPrefix("\(Int(StaticRequest.maxCanvas)) "))
        XCTAssertEqual(try statement("GLJS_MIN_ZOOM, GLJS_MAX_ZOOM"), "-2, 22")
        let defaults = try statement("DEFAULTS")
        for (k, v) in RenderTestMetadata.defaults {
            let text = v == v.rounded() ? String(Int(v)) : String(v)
            XCTAssertTrue(defaults.contains("'\(k)': \(text)"), "run.py DEFAULTS has \(k) = \(text): \(defaults)")
        }
    }
}
