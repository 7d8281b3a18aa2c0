import Foundation
import XCTest
@testable import Raster

/// The SDF glyph kernel: eight pixels at once (`SDFPass.shade8`) against the scalar twin
/// (`shade`), bit for bit, on random fields, passes, positions and destination pixels, and
/// whole glyph draws (axis-aligned and turned) with `kernelMode` .simd and .scalar.
final class SDFKernelTests: XCTestCase {
    var rng = SeededGenerator(seed: 0x5DF)

    func randomPixel() -> UInt32 {
        let a = UInt32.random(in: 0...255, using: &rng)
        let r = UInt32.random(in: 0...a, using: &rng), g = UInt32.random(in: 0...a, using: &rng), b = UInt32.random(in: 0...a, using: &rng)
        return r | g << 8 | b << 16 | a << 24
    }

    /// A field of random bytes with runs of 0, 255 and the outline value 192.
    func randomField(_ w: Int, _ h: Int) -> [UInt8] {
        (0..<(w * h)).map { _ in
            switch Int.random(in: 0..<5, using: &rng) {
            case 0: return 0
            case 1: return 255
            case 2: return 192
            default: return UInt8.random(in: 0...255, using: &rng)
            }
        }
    }

    func randomPass() -> SDFPass {
        let a = Float(Int.random(in: 0...255, using: &rng)) / 255 * (Bool.random(using: &rng) ? 1 : 0.6)
        let color = SIMD4<Float>(Float.random(in: 0...1, using: &rng) * a, Float.random(in: 0...1, using: &rng) * a,
                                 Float.random(in: 0...1, using: &rng) * a, a)
        let halo = Bool.random(using: &rng)
        let gamma: Float = [0.105 / 2, 0.105, 0.3, Float.random(in: 0.001...0.5, using: &rng)][Int.random(in: 0..<4, using: &rng)]
        let edge = halo ? Float.random(in: 0.2...0.75, using: &rng) : SDFPass.glyphEdge
        return SDFPass(edge: edge, gamma: gamma, color: color, isHalo: halo)
    }

    func testEightPixelsAtOnceEqualEightOneByOne() {
        var drawn = 0
        for round in 0..<3000 {
            let w = Int.random(in: 1...24, using: &rng), h = Int.random(in: 1...24, using: &rng)
            let bytes = randomField(w, h)
            let pass = randomPass()
            // Positions over the padded field and a little beyond; exact halves and whole
            // texels come up often.
            var u = SIMD8<Float>(), v = SIMD8<Float>()
            for lane in 0..<8 {
                let grid = round % 3 == 0
                u[lane] = grid ? Float(Int.random(in: -4...60, using: &rng)) / 2 - 1 : Float.random(in: -2...Float(w + 3), using: &rng)
                v[lane] = grid ? Float(Int.random(in: -4...60, using: &rng)) / 2 - 1 : Float.random(in: -2...Float(h + 3), using: &rng)
            }
            var active = SIMDMask<SIMD8<Int32>>(repeating: true)
            if round % 4 == 1 { for lane in 0..<8 { active[lane] = Bool.random(using: &rng) } }
            let dst = (0..<8).map { _ in randomPixel() }
            bytes.withUnsafeBufferPointer { texels in
                let field = SDFField(texels: texels, width: w, height: h, pad: 1)
                let expected = (0..<8).map { active[$0] ? pass.shade(dst[$0], field, u: u[$0], v: v[$0]) : dst[$0] }
                var got = dst
                got.withUnsafeMutableBufferPointer { pass.shade8($0.baseAddress!, field, u: u, v: v, active: active) }
                XCTAssertEqual(got, expected, "round \(round): u \(u) v \(v) pass \(pass)")
                drawn += zip(got, dst).filter { $0 != $1 }.count
            }
        }
        XCTAssertGreaterThan(drawn, 2000, "the passes drew")
    }

    func testCoordinatesBeyondTheFloorRangeGoOneByOne() {
        let bytes = [UInt8](repeating: 255, count: 16)
        bytes.withUnsafeBufferPointer { texels in
            let field = SDFField(texels: texels, width: 4, height: 4, pad: 1)
            let pass = SDFPass(edge: SDFPass.glyphEdge, gamma: 0.1, color: SIMD4(1, 0, 0, 1), isHalo: false)
            let u = SIMD8<Float>(1, 2, 3, 1e7, -1e7, 2.5, 0.5, 1.5), v = SIMD8<Float>(repeating: 2)
            let dst = [UInt32](repeating: 0xFF00_FF00, count: 8)
            let expected = (0..<8).map { pass.shade(dst[$0], field, u: u[$0], v: v[$0]) }
            var got = dst
            got.withUnsafeMutableBufferPointer { pass.shade8($0.baseAddress!, field, u: u, v: v, active: .init(repeating: true)) }
            XCTAssertEqual(got, expected)
            XCTAssertEqual(got[0], 0xFF00_00FF, "inside the glyph: opaque red")
        }
    }

    func testGlyphDrawsAgreeBetweenKernelModes() {
        var drewRounds = 0
        for round in 0..<60 {
            let w = Int.random(in: 3...20, using: &rng), h = Int.random(in: 3...20, using: &rng)
            let bytes = randomField(w, h)
            let pass = randomPass()
            let background = (0..<(48 * 40)).flatMap { _ -> [UInt8] in
                let p = randomPixel()
                return [UInt8(p & 0xFF), UInt8((p >> 8) & 0xFF), UInt8((p >> 16) & 0xFF), UInt8(p >> 24)]
            }
            let x0 = Float.random(in: -4...30, using: &rng), y0 = Float.random(in: -4...20, using: &rng)
            let x1 = x0 + Float.random(in: 2...30, using: &rng), y1 = y0 + Float.random(in: 2...30, using: &rng)
            let angle = Float.random(in: -3...3, using: &rng)
            var images: [[UInt8]] = []
            for mode in [KernelMode.simd, .scalar] {
                let canvas = Canvas(width: 48, height: 40)
                canvas.pixmap = Pixmap(width: 48, height: 40, premultipliedData: background)
                canvas.kernelMode = mode
                bytes.withUnsafeBufferPointer { texels in
                    let field = SDFField(texels: texels, width: w, height: h, pad: 1)
                    canvas.drawSDF(field, pass: pass, x0: x0, y0: y0, x1: x1, y1: y1, origin: SIMD2(1.25, 0.5))
                    let rect = SIMD4(x0 - x1, y0 - y1, x1 - x0, y1 - y0) / 2
                    let c = cos(angle), s = sin(angle)
                    let reach = (rect.z * rect.z + rect.w * rect.w).squareRoot()
                    canvas.drawSDF(field, pass: pass, center: SIMD2(24, 20), cos: c, sin: s, rect: rect,
                                   bounds: SIMD4(24 - reach, 20 - reach, 24 + reach, 20 + reach))
                }
                images.append(canvas.pixmap.data)
            }
            XCTAssertEqual(images[0], images[1], "round \(round)")
            if images[0] != background { drewRounds += 1 }
        }
        XCTAssertGreaterThan(drewRounds, 45)
    }
}
