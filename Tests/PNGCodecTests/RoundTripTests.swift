import Foundation
import XCTest
import CLibPNG
import SplitMix
@testable import PNGCodec

/// encode → decode is the identity on valid premultiplied pixels, and the file holds
/// exactly the un-premultiplied pixels, for every layout and option.
final class RoundTripTests: XCTestCase {
    static let optionSets: [PNGEncodeOptions] = [
        PNGEncodeOptions(),
        PNGEncodeOptions(level: 0),
        PNGEncodeOptions(level: 6, filter: .adaptive),
        PNGEncodeOptions(level: 9, filter: .paeth, strategy: .filtered),
        PNGEncodeOptions(level: 2, filter: .sub, strategy: .rle),
        PNGEncodeOptions(level: 3, filter: .up, strategy: .huffmanOnly),
        PNGEncodeOptions(allowPalette: false),
        PNGEncodeOptions(allowPackedPalette: false),
        PNGEncodeOptions(allowPalette: false, allowRGB: false),
        PNGEncodeOptions(deflater: .zlib),
        PNGEncodeOptions(level: 0, deflater: .zlib),
        PNGEncodeOptions(level: 1, deflater: .libdeflate),
        PNGEncodeOptions(level: 0, deflater: .libdeflate),
        PNGEncodeOptions(level: 1),
        PNGEncodeOptions(level: 3),
        PNGEncodeOptions(level: 9, deflater: .isal, allowPalette: false, allowRGB: false),
        PNGEncodeOptions(deflater: .zlib, allowPalette: false, allowRGB: false),
        PNGEncodeOptions(level: 9, allowPackedPalette: false),
    ]

    /// ISA-L (the default), libdeflate and libpng's zlib stream write the same pixels, in files
    /// of different bytes (sizes on map tiles: `strata bench png`).
    func testEveryDeflaterWritesTheSamePixels() throws {
        for image in TestImages.all {
            var files: [[UInt8]] = []
            for deflater in PNGDeflater.allCases {
                let options = PNGEncodeOptions(deflater: deflater, cacheSingleColour: false)
                let png = try PNGEncoder.encode(premultipliedRGBA: image.pixels, width: image.width, height: image.height, options: options)
                XCTAssertEqual(try PNGDecoder.decode(png).premultipliedRGBA, image.pixels, "\(image.name) \(deflater)")
                files.append(png)
            }
            if image.width * image.height > 64 {
                XCTAssertEqual(Set(files).count, PNGDeflater.allCases.count, "\(image.name): every deflater ran")
            }
        }
    }

    /// Only unfiltered rows with the default strategy go to libdeflate or ISA-L; a filter
    /// still works (through zlib) whatever the deflater says.
    func testFilteredRowsGoThroughZlib() throws {
        let image = TestImages.all.first { $0.width * $0.height > 100 }!
        for deflater in [PNGDeflater.libdeflate, .isal] {
            for filter in [PNGFilter.sub, .up, .paeth, .adaptive] {
                let png = try PNGEncoder.encode(premultipliedRGBA: image.pixels, width: image.width, height: image.height,
                                                options: PNGEncodeOptions(filter: filter, deflater: deflater))
                XCTAssertEqual(try PNGDecoder.decode(png).premultipliedRGBA, image.pixels, "\(deflater) \(filter)")
            }
        }
    }

    /// Noise does not shrink under deflate: ISA-L's output outgrows the first buffer and the
    /// encoder grows it and goes on, at every level, for RGBA and palette-free RGB rows.
    func testIncompressibleRowsGrowTheISALOutput() throws {
        var random = SplitMix64(seed: 7)
        for (width, height) in [(1, 1), (3, 2), (256, 256), (700, 90)] {
            // Opaque noise (the round trip is exact for opaque pixels), written as RGB and RGBA.
            var pixels = [UInt8](repeating: 255, count: width * height * 4)
            for i in pixels.indices where i % 4 != 3 { pixels[i] = UInt8(truncatingIfNeeded: random.next()) }
            for level in Int32(0)...3 {
                for rgb in [true, false] {
                    let options = PNGEncodeOptions(level: level, deflater: .isal, allowPalette: false, allowRGB: rgb)
                    let png = try PNGEncoder.encode(premultipliedRGBA: pixels, width: width, height: height, options: options)
                    XCTAssertEqual(try PNGDecoder.decode(png).premultipliedRGBA, pixels, "\(width)×\(height) level \(level) rgb \(rgb)")
                    XCTAssertGreaterThan(png.count, width * height * 3, "three bytes of noise per pixel do not shrink")
                }
            }
        }
    }

