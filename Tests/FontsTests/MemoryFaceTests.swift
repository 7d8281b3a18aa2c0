import XCTest
import Foundation
import StrataTestSupport
@testable import Fonts

/// Fonts read from memory (remote `font-faces` files are untrusted bytes): a real font opens
/// and shapes as its file does; garbage and truncated fonts are refused, never crash.
final class MemoryFaceTests: XCTestCase {
    func testMemoryFontShapesAsItsFile() throws {
        let path = try TestEnvironment.file("/usr/share/fonts/truetype/noto/NotoSansKhmer-Regular.ttf", installedBy: "fonts-noto-core")
        let bytes = [UInt8](try Data(contentsOf: URL(fileURLWithPath: path)))
        let file = try XCTUnwrap(FreeTypeFace(path: path))
        let memory = try XCTUnwrap(FreeTypeFace(bytes: bytes, name: "https://fonts.example/khmer.ttf"))
        XCTAssertEqual(memory.name, file.name)
        XCTAssertEqual(memory.path, "https://fonts.example/khmer.ttf")
        let text = "ភ្នំពេញ".unicodeScalars.map(\.value)
        let a = try XCTUnwrap(file.shapingFont).shape(text, run: 0..<text.count, rightToLeft: false, script: 0)
        let b = try XCTUnwrap(memory.shapingFont).shape(text, run: 0..<text.count, rightToLeft: false, script: 0)
        XCTAssertEqual(a, b)
        XCTAssertFalse(a.isEmpty)
        XCTAssertEqual(memory.outline(glyphID: a[0].g), file.outline(glyphID: a[0].g))
        // Truncated and garbage fonts are refused.
        XCTAssertNil(FreeTypeFace(bytes: Array(bytes.prefix(bytes.count / 3)), name: "cut"))
        XCTAssertNil(FreeTypeFace(bytes: [UInt8](repeating: 0x41, count: 4096), name: "garbage"))
        XCTAssertNil(FreeTypeFace(bytes: [], name: "empty"))
    }
}
