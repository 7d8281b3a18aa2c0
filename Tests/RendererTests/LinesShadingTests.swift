import SplitMix
import XCTest
import SourceData
import Raster
import StyleSpec
@testable import Renderer

/// The line fragment shaders: MapLibre's alpha formula, GL-style blending, the SIMD kernels
/// against their scalar twins, the dash field and the gradient ramp.
final class LinesShadingTests: XCTestCase {
    /// `pixels` (rows `width` wide) after `body` drew on them through a canvas's spans.
    static func drawn(_ pixels: [UInt32], width: Int, _ body: (PixelSpans) -> Void) -> [UInt32] {
        let bytes = pixels.flatMap { p in (0..<4).map { UInt8(truncatingIfNeeded: p >> (8 * $0)) } }
        let canvas = Canvas(width: width, height: pixels.count / width)
        canvas.pixmap = Pixmap(width: width, height: pixels.count / width, premultipliedData: bytes)
        canvas.withSpans(body)
        let out = canvas.pixmap.data
        return (0..<pixels.count).map { i in (0..<4).reduce(UInt32(0)) { $0 | UInt32(out[4 * i + $1]) << (8 * $1) } }
    }

    func testBlendMatchesTheGLFormula() {
        // 50 % red over opaque blue: (255·0.5 + 0·0.5, 0, 0 + 255·0.5, 255).
        let color = SIMD4<Float>(1, 0, 0, 1) * 0.5 * 255
        let out = ShaderBlend.over(0xFF_FF_00_00, color255: color, alpha: 0.5, k: 1)
        XCTAssertEqual(out, 0xFF_80_00_80)
        XCTAssertEqual(ShaderBlend.over(0x12345678, color255: color, alpha: 0.5, k: 0), 0x12345678)
    }

    func testChannelLanesBlendAgreesWithItsScalarTwin() {
        var rng = SplitMix64(seed: 12)
        for i in 0..<200_000 {
            let dst = UInt32(truncatingIfNeeded: rng.next())
            let a = Float(rng.next() % 256) / 255
            let color = SIMD4<Float>(Float(rng.next() % 256) / 255 * a, Float(rng.next() % 256) / 255 * a,
                                     Float(rng.next() % 256) / 255 * a, a) * 255
            // Exact halves and the ends of the range come up often with these k.
            let k = i % 3 == 0 ? Float(rng.next() % 9) / 8 : Float(rng.next() % 1001) / 1000
            let expected = ShaderBlend.over(dst, color255: color, alpha: a, k: k)
            let lanes = ShaderBlend.over4(dst, color255: color, alpha: a, k: k)
            if lanes != expected { XCTFail("dst \(dst) colour \(color) alpha \(a) k \(k): \(lanes) != \(expected)"); return }
        }
    }

    func testBlendKernelAgreesWithItsScalarTwin() {
        var rng = SplitMix64(seed: 11)
        for _ in 0..<500 {
            var dst = (0..<8).map { _ in UInt32(truncatingIfNeeded: rng.next()) }
            let a = Float(rng.next() % 256) / 255
            let color = SIMD4<Float>(Float(rng.next() % 256) / 255 * a, Float(rng.next() % 256) / 255 * a,
                                     Float(rng.next() % 256) / 255 * a, a) * 255
            var k = SIMD8<Float>()
            for i in 0..<8 { k[i] = rng.next() % 4 == 0 ? 0 : Float(rng.next() % 1001) / 1000 }
            let expected = (0..<8).map { ShaderBlend.over(dst[$0], color255: color, alpha: a, k: k[$0]) }
            dst.withUnsafeMutableBufferPointer { ShaderBlend.over8($0.baseAddress!, color255: color, alpha: a, k: k) }
            XCTAssertEqual(dst, expected)
        }
    }