    /// ISA-L's AVX-512 kernels leave the vector registers' upper halves dirty; the encoder
    /// clears them, or every SSE instruction of the next render is slowed (40-65 % measured).
    func testISALEncodeLeavesTheUpperVectorStateClear() throws {
        let state = strata_png_upper_vector_state()
        if state < 0 {
            // No XGETBV in-use query: then the CPU has no AVX state to leave dirty either.
            XCTAssertFalse(ProcessInfo.processInfo.environment["CI"] == "true" && Self.cpuHasAVX512(), "AVX-512 without XINUSE?")
            return
        }
        var random = SplitMix64(seed: 11)
        var pixels = [UInt8](repeating: 255, count: 256 * 256 * 4)
        for i in pixels.indices where i % 4 != 3 { pixels[i] = UInt8(truncatingIfNeeded: random.next() & 0xF0) }
        for level in Int32(0)...3 {
            _ = try PNGEncoder.encode(premultipliedRGBA: pixels, width: 256, height: 256,
                                      options: PNGEncodeOptions(level: level, deflater: .isal, allowPalette: false))
            XCTAssertEqual(strata_png_upper_vector_state(), 0, "level \(level)")
        }
    }

    static func cpuHasAVX512() -> Bool {
        (try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8))?.contains("avx512f") ?? false
    }

    func testEveryImageAndOptionRoundTrips() throws {
        for options in Self.optionSets {
            for image in TestImages.all {
                let encoded = try PNGEncoder.encodeDetailed(premultipliedRGBA: image.pixels.withUnsafeBytes { $0 }, width: image.width, height: image.height, options: options)
                let decoded = try PNGDecoder.decode(encoded.bytes)
                XCTAssertEqual(decoded.width, image.width, image.name)
                XCTAssertEqual(decoded.height, image.height, image.name)
                XCTAssertEqual(decoded.premultipliedRGBA, image.pixels, "\(image.name) \(options) \(encoded.layout)")
                let straight = try encoded.bytes.withUnsafeBytes { try PNGDecoder.decodeStraightRGBA($0) }
                XCTAssertEqual(straight.rgba, TestImages.straight(image.pixels), "\(image.name) \(options)")
            }
        }
    }

    func testLayoutFollowsContent() throws {
        func layout(_ image: TestImage, _ options: PNGEncodeOptions = .init()) throws -> PNGLayout {
            try image.pixels.withUnsafeBytes { try PNGEncoder.encodeDetailed(premultipliedRGBA: $0, width: image.width, height: image.height, options: options).layout }
        }
        let solid = TestImages.solid("s", [0, 0, 0, 0], width: 256, height: 256)
        XCTAssertEqual(try layout(solid), .singleColour)
        let expectations: [(Int, Int)] = [(2, 1), (3, 2), (4, 2), (5, 4), (16, 4), (17, 8), (256, 8)]
        for (count, depth) in expectations {
            let image = TestImages.fromColours("p", TestImages.palette(count, opaque: false, seed: 9), width: 40, height: 40, seed: 2)
            XCTAssertEqual(try layout(image), .palette(colours: count, bitDepth: depth))
            XCTAssertEqual(try layout(image, PNGEncodeOptions(allowPackedPalette: false)), .palette(colours: count, bitDepth: 8))
        }
        let opaque = TestImages.fromColours("o", TestImages.palette(257, opaque: true, seed: 9), width: 40, height: 40, seed: 2)
        XCTAssertEqual(try layout(opaque), .rgb)
        XCTAssertEqual(try layout(opaque, PNGEncodeOptions(allowRGB: false)), .rgba)
        let translucent = TestImages.fromColours("t", TestImages.palette(257, opaque: false, seed: 9), width: 40, height: 40, seed: 2)
        XCTAssertEqual(try layout(translucent), .rgba)
        XCTAssertEqual(try layout(TestImages.solid("s", [9, 9, 9, 255], width: 3, height: 3), PNGEncodeOptions(allowPalette: false)), .rgb)
    }

    func testTranslucentColoursComeFirstWhenThatShortensTRNS() throws {
        // 200 opaque colours seen first, then 10 translucent ones: tRNS shrinks from 210 to 10 entries.
        let colours = TestImages.palette(200, opaque: true, seed: 5) + TestImages.palette(10, opaque: false, seed: 6).map { c in c[3] == 255 ? [0, 0, 0, 254] : c }
        let image = TestImages.fromColours("late-alpha", colours, width: 64, height: 64, seed: 8)
        let table = PaletteTable(colours: colours.map { UInt32($0[0]) | UInt32($0[1]) << 8 | UInt32($0[2]) << 16 | UInt32($0[3]) << 24 }, allowPacked: true)
        XCTAssertNotNil(table.remap)
        XCTAssertEqual(table.alpha.count, 10)
        let png = try PNGEncoder.encode(premultipliedRGBA: image.pixels, width: 64, height: 64)
        XCTAssertEqual(try PNGDecoder.decode(png).premultipliedRGBA, image.pixels)
    }

    func testSingleColourFilesAreCachedPerColourAndSize() throws {
        let a = TestImages.solid("a", [1, 2, 3, 255], width: 256, height: 256)
        let first = try PNGEncoder.encode(premultipliedRGBA: a.pixels, width: 256, height: 256)
        let again = try PNGEncoder.encode(premultipliedRGBA: a.pixels, width: 256, height: 256)
        XCTAssertEqual(first, again)
        let other = try PNGEncoder.encode(premultipliedRGBA: TestImages.solid("b", [1, 2, 4, 255], width: 256, height: 256).pixels, width: 256, height: 256)
        XCTAssertNotEqual(first, other)
        XCTAssertEqual(try PNGDecoder.decode(other).premultipliedRGBA, TestImages.solid("b", [1, 2, 4, 255], width: 256, height: 256).pixels)
        let cache = SingleColourCache(capacity: 2)
        for i in 0..<5 { cache.store([UInt8(i)], for: .init(pixel: UInt32(i), width: 1, height: 1, options: .init())) }
        XCTAssertLessThanOrEqual(cache.count, 2)
        XCTAssertEqual(cache.file(for: .init(pixel: 4, width: 1, height: 1, options: .init())), [4])
    }

    func testBadArgumentsThrow() {
        let pixels = [UInt8](repeating: 0, count: 16)
        XCTAssertThrowsError(try PNGEncoder.encode(premultipliedRGBA: pixels, width: 0, height: 4))
        XCTAssertThrowsError(try PNGEncoder.encode(premultipliedRGBA: pixels, width: -2, height: -2))
        XCTAssertThrowsError(try PNGEncoder.encode(premultipliedRGBA: pixels, width: 3, height: 1))
        XCTAssertThrowsError(try PNGEncoder.encode(premultipliedRGBA: pixels, width: Int.max, height: 2))
        XCTAssertThrowsError(try PNGEncoder.encode(premultipliedRGBA: pixels, width: 2, height: 2, options: PNGEncodeOptions(level: 10))) { error in
            XCTAssertTrue((error as? PNGError)?.message.contains("level") == true)
        }
        XCTAssertNoThrow(try PNGEncoder.encode(premultipliedRGBA: pixels, width: 2, height: 2))
    }

    func testConcurrentEncodesAgreeWithSerialOnes() throws {
        let images = TestImages.all
        // Worker threads that compressed other images first (each thread keeps its compressor):
        // their history must not change the bytes.
        let warm = (0..<8).map { TestImages.noise("warm-\($0)", width: 300 + 37 * $0, height: 200, opaque: $0 % 2 == 0, seed: UInt64(90 + $0)) }
        DispatchQueue.concurrentPerform(iterations: warm.count * 3) { i in
            let w = warm[i % warm.count]
            _ = try? PNGEncoder.encode(premultipliedRGBA: w.pixels, width: w.width, height: w.height,
                                       options: PNGEncodeOptions(level: Int32(1 + i % 3)))
        }
        let serial = try images.map { try PNGEncoder.encode(premultipliedRGBA: $0.pixels, width: $0.width, height: $0.height) }
        nonisolated(unsafe) let results = UnsafeMutableBufferPointer<[UInt8]>.allocate(capacity: images.count * 4)
        results.initialize(repeating: [])
        defer { results.deallocate() }
        DispatchQueue.concurrentPerform(iterations: images.count * 4) { i in
            let image = images[i % images.count]
            results[i] = (try? PNGEncoder.encode(premultipliedRGBA: image.pixels, width: image.width, height: image.height,
                                                 options: PNGEncodeOptions(cacheSingleColour: i % 2 == 0))) ?? []
        }
        for i in 0..<(images.count * 4) { XCTAssertEqual(results[i], serial[i % images.count], images[i % images.count].name) }
    }

    func testRowsWiderThanOneStripAndManyStrips() throws {
        XCTAssertGreaterThan(9000 * 4, PNGEncoder.stripBytes, "one row must exceed a strip for this test")
        for image in [TestImages.noise("wide-rgba", width: 9000, height: 3, opaque: false, seed: 31),
                      TestImages.noise("wide-rgb", width: 9000, height: 2, opaque: true, seed: 32),
                      TestImages.noise("tall-rgba", width: 300, height: 300, opaque: false, seed: 33)] {
            let png = try PNGEncoder.encode(premultipliedRGBA: image.pixels, width: image.width, height: image.height)
            XCTAssertEqual(try PNGDecoder.decode(png).premultipliedRGBA, image.pixels, image.name)
        }
    }

    func testWriterMisuseThrowsInsteadOfCrashing() throws {
        var header = strata_png_header()
        header.width = 4
        header.height = 2
        header.color_type = Int32(STRATA_PNG_COLOR_RGB)
        header.bit_depth = 8
        let row = [UInt8](repeating: 7, count: 12 * 3)
        try row.withUnsafeBytes { rows in
            let tooMany = try LibPNGWriter(header: header, options: .init())
            XCTAssertThrowsError(try tooMany.write(rows: rows.baseAddress!, stride: 12, count: 3))
            XCTAssertThrowsError(try tooMany.finish(), "a failed writer stays failed")
            let early = try LibPNGWriter(header: header, options: .init())
            try early.write(rows: rows.baseAddress!, stride: 12, count: 1)
            XCTAssertThrowsError(try early.finish())
            let complete = try LibPNGWriter(header: header, options: .init())
            try complete.write(rows: rows.baseAddress!, stride: 12, count: 1)
            try complete.write(rows: rows.baseAddress!, stride: 12, count: 1)
            XCTAssertEqual(try PNGDecoder.decode(try complete.finish()).premultipliedRGBA, Array([[UInt8]](repeating: [7, 7, 7, 255], count: 8).joined()))
        }
        var bad = header
        bad.bit_depth = 4
        XCTAssertThrowsError(try LibPNGWriter(header: bad, options: .init()))
        bad = header
        bad.width = 0
        XCTAssertThrowsError(try LibPNGWriter(header: bad, options: .init()))
        bad = header
        bad.color_type = Int32(STRATA_PNG_COLOR_PALETTE)
        bad.palette_count = 0
        XCTAssertThrowsError(try LibPNGWriter(header: bad, options: .init()))
        XCTAssertThrowsError(try LibPNGWriter(header: header, options: PNGEncodeOptions(level: 12)))
    }
}
