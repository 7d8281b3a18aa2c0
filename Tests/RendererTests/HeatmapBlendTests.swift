import Raster
import SplitMix
import StyleSpec
import XCTest
@testable import Renderer

/// The heatmap's SIMD pixel kernel (Raster's `RampBlend`) against its scalar twin, bit for bit, and the compositor
/// through either.
final class HeatmapBlendTests: XCTestCase {
    /// A ramp of random premultiplied byte colours (what `LineGradientRamp.texel` yields).
    func randomRamp(_ rng: inout SplitMix64, transparentStart: Bool) -> HeatmapColorRamp {
        HeatmapColorRamp { _ in
            let a = Double(rng.int(256)) / 255
            return StyleColor(r: rng.unit(), g: rng.unit(), b: rng.unit(), a: a)
        }.withFirstTexel(transparentStart ? .zero : nil)
    }

    func testEightPixelsAtOnceEqualEightOneByOne() {
        var rng = SplitMix64(seed: 0x4EA7)
        let specials: [Float] = [0, -1, .nan, .infinity, -.infinity, 0.5 / 256, 1, 255.5 / 256, 2, 1e-7, 0.123456]
        for round in 0..<400 {
            let ramp = randomRamp(&rng, transparentStart: round % 2 == 0)
            let padded = RampBlend.padded(ramp.texels)
            let opacity: Float = [1, 0.7, 0.01, Float(rng.unit())][round % 4]
            var density = SIMD8<Float>()
            var dst = [UInt32](repeating: 0, count: 8)
            for lane in 0..<8 {
                density[lane] = rng.int(4) == 0 ? specials[rng.int(specials.count)] : Float(rng.unit() * 1.2 - 0.1)
                let a = UInt32(rng.int(256))
                dst[lane] = UInt32(rng.int(Int(a) + 1)) | UInt32(rng.int(Int(a) + 1)) << 8 | UInt32(rng.int(Int(a) + 1)) << 16 | a << 24
            }
            padded.withUnsafeBufferPointer { t in
                let expected = (0..<8).map { RampBlend.pixel(dst[$0], value: density[$0], opacity: opacity, ramp: t.baseAddress!) }
                var got = dst
                got.withUnsafeMutableBufferPointer { RampBlend.pixels8($0.baseAddress!, value: density, opacity: opacity, ramp: t.baseAddress!) }
                XCTAssertEqual(got, expected, "round \(round): densities \(density)")
            }
        }
    }

    func testTheCompositorDrawsTheSameBytesWithEitherKernel() throws {
        var rng = SplitMix64(seed: 77)
        for (width, height, margin) in [(67, 41, 0), (256, 256, 1), (514, 30, 0)] {
            let density = HeatmapDensity(width: width, height: height, margin: margin)
            for _ in 0..<25 {
                density.add(center: SIMD2(Float(rng.unit()) * Float(width), Float(rng.unit()) * Float(height)),
                            radius: Float(4 + rng.unit() * 40), amplitude: Float(rng.unit() * 3))
            }
            for transparent in [true, false] {
                let ramp = randomRamp(&rng, transparentStart: transparent)
                var images: [Pixmap] = []
                for mode in [KernelMode.simd, .scalar] {
                    let canvas = Canvas(width: width, height: height)
                    canvas.clear(Color(r: 0.2, g: 0.4, b: 0.1, a: 0.6))
                    canvas.kernelMode = mode
                    try HeatmapCompositor.composite(density, ramp: ramp, opacity: 0.8, onto: canvas)
                    images.append(canvas.pixmap)
                }
                XCTAssertEqual(images[0].data, images[1].data, "\(width)×\(height), transparent start: \(transparent)")
            }
        }
    }
}

extension HeatmapColorRamp {
    /// The same ramp with its first texel replaced (nil: unchanged).
    func withFirstTexel(_ texel: SIMD4<Float>?) -> HeatmapColorRamp {
        guard let texel else { return self }
        var t = texels
        t[0] = texel
        return HeatmapColorRamp(texels: t)
    }
}
