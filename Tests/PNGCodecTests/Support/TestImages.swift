import SplitMix
@testable import PNGCodec

/// Deterministic PRNG so every generated image and fuzz case is reproducible.
typealias SeededRandom = SplitMix64

/// A premultiplied RGBA8 test image.
struct TestImage {
    var name: String
    var width: Int
    var height: Int
    var pixels: [UInt8]
}

enum TestImages {
    /// A valid premultiplied pixel (every channel ≤ alpha) as bytes.
    static func randomPremultiplied(_ rng: inout SeededRandom, opaque: Bool) -> [UInt8] {
        let a = opaque ? 255 : Int.random(in: 0...255, using: &rng)
        return (0..<3).map { _ in UInt8(Int.random(in: 0...a, using: &rng)) } + [UInt8(a)]
    }

    /// An image that draws each pixel from `colours` (premultiplied RGBA bytes), in runs like map tiles.
    static func fromColours(_ name: String, _ colours: [[UInt8]], width: Int, height: Int, seed: UInt64) -> TestImage {
        var rng = SeededRandom(seed: seed)
        var pixels = [UInt8]()
        pixels.reserveCapacity(width * height * 4)
        var current = colours[0]
        for i in 0..<(width * height) {
            if i < colours.count { current = colours[i] } else if Int.random(in: 0..<4, using: &rng) == 0 {
                current = colours[Int.random(in: 0..<colours.count, using: &rng)]
            }
            pixels += current
        }
        return TestImage(name: name, width: width, height: height, pixels: pixels)
    }

    static func palette(_ count: Int, opaque: Bool, seed: UInt64) -> [[UInt8]] {
        var rng = SeededRandom(seed: seed)
        var seen = Set<[UInt8]>()
        var colours = [[UInt8]]()
        while colours.count < count {
            let c = randomPremultiplied(&rng, opaque: opaque)
            if seen.insert(c).inserted { colours.append(c) }
        }
        return colours
    }

    static func noise(_ name: String, width: Int, height: Int, opaque: Bool, seed: UInt64) -> TestImage {
        var rng = SeededRandom(seed: seed)
        var pixels = [UInt8]()
        for _ in 0..<(width * height) { pixels += randomPremultiplied(&rng, opaque: opaque) }
        return TestImage(name: name, width: width, height: height, pixels: pixels)
    }

    static func solid(_ name: String, _ colour: [UInt8], width: Int, height: Int) -> TestImage {
        TestImage(name: name, width: width, height: height, pixels: Array([[UInt8]](repeating: colour, count: width * height).joined()))
    }

    /// Images that exercise every layout and awkward sizes.
    static var all: [TestImage] {
        var images: [TestImage] = [
            solid("single-opaque", [10, 20, 30, 255], width: 256, height: 256),
            solid("single-transparent", [0, 0, 0, 0], width: 256, height: 256),
            solid("single-translucent", [10, 20, 30, 128], width: 33, height: 7),
            solid("1x1-opaque", [1, 2, 3, 255], width: 1, height: 1),
            solid("1x1-translucent", [1, 2, 3, 4], width: 1, height: 1),
            noise("1x1-noise", width: 1, height: 1, opaque: false, seed: 1),
            noise("opaque-noise", width: 64, height: 48, opaque: true, seed: 2),
            noise("transparent-noise", width: 61, height: 37, opaque: false, seed: 3),
            noise("odd-1xN", width: 1, height: 301, opaque: false, seed: 4),
            noise("odd-Nx1", width: 299, height: 1, opaque: true, seed: 5),
        ]
        for (count, opaque) in [(2, true), (3, false), (4, true), (5, true), (16, false), (17, true), (200, false), (256, true), (256, false), (257, true), (257, false), (1000, false)] {
            for (w, h) in [(256, 256), (13, 9), (7, 3)] where w * h >= count {
                images.append(fromColours("palette-\(count)-\(opaque ? "opaque" : "alpha")-\(w)x\(h)",
                                          palette(count, opaque: opaque, seed: UInt64(count * 31 + w)), width: w, height: h, seed: UInt64(w * h)))
            }
        }
        return images
    }

    /// Straight RGBA8 expected in the file for premultiplied `pixels`.
    static func straight(_ pixels: [UInt8]) -> [UInt8] {
        var out = [UInt8](repeating: 0, count: pixels.count)
        for i in stride(from: 0, to: pixels.count, by: 4) {
            let a = UInt32(pixels[i + 3])
            for c in 0..<3 { out[i + c] = UInt8(AlphaConversion.unpremultiply(UInt32(pixels[i + c]), a)) }
            out[i + 3] = pixels[i + 3]
            if a == 0 { out[i] = 0; out[i + 1] = 0; out[i + 2] = 0 }
        }
        return out
    }
}
