import XCTest
@testable import Raster

/// The renderer's way to pixels: masks keep writes to or off another canvas's opaque pixels,
/// the coverage-run kernel agrees with its scalar twin, and the projective image blend
/// (`PixelMath`) gives the bytes of the integer formula it replaced.
final class PixelSpansTests: XCTestCase {
    var rng = SeededGenerator(seed: 0x5A4)

    func randomPixel() -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &rng)
        let r = UInt32.random(in: 0...a, using: &rng), g = UInt32.random(in: 0...a, using: &rng), b = UInt32.random(in: 0...a, using: &rng)
        return r | g << 8 | b << 16 | a << 24
    }

    func testMasksPickTheOpaquePixelsOrTheOthers() {
        let mask = Canvas(width: 8, height: 4)
        var rect = Path()
        rect.move(to: 0, 0); rect.line(to: 3, 0); rect.line(to: 3, 4); rect.line(to: 0, 4); rect.close()
        mask.fill(rect, rule: .nonZero, paint: .solid(Color(r: 1, g: 1, b: 1, a: 1)), antialias: false)
        for (kind, inside) in [(SpanMask.inside(mask), true), (.outside(mask), false)] {
            let canvas = Canvas(width: 8, height: 4)
            canvas.withSpans(mask: kind) { spans in
                for y in 0..<4 {
                    for x in 0..<8 { spans.blend(x: x, y: y, color255: SIMD4(255, 0, 0, 255), alpha: 1, k: 1) }
                }
            }
            for y in 0..<4 {
                for x in 0..<8 {
                    XCTAssertEqual(canvas.pixmap.pixel(x, y).a, (x < 3) == inside ? 255 : 0, "\(kind) \(x),\(y)")
                }
            }
        }
        // A mask of another size is no mask.
        let canvas = Canvas(width: 5, height: 5)
        canvas.withSpans(mask: .inside(mask)) { spans in spans.blend(x: 4, y: 4, color255: SIMD4(0, 0, 255, 255), alpha: 1, k: 1) }
        XCTAssertEqual(canvas.pixmap.pixel(4, 4).a, 255)
    }

    /// Coverage read from a table: SIMD lanes and single pixels give the same values.
    struct TableCoverage: SpanCoverage {
        let k: [Float]
        func coverage(_ x: Int) -> Float { k[x] }
        func coverage8(_ x: Int) -> SIMD8<Float> { SIMD8(k[x..<(x + 8)]) }
    }

    func testCoverageRunsAgreeWithTheScalarTwin() {
        let w = 40
        var stored = 0
        for round in 0..<400 {
            let opaque = round % 2 == 0
            let a: Float = opaque ? 1 : Float(Int.random(in: 1...254, using: &rng)) / 255
            let color = RunColor(color255: SIMD4(Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a,
                                                 Float.random(in: 0...1, using: &rng) * a, a) * 255, alpha: a)
            // Full, zero and random coverage (exact halves included), in runs as along a line.
            var k: [Float] = []
            while k.count < w {
                let v: Float = [1, 1, 0, 0.5, Float.random(in: 0...1, using: &rng)][Int.random(in: 0..<5, using: &rng)]
                k += [Float](repeating: v, count: Int.random(in: 1...10, using: &rng))
            }
            let base = (0..<(w * 2)).flatMap { _ -> [UInt8] in
                let p = randomPixel()
                return [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)]
            }
            let x0 = Int.random(in: 0..<w, using: &rng), x1 = Int.random(in: x0..<w, using: &rng)
            var images: [[UInt8]] = []
            for simd in [true, false] {
                let canvas = Canvas(width: w, height: 2)
                canvas.pixmap = Pixmap(width: w, height: 2, premultipliedData: base)
                canvas.withSpans { spans in
                    spans.blendCoverage(row: 1, from: x0, through: x1, color: color, coverage: TableCoverage(k: k),
                                        simd: simd)
                }
                images.append(canvas.pixmap.data)
            }
            XCTAssertEqual(images[0], images[1], "round \(round)")
            if opaque, let fill = color.opaqueFill {
                stored += (x0...x1).filter { k[$0] == 1 && canvas32(images[0], w + $0) == fill }.count
            }
        }
        XCTAssertGreaterThan(stored, 100, "opaque full-coverage pixels were stored")
    }

    func canvas32(_ bytes: [UInt8], _ i: Int) -> UInt32 {
        UInt32(bytes[4 * i]) | UInt32(bytes[4 * i + 1]) << 8 | UInt32(bytes[4 * i + 2]) << 16 | UInt32(bytes[4 * i + 3]) << 24
    }

    func testProjectiveImageBlendIsTheIntegerFormulaItReplaced() {
        /// The image-source blend before it moved into Raster: every channel of the sample
        /// times f/255 rounded as (c·f + 127) / 255, then s + d·(255 − s.a) rounded the same
        /// way, capped at 255.
        func old(_ s: UInt32, _ f: UInt32, _ d: UInt32) -> UInt32 {
            var scaled: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] { scaled |= ((((s >> shift) & 0xFF) * f + 127) / 255) << shift }
            let src = f < 255 ? scaled : s
            let inv = 255 - (src >> 24)
            guard inv > 0 else { return src }
            var out: UInt32 = 0
            for shift: UInt32 in [0, 8, 16, 24] {
                out |= min(255, ((src >> shift) & 0xFF) + (((d >> shift) & 0xFF) * inv + 127) / 255) << shift
            }
            return out
        }
        for _ in 0..<200_000 {
            let s = randomPixel(), d = randomPixel(), f = UInt32.random(in: 1...255, using: &rng)
            let new = PixelMath.over(PixelMath.sanitized(PixelMath.scale(s, by: f)), d)
            if new != old(s, f, d) { XCTFail("s \(s) f \(f) d \(d): \(new) != \(old(s, f, d))"); return }
        }
    }
}
