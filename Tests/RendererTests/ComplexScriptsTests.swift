import XCTest
@testable import Renderer

/// Which labels HarfBuzz shapes in a style whose glyphs come from font files: those MapLibre's
/// code-point layout cannot draw right. Latin, Greek, Cyrillic, Armenian, Georgian, CJK and
/// Hangul keep MapLibre's layout (so OSM Bright without glyph PBFs still matches MapLibre
/// Native, `real_styles.py`); combining marks and the scripts that reorder, join or stack go to
/// HarfBuzz.
final class ComplexScriptsTests: XCTestCase {
    private func codes(_ s: String) -> [UInt32] { s.unicodeScalars.map(\.value) }

    func testScriptsMapLibreDrawsRightKeepItsLayout() {
        for s in ["Große Wollweberstraße", "Hà Nội", "Αθήνα", "Москва", "Երևան", "თბილისი", "東京 とうきょう", "서울", "“Zürich” – 12 km"] {
            XCTAssertFalse(ComplexScripts.needShaping(codes(s)), s)
        }
    }

    func testScriptsThatNeedShapingGoToHarfBuzz() {
        for s in ["नई दिल्ली", "الدار البيضاء", "תל אביב", "กรุงเทพมหานคร", "ភ្នំពេញ", "မန္တလေး", "ལྷ་ས།", "e\u{301}", "Привет\u{483}", "👍"] {
            XCTAssertTrue(ComplexScripts.needShaping(codes(s)), s)
        }
        XCTAssertTrue(ComplexScripts.needShaping(codes("Mumbai मुंबई")), "one scalar that needs shaping is enough")
    }
}
