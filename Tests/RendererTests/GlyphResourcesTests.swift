import Foundation
@testable import Renderer
import SourceData
import XCTest

/// Where a label's glyphs come from when the style's glyph files cannot be used.
final class GlyphResourcesTests: XCTestCase {
    /// A glyph folder linked in from outside the data directory is refused, as every such
    /// link is; the labels then come from the fonts directory, and the warning says so
    /// (a benchmark once compared PBF glyphs with FreeType ones without noticing).
    func testGlyphsBehindALinkOutOfTheDataDirectoryAreRefusedWithAWarning() throws {
        let fm = FileManager.default
        let base = fm.temporaryDirectory.appendingPathComponent("glyph-link-\(UUID().uuidString)")
        let root = base.appendingPathComponent("data"), outside = base.appendingPathComponent("outside/Sans")
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        try fm.createDirectory(at: outside, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: base) }
        try Data().write(to: outside.appendingPathComponent("0-255.pbf"))
        try fm.createSymbolicLink(atPath: root.appendingPathComponent("glyphs").path,
                                  withDestinationPath: outside.deletingLastPathComponent().path)
        let directory = try DataDirectory(root: root.path)
        let warnings = TileWarnings()
        let glyphs = GlyphResources(fontsDirectory: nil)
        let table = glyphs.table(template: "glyphs/{fontstack}/{range}.pbf", fontstack: "Sans",
                                 range: try XCTUnwrap(GlyphRange("0-255")), directory: directory, warnings: warnings)
        XCTAssertNil(table?.glyph(65))
        XCTAssertTrue(warnings.all.contains { $0.hasPrefix("glyphs glyphs/Sans/0-255.pbf are refused") && $0.contains("symbolic link") },
                      "\(warnings.all)")
    }

    /// A range file that simply is not there is no configuration error: no "refused" warning.
    func testAMissingRangeIsNotReportedAsRefused() throws {
        let fm = FileManager.default
        let root = fm.temporaryDirectory.appendingPathComponent("glyph-missing-\(UUID().uuidString)")
        try fm.createDirectory(at: root, withIntermediateDirectories: true)
        defer { try? fm.removeItem(at: root) }
        let warnings = TileWarnings()
        _ = GlyphResources(fontsDirectory: nil).table(template: "glyphs/{fontstack}/{range}.pbf", fontstack: "Sans",
                                                      range: try XCTUnwrap(GlyphRange("256-511")),
                                                      directory: try DataDirectory(root: root.path), warnings: warnings)
        XCTAssertFalse(warnings.all.contains { $0.contains("refused") }, "\(warnings.all)")
    }
}
