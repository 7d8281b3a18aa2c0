import XCTest
@testable import Raster

/// One reference image per area, compared with `References/*.png` (see `ReferenceImage`).
/// Every scene is drawn with both the SIMD kernels and their scalar twins; both must match.
final class ReferenceImageTests: XCTestCase {
    let ink = Color(rgb8: 20, 30, 60)
    let paper = Color(rgb8: 250, 248, 240)

    func check(_ name: String, width: Int = 192, height: Int = 128, background: Color? = nil,
               file: StaticString = #filePath, line: UInt = #line, _ draw: (Canvas) -> Void) {
        var images: [Pixmap] = []
        for mode in [KernelMode.simd, .scalar] {
            let c = Canvas(width: width, height: height)
            c.kernelMode = mode
            c.reset(width: width, height: height, fill: background ?? paper)
            draw(c)
            images.append(c.pixmap)
        }
        XCTAssertEqual(images[0].data, images[1].data, "\(name): SIMD and scalar renders differ", file: file, line: line)
        ReferenceImage.check(images[0], named: name, file: file, line: line)
    }

    func testFillRules() {
        check("fill-rules") { c in
            let star = Path.star(center: Point(48, 64), radius: 44, points: 5, step: 2)
            c.fill(star, rule: .nonZero, paint: .solid(ink))
            c.fill(star, rule: .evenOdd, paint: .solid(ink), transform: .translation(96, 0))
            var rings = Path.rect(110, 8, 70, 40)
            rings.append(.rect(130, 20, 30, 16))                                   // same direction: overlap
            rings.append(.polygon([Point(10, 100), Point(10, 120), Point(30, 120), Point(30, 100)]))
            c.fill(rings, rule: .nonZero, paint: .solid(Color(rgb8: 200, 60, 40, alpha: 0.6)))
        }
    }

    func testCoverage() {
        check("coverage") { c in
            // Rectangles at every quarter-pixel offset, slivers and near-axis edges.
            for i in 0..<8 {
                let o = Float(i) * 0.25
                c.fill(.rect(4 + Float(i) * 12 + o, 4 + o, 8, 8), rule: .nonZero, paint: .solid(ink))
                c.fill(.rect(4 + Float(i) * 12, 20, 0.25 * Float(i + 1), 20), rule: .nonZero, paint: .solid(ink))
            }
            c.fill(.polygon([Point(4, 50), Point(188, 53), Point(188, 55), Point(4, 52)]), rule: .nonZero, paint: .solid(ink))
            c.fill(.polygon([Point(100, 4), Point(104, 44), Point(106, 44), Point(101, 4)]), rule: .nonZero, paint: .solid(ink))
            // A 64-gon disc and a thin wedge fan.
            var disc = Path()
            for k in 0..<64 {
                let a = Double(k) / 64 * 2 * .pi
                let p = Point(48 + 30 * Float(Math.cos(a)), 92 + 30 * Float(Math.sin(a)))
                if k == 0 { disc.move(to: p) } else { disc.line(to: p) }
            }
            disc.close()
            c.fill(disc, rule: .nonZero, paint: .solid(Color(rgb8: 60, 140, 90, alpha: 0.5)))
            for k in 0..<24 {
                let a = Double(k) / 24 * 2 * .pi
                let tip = Point(140 + 40 * Float(Math.cos(a)), 90 + 36 * Float(Math.sin(a)))
                let tip2 = Point(140 + 40 * Float(Math.cos(a + 0.05)), 90 + 36 * Float(Math.sin(a + 0.05)))
                c.fill(.polygon([Point(140, 90), tip, tip2]), rule: .nonZero, paint: .solid(ink))
            }
        }
    }

