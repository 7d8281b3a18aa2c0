import XCTest
@testable import Raster

/// Images and patterns: exact copies where the transform allows, filtering, extend modes.
final class ImageTests: XCTestCase {
    func gradient(_ w: Int, _ h: Int) -> Pixmap {
        var img = Pixmap(width: w, height: h)
        for y in 0..<h {
            for x in 0..<w {
                let a = UInt8(128 + (x * 127) / max(1, w - 1))
                img.setPixel(x, y, PremultipliedRGBA8(r: UInt8(Int(a) * x / max(1, w - 1)), g: UInt8(Int(a) * y / max(1, h - 1)), b: a / 2, a: a))
            }
        }
        return img
    }

    func testIdentityDrawIsAnExactCopy() {
        let img = gradient(17, 9)
        for filter in [ImageFilter.nearest, .bilinear] {
            let c = Canvas(width: 30, height: 20)
            c.drawImage(img, transform: .translation(5, 7), filter: filter)
            for y in 0..<9 { for x in 0..<17 { XCTAssertEqual(c.pixmap.pixel(x + 5, y + 7), img.pixel(x, y), "\(filter) (\(x), \(y))") } }
            XCTAssertEqual(c.pixmap.pixel(4, 7), .transparent)
            XCTAssertEqual(c.pixmap.pixel(22, 7), .transparent)
            XCTAssertEqual(c.pixmap.pixel(5, 16), .transparent)
        }
    }

    func testNearestScalingRepeatsPixels() {
        let img = gradient(4, 3)
        let c = Canvas(width: 12, height: 9)
        c.drawImage(img, transform: .scale(3, 3), filter: .nearest)
        for y in 0..<9 { for x in 0..<12 { XCTAssertEqual(c.pixmap.pixel(x, y), img.pixel(x / 3, y / 3)) } }
    }

    func testBilinearInterpolatesBetweenTexelCentres() {
        var img = Pixmap(width: 2, height: 1)
        img.setPixel(0, 0, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        img.setPixel(1, 0, PremultipliedRGBA8(r: 200, g: 100, b: 0, a: 255))
        let c = Canvas(width: 8, height: 4)
        c.drawImage(img, transform: .scale(4, 4), filter: .bilinear)
        // Pixel centres at u = (x + 0.5) / 4: texel centres at 0.5 and 1.5, padded beyond.
        let expected: [UInt8] = [0, 0, 25, 75, 125, 175, 200, 200]
        for x in 0..<8 { XCTAssertEqual(Int(c.pixmap.pixel(x, 1).r), Int(expected[x]), accuracy: 1, "x=\(x)") }
    }

    func testRegionIsOutlinedButSamplesItsNeighbours() {
        var img = Pixmap(width: 2, height: 1)
        img.setPixel(0, 0, PremultipliedRGBA8(r: 0, g: 0, b: 0, a: 255))
        img.setPixel(1, 0, PremultipliedRGBA8(r: 200, g: 100, b: 0, a: 255))
        let c = Canvas(width: 8, height: 4)
        // Texel 1 alone over x 4…8: its left half blends with texel 0 as a GL quad over part
        // of an atlas does; nothing is drawn left of the region.
        c.drawImage(img, region: SIMD4(1, 0, 2, 1), transform: .scale(4, 4), filter: .bilinear)
        let expected: [UInt8] = [0, 0, 0, 0, 125, 175, 200, 200]
        for x in 0..<8 { XCTAssertEqual(Int(c.pixmap.pixel(x, 1).r), Int(expected[x]), accuracy: 1, "x=\(x)") }
        XCTAssertEqual(c.pixmap.pixel(3, 1), .transparent)
    }

    func testOpacityScalesImage() {
        let img = Pixmap(width: 4, height: 4, fill: PremultipliedRGBA8(r: 200, g: 100, b: 50, a: 255))
        let c = Canvas(width: 4, height: 4)
        c.drawImage(img, transform: .identity, filter: .nearest, opacity: 0.5)
        XCTAssertEqual(c.pixmap.pixel(1, 1), PremultipliedRGBA8(r: 100, g: 50, b: 25, a: 128))
    }

    func testPatternExtendModes() {
        let img = gradient(3, 2)
        let c = Canvas(width: 12, height: 8)
        c.fill(.rect(0, 0, 12, 8), rule: .nonZero, paint: .pattern(Pattern(image: img, filter: .nearest, extend: .repeat)))
        for y in 0..<8 { for x in 0..<12 { XCTAssertEqual(c.pixmap.pixel(x, y), img.pixel(x % 3, y % 2)) } }
        let t = Canvas(width: 12, height: 8)
        t.fill(.rect(0, 0, 12, 8), rule: .nonZero,
               paint: .pattern(Pattern(image: img, transform: .translation(2, 3), filter: .nearest, extend: .transparent)))
        for y in 0..<8 {
            for x in 0..<12 {
                let inside = (2..<5).contains(x) && (3..<5).contains(y)
                XCTAssertEqual(t.pixmap.pixel(x, y), inside ? img.pixel(x - 2, y - 3) : .transparent)
            }
        }
        // A singular transform draws nothing instead of dividing by zero.
        let s = Canvas(width: 4, height: 4)
        s.fill(.rect(0, 0, 4, 4), rule: .nonZero, paint: .pattern(Pattern(image: img, transform: .scale(0, 1))))
        XCTAssertEqual(s.coveredArea, 0)
    }

    func testRotatedImageStaysInsideItsQuad() {
        let img = Pixmap(width: 10, height: 10, fill: PremultipliedRGBA8(r: 255, g: 255, b: 255, a: 255))
        let c = Canvas(width: 40, height: 40)
        let t = Transform.translation(-5, -5).then(.rotation(.pi / 4)).then(.translation(20, 20))
        c.drawImage(img, transform: t, filter: .bilinear)
        // Point-sampled: pixel centres (±0.5, ±1.5, …) with |u| + |v| ≤ 7.07 around the centre: 112.
        XCTAssertEqual(c.coveredArea, 112, accuracy: 0.01)
        XCTAssertEqual(c.alpha(20, 20), 255)
        XCTAssertEqual(c.alpha(20, 12), 0)                // beyond the diagonal half-width 7.07
        // Anti-aliased outline: exact area.
        let d = Canvas(width: 40, height: 40)
        d.drawImage(img, transform: t, filter: .bilinear, antialias: true)
        XCTAssertEqual(d.coveredArea, 100, accuracy: 0.05)
    }

    func testStraightAlphaRoundTrip() {
        let straight: [UInt8] = [255, 0, 0, 128, 10, 20, 30, 255, 0, 0, 0, 0, 200, 100, 50, 1]
        let p = Pixmap(width: 2, height: 2, straightRGBA: straight)
        XCTAssertEqual(p.pixel(0, 0), PremultipliedRGBA8(r: 128, g: 0, b: 0, a: 128))
        XCTAssertEqual(p.pixel(1, 0), PremultipliedRGBA8(r: 10, g: 20, b: 30, a: 255))
        let back = p.straightRGBA
        XCTAssertEqual(Array(back[0..<8]), [255, 0, 0, 128, 10, 20, 30, 255])
    }
}
