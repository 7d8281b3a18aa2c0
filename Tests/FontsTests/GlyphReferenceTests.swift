import XCTest
import Foundation
import SourceData
import StrataTestSupport
@testable import Fonts

/// FreeType-made glyphs against the glyph PBFs MapLibre's render tests ship for the same font.
final class GlyphReferenceTests: XCTestCase {
    func testNotoSansMatchesTheReferencePBF() throws {
        let pbf = try TestEnvironment.shared("render-tests/assets/glyphs/Noto Sans Regular/0-255.pbf")
        let bytes = try XCTUnwrap(FileManager.default.contents(atPath: pbf.path))
        var warnings: [String] = []
        let reference = try GlyphPBF.decode([UInt8](bytes), warnings: &warnings)
        XCTAssertEqual(warnings, [])
        let glyphs = try XCTUnwrap(reference.first?.glyphs)
        let font = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSans-Regular.ttf", installedBy: "fonts-noto-core")
        let face = try XCTUnwrap(FreeTypeFace(path: font))
        XCTAssertEqual(face.name, "Noto Sans Regular")
        var metricsSame = 0, fieldClose = 0, compared = 0
        for ref in glyphs where ref.id >= 33 && ref.id < 127 {
            guard let outline = face.outline(ref.id) else { continue }
            let mine = SDFGenerator.glyph(id: ref.id, outline: outline)
            compared += 1
            if (mine.width, mine.height, mine.left, mine.top, mine.advance) == (ref.width, ref.height, ref.left, ref.top, ref.advance) {
                metricsSame += 1
                let diffs = zip(mine.bitmap, ref.bitmap).map { abs(Int($0) - Int($1)) }
                if diffs.max() ?? 0 <= 8 { fieldClose += 1 }
            } else {
                print("glyph \(ref.id): mine \((mine.width, mine.height, mine.left, mine.top, mine.advance)) ref \((ref.width, ref.height, ref.left, ref.top, ref.advance))")
            }
        }
        print("Noto Sans ASCII: \(metricsSame)/\(compared) same metrics, \(fieldClose) fields within 8/255")
        XCTAssertEqual(compared, 94)
        XCTAssertGreaterThanOrEqual(metricsSame, 90)
        XCTAssertGreaterThanOrEqual(fieldClose, 85)
    }
}