    func testCircles() {
        check("circles") { c in
            let radii: [Float] = [0.3, 0.7, 1.5, 3, 6, 10]
            for (i, r) in radii.enumerated() {
                let x = Float(12 + i * 30) + 0.3
                c.drawCircle(center: Point(x, 16.6), radius: r, strokeWidth: 0, fill: Color(rgb8: 214, 39, 40), stroke: .white)
                c.drawCircle(center: Point(x, 46.2), radius: r, strokeWidth: 1, fill: Color(rgb8: 214, 39, 40), stroke: Color(rgb8: 20, 30, 60))
                c.drawCircle(center: Point(x, 76), radius: r, strokeWidth: 2, fill: Color(rgb8: 214, 39, 40, alpha: 0.5),
                             stroke: Color(rgb8: 20, 30, 60, alpha: 0.8), blur: 0.3)
                c.drawCircle(center: Point(x, 108), radius: r + 2, strokeWidth: 0, fill: Color(rgb8: 60, 140, 90), stroke: .white, blur: 1)
            }
        }
    }

    func testClipping() {
        check("clipping") { c in
            c.fill(.polygon([Point(-1e9, -1e9), Point(1e9, 1e9), Point(-1e9, 1e9)]), rule: .nonZero, paint: .solid(Color(rgb8: 60, 140, 90, alpha: 0.5)))
            c.fill(.rect(-50, 90, 100, 60), rule: .nonZero, paint: .solid(ink))
            c.fill(.rect(150, -20, 80, 50), rule: .nonZero, paint: .solid(ink))
            // Bands reaching far outside the canvas on both sides.
            c.fill(.polygon([Point(-1e7, 62), Point(1e7, 38), Point(1e7, 42), Point(-1e7, 66)]), rule: .nonZero, paint: .solid(Color(rgb8: 214, 39, 40)))
            c.fill(.polygon([Point(94.5, -1e20), Point(97.5, -1e20), Point(121.5, 1e20), Point(118.5, 1e20)]), rule: .nonZero,
                   paint: .solid(Color(rgb8: 214, 39, 40)))
            c.drawCircle(center: Point(190, 126), radius: 20, strokeWidth: 2, fill: Color(rgb8: 42, 75, 124), stroke: .white)
            c.drawCircle(center: Point(1e12, 5), radius: 20, strokeWidth: 2, fill: .black, stroke: .black)
        }
    }

    func testCompositing() {
        check("compositing", background: .transparent) { c in
            let colors = [Color(rgb8: 255, 0, 0, alpha: 0.5), Color(rgb8: 0, 160, 0, alpha: 0.5), Color(rgb8: 0, 0, 255, alpha: 0.5)]
            for (i, col) in colors.enumerated() {
                c.fill(.rect(20 + Float(i) * 30, 20 + Float(i) * 15, 70, 60), rule: .nonZero, paint: .solid(col))
            }
            c.fill(.rect(130, 10, 50, 100), rule: .nonZero, paint: .solid(.black), opacity: 0.25)
            c.fill(.rect(140, 30, 30, 60), rule: .nonZero, paint: .solid(.white), opacity: 0.8)
        }
    }

    func testImagesAndPatterns() {
        var img = Pixmap(width: 4, height: 4)
        for y in 0..<4 {
            for x in 0..<4 {
                let on = (x + y) % 2 == 0
                img.setPixel(x, y, on ? PremultipliedRGBA8(r: 214, g: 39, b: 40, a: 255) : PremultipliedRGBA8(r: 0, g: 0, b: 100, a: 160))
            }
        }
        check("images") { c in
            c.drawImage(img, transform: .scale(8, 8).then(.translation(8, 8)), filter: .nearest)
            c.drawImage(img, transform: .scale(8, 8).then(.translation(48, 8)), filter: .bilinear)
            c.drawImage(img, transform: .scale(7, 7).then(.rotation(0.4)).then(.translation(110, 4)), filter: .bilinear, opacity: 0.8)
            c.drawImage(img, transform: .translation(170.5, 10), filter: .bilinear)
            c.fill(.star(center: Point(60, 92), radius: 34, points: 5, step: 2), rule: .nonZero,
                   paint: .pattern(Pattern(image: img, transform: .scale(3, 3), filter: .nearest, extend: .repeat)))
            c.fill(.rect(110, 60, 72, 60), rule: .nonZero,
                   paint: .pattern(Pattern(image: img, transform: .scale(5, 5).then(.rotation(0.5)).then(.translation(120, 60)),
                                           filter: .bilinear, extend: .transparent)), opacity: 0.9)
        }
    }
}