    func testSolidShaderSIMDAgreesWithScalar() {
        var rng = SplitMix64(seed: 3)
        let w = 64, h = 16
        var drawnRounds = 0
        for round in 0..<40 {
            let base = (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            var simd = base, scalar = base
            let uniforms = LineFeatureStyle.uniforms(color: Color(r: 0.2, g: 0.6, b: 0.9, a: Float(round % 5 + 1) / 5),
                                                     opacity: 0.8, width: Float(rng.next() % 20 + 1), gap: round % 3 == 0 ? 4 : 0,
                                                     blur: Float(rng.next() % 3), pixelRatio: round % 2 == 0 ? 1 : 2)
            var v = LineVaryings()
            v.x0 = Float(rng.next() % 64); v.y0 = Float(rng.next() % 16)
            v.normalX = SIMD3(Float(rng.next() % 100) / 100, Float(rng.next() % 100) / 3000 - 0.016, 0.01)
            v.normalY = SIMD3(Float(rng.next() % 200) / 100 - 1, Float(rng.next() % 100) / 1500 - 0.033, -0.02)
            for (flag, buffer) in [(true, 0), (false, 1)] {
                let pixels = Self.drawn(buffer == 0 ? simd : scalar, width: w) { spans in
                    var shader = SolidLineShader(spans: spans, uniforms: uniforms)
                    shader.simd = flag
                    shader.begin(v, rampRow: 0)
                    for y in 0..<h { shader.shade(row: y, from: y % 5, through: w - 1 - y % 7) }
                }
                if buffer == 0 { simd = pixels } else { scalar = pixels }
            }
            XCTAssertEqual(simd, scalar, "round \(round)")
            if simd != base { drawnRounds += 1 }
        }
        XCTAssertGreaterThan(drawnRounds, 30)
    }

    func testShortSolidRunsAgreeWithScalar() {
        // Runs of 1–7 pixels (the selects of the SIMD shader's tail) against the scalar twin,
        // opaque lines included: their solid core is stored, their edges blended.
        var rng = SplitMix64(seed: 4)
        let w = 16, h = 12
        var stored = 0, blended = 0
        for round in 0..<60 {
            let base = (0..<(w * h)).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            let opaque = round % 2 == 0
            let uniforms = LineFeatureStyle.uniforms(color: Color(r: 0.7, g: 0.2, b: 0.4, a: opaque ? 1 : 0.6),
                                                     opacity: opaque ? 1 : 0.9, width: Float(rng.next() % 6 + 1), gap: 0,
                                                     blur: 0, pixelRatio: 1)
            var v = LineVaryings()
            v.x0 = Float(rng.next() % 16); v.y0 = Float(rng.next() % 12)
            v.normalX = SIMD3(0, 0, 0)
            v.normalY = SIMD3(Float(rng.next() % 200) / 100 - 1, Float(rng.next() % 100) / 200 - 0.25, Float(rng.next() % 100) / 200 - 0.25)
            var out: [[UInt32]] = []
            for flag in [true, false] {
                let pixels = Self.drawn(base, width: w) { spans in
                    var shader = SolidLineShader(spans: spans, uniforms: uniforms)
                    shader.simd = flag
                    shader.begin(v, rampRow: 0)
                    for y in 0..<h {
                        let first = y % 9, count = y % 7 + 1
                        shader.shade(row: y, from: first, through: first + count - 1)
                    }
                }
                out.append(pixels)
            }
            XCTAssertEqual(out[0], out[1], "round \(round)")
            let core = ShaderBlend.over(0, color255: uniforms.color255, alpha: uniforms.alpha, k: 1)
            if opaque { stored += zip(out[0], base).filter { $0 != $1 && $0 == core }.count }
            blended += zip(out[0], base).filter { $0 != $1 }.count
        }
        XCTAssertGreaterThan(stored, 20, "opaque cores were stored")
        XCTAssertGreaterThan(blended, 200)
    }

    func testSolidRunsMatchPerPixelShading() {
        // Wide lines: most runs take the solid-core shortcut; the result must be the one
        // of shading every pixel.
        var rng = SplitMix64(seed: 5)
        let w = 48
        for round in 0..<30 {
            let base = (0..<w).map { _ in UInt32(truncatingIfNeeded: rng.next()) | 0xFF00_0000 }
            let opacity: Float = round % 3 == 0 ? 1 : 0.6
            let u = LineFeatureStyle.uniforms(color: Color(r: 0.9, g: 0.3, b: 0.1, a: round % 2 == 0 ? 1 : 0.7), opacity: opacity,
                                              width: 30, gap: 0, blur: 0, pixelRatio: 1)
            var v = LineVaryings()
            v.normalY = SIMD3(Float(rng.next() % 100) / 200 - 0.25, Float(rng.next() % 100) / 20000, 0)
            let shaded = Self.drawn(base, width: w) { spans in
                var shader = SolidLineShader(spans: spans, uniforms: u)
                shader.begin(v, rampRow: 0)
                shader.shade(row: 0, from: 2, through: w - 3)
            }
            var expected = base
            for x in 2...(w - 3) {
                let ny = v.normalY.x + v.normalY.y * (Float(x) + 0.5)
                let k = u.edgeAlpha(abs(ny) * u.outset) * opacity
                if k > 0 { expected[x] = ShaderBlend.over(expected[x], color255: u.color255, alpha: u.alpha, k: k) }
            }
            XCTAssertEqual(shaded, expected, "round \(round)")
        }
    }

    func testEdgeAlphaIsMapLibres() {
        // Width 10, 1 px AA: outset 5.5, full inside 4.5, half at 5, none beyond 5.5.
        let u = LineFeatureStyle.uniforms(color: .black, opacity: 1, width: 10, gap: 0, blur: 0, pixelRatio: 1)
        XCTAssertEqual(u.outset, 5.5)
        XCTAssertEqual(u.edgeAlpha(0), 1)
        XCTAssertEqual(u.edgeAlpha(4.5), 1)
        XCTAssertEqual(u.edgeAlpha(5), 0.5, accuracy: 1e-6)
        XCTAssertEqual(u.edgeAlpha(5.5), 0)
        // A cased line (gap 6): empty inside the gap, the ramp on both sides of each stroke.
        let g = LineFeatureStyle.uniforms(color: .black, opacity: 1, width: 2, gap: 6, blur: 0, pixelRatio: 1)
        XCTAssertEqual(g.inset, 3.5); XCTAssertEqual(g.outset, 5.5)
        XCTAssertEqual(g.edgeAlpha(2), 0)
        XCTAssertEqual(g.edgeAlpha(4.5), 1)
        XCTAssertEqual(g.edgeAlpha(3), 0.5, accuracy: 1e-6)
        // Pixel ratio 2: widths in device pixels, the ramp still one device pixel.
        let r = LineFeatureStyle.uniforms(color: .black, opacity: 1, width: 10, gap: 0, blur: 0, pixelRatio: 2)
        XCTAssertEqual(r.outset, 10.5); XCTAssertEqual(r.blur2, 1)
    }

    func testRegularDashField() {
        let p = LineDashPattern(dasharray: [1, 1], round: false)
        XCTAssertEqual(p.rowCount, 1)
        XCTAssertEqual(p.length, 2)
        // Signed distance to the nearest dash edge, +128, positive inside dashes.
        XCTAssertEqual(p.texels[64], 192)
        XCTAssertEqual(p.texels[192], 64)
        XCTAssertEqual(p.texels[127], 129)
        XCTAssertEqual(p.texels[129], 127)
        // Solid patterns: a zero gap merges with its neighbours.
        let solid = LineDashPattern(dasharray: [1, 0], round: false)
        XCTAssertTrue(solid.texels.allSatisfy { $0 >= 128 })
        // An odd count runs the last dash into the first.
        let odd = LineDashPattern(dasharray: [1, 2, 1], round: false)
        XCTAssertEqual(odd.texels[0], 192)
        XCTAssertEqual(odd.texels[255], 191)
        XCTAssertEqual(odd.texels[128], 64)
        // Nothing to draw: all zero.
        XCTAssertTrue(LineDashPattern(dasharray: [0, 0], round: false).texels.allSatisfy { $0 == 0 })
    }

    func testRoundDashFieldAndSampling() {
        let p = LineDashPattern(dasharray: [4, 2], round: true)
        XCTAssertEqual(p.rowCount, 15)
        // Rows mirror about the middle one.
        for r in 0..<7 { XCTAssertEqual(Array(p.texels[r * 256..<(r + 1) * 256]), Array(p.texels[(14 - r) * 256..<(15 - r) * 256])) }
        p.texels.withUnsafeBufferPointer { t in
            let base = t.baseAddress!
            // Repeats along the line (GL_REPEAT) and interpolates between rows.
            let a = LineDashPattern.sample(x: 0.3, row: 3.25, halfRows: 7, texels: base)
            XCTAssertEqual(a, LineDashPattern.sample(x: 2.3, row: 3.25, halfRows: 7, texels: base), accuracy: 1e-5)
            let r3 = LineDashPattern.sample(x: 0.3, row: 3, halfRows: 7, texels: base)
            let r4 = LineDashPattern.sample(x: 0.3, row: 4, halfRows: 7, texels: base)
            XCTAssertEqual(a, r3 + (r4 - r3) * 0.25, accuracy: 1e-5)
            // Rounded dash ends: the gap bulges into the dash end towards the middle row.
            XCTAssertGreaterThan(LineDashPattern.sample(x: 0.74, row: 7, halfRows: 7, texels: base),
                                 LineDashPattern.sample(x: 0.74, row: 0, halfRows: 7, texels: base))
            XCTAssertEqual(LineDashPattern.sample(x: .nan, row: 0, halfRows: 7, texels: base), 0)
        }
    }

    func testGradientRampTexels() {
        // Straight bytes floored, then premultiplied on upload (truncating).
        let t = LineGradientRamp.texel(StyleColor(r: 1, g: 0.5, b: 0, a: 0.5))
        XCTAssertEqual(t.w, 127 / 255, accuracy: 1e-6)
        XCTAssertEqual(t.x, Float((255 * 127 / 255)) / 255, accuracy: 1e-6)
        XCTAssertEqual(t.y, Float(Int(127 * Float(127) / 255)) / 255, accuracy: 1e-6)
        XCTAssertEqual(LineGradientRamp.texel(StyleColor(r: 1, g: 1, b: 1, a: 0)), SIMD4(0, 0, 0, 0))

        var ramp = LineGradientRamp(width: 256, nearest: false)
        let row = ramp.addRow(clip: SIMD2(0.5, 1)) { StyleColor(r: $0, g: 0, b: 0, a: 1) }
        XCTAssertEqual(row, 0)
        ramp.texels.withUnsafeBufferPointer { tx in
            // Texel i holds the colour at start + (end − start)·i/255, sampled at texel centres.
            let first = LineGradientRamp.sample(row: 0, u: 0.5 / 256, width: 256, nearest: false, texels: tx.baseAddress!)
            XCTAssertEqual(first.x, 127 / 255, accuracy: 1e-6)
            let last = LineGradientRamp.sample(row: 0, u: 1, width: 256, nearest: false, texels: tx.baseAddress!)
            XCTAssertEqual(last.x, 1, accuracy: 1e-6)
        }
        XCTAssertEqual(LineGradientRamp.resolution(step: false, maxLineLength: 1e9, tileZoom: 3, sourceMaxZoom: 18), 256)
        XCTAssertEqual(LineGradientRamp.resolution(step: true, maxLineLength: 8192 * 3, tileZoom: 3, sourceMaxZoom: 18), 4096)
        XCTAssertEqual(LineGradientRamp.resolution(step: true, maxLineLength: 100, tileZoom: 3, sourceMaxZoom: 18), 256)
        XCTAssertEqual(LineGradientRamp.resolution(step: true, maxLineLength: 8192 * 100, tileZoom: 3, sourceMaxZoom: 18), 8192)
    }
}

/// `LaneMask` against the standard library's `any`/`all`.
final class LaneMaskTests: XCTestCase {
    func testAgreesWithTheStandardLibrary() {
        var rng = SplitMix64(seed: 31)
        for _ in 0..<5_000 {
            var v = SIMD8<Float>()
            for i in 0..<8 { v[i] = rng.next() % 3 == 0 ? 0 : Float(rng.next() % 5) - 2 }
            for mask in [v .> 0, v .== 1, v .< 0, v .== v, v .!= v] {
                XCTAssertEqual(LaneMask.any(mask), any(mask))
                XCTAssertEqual(LaneMask.all(mask), all(mask))
            }
        }
    }
}
