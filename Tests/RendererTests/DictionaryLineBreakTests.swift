import XCTest
import Fonts
import StrataTestSupport
@testable import Renderer

/// `text-max-width` in scripts written without spaces between words (Thai, Lao, Khmer,
/// Myanmar): shaped labels break only where ICU's dictionaries put a word boundary, checked
/// against ICU's own word boundaries and line break opportunities.
final class DictionaryLineBreakTests: XCTestCase {
    static let labels: [(script: String, text: String)] = [
        ("Thai", "สนามบินสุวรรณภูมิ"), ("Thai", "มหาวิทยาลัยเชียงใหม่"), ("Thai", "สถานีรถไฟกรุงเทพ"),
        ("Thai", "โรงพยาบาลศิริราช"),
        ("Lao", "ສະໜາມບິນສາກົນວັດໄຕ"), ("Lao", "ມະຫາວິທະຍາໄລແຫ່ງຊາດລາວ"), ("Lao", "ສະຖານີລົດໄຟວຽງຈັນ"),
        ("Khmer", "ព្រលានយន្តហោះអន្តរជាតិភ្នំពេញ"), ("Khmer", "សាកលវិទ្យាល័យភូមិន្ទភ្នំពេញ"),
        ("Myanmar", "ရန်ကုန်အပြည်ပြည်ဆိုင်ရာလေဆိပ်"), ("Myanmar", "ရန်ကုန်တက္ကသိုလ်"),
    ]

    func testLinesBreakOnlyBetweenWords() throws {
        let fontsDir = try TestEnvironment.file("/usr/share/fonts/truetype/noto", installedBy: "fonts-noto-core")
        let shaper = try XCTUnwrap(FontDirectory(path: fontsDir).shaper(for: ["Noto Sans Regular"]))
        var broken = Set<String>()
        for (script, text) in Self.labels {
            let codes = text.unicodeScalars.map(\.value)
            let words = Set(try XCTUnwrap(LineBreaks.wordBoundaries(codes)))
            let opportunities = Set(try XCTUnwrap(LineBreaks.opportunities(codes)).map(\.position))
            // A dictionary script's line breaks are word boundaries (ICU's own claim, checked).
            XCTAssertTrue(opportunities.isSubset(of: words), "\(script) \(text): \(opportunities.sorted()) ⊄ \(words.sorted())")
            XCTAssertGreaterThan(opportunities.count, 1, "\(script) \(text): ICU finds no word in it")
            for maxWidth in [2.0, 3.0, 4.0] {
                let lines = ShapedLabelLines.lines(codes, shaper: shaper, maxWidth: maxWidth)
                XCTAssertEqual(lines.first?.lowerBound, 0)
                XCTAssertEqual(lines.last?.upperBound, codes.count)
                for line in lines.dropFirst() {
                    XCTAssertTrue(words.contains(line.lowerBound), "\(script) \(text) at \(maxWidth) em: a line starts inside a word at \(line.lowerBound)")
                    XCTAssertTrue(opportunities.contains(line.lowerBound), "\(script) \(text): not an ICU line break")
                }
                if lines.count > 1 { broken.insert(script) }
            }
        }
        // Every script's long labels do break (the test would prove nothing otherwise).
        XCTAssertEqual(broken, ["Thai", "Lao", "Khmer", "Myanmar"])
    }
}
