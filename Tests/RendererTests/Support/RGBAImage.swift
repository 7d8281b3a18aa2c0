import Foundation
import PNGCodec
import Raster

/// A straight-alpha RGBA8 image, rows top to bottom: what a PNG file holds and what pixelmatch
/// compares (MapLibre's harness and `compare.py` both grade the decoded file).
struct RGBAImage: Equatable {
    var width: Int
    var height: Int
    var rgba: [UInt8]

    init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4)
        self.width = width; self.height = height; self.rgba = rgba
    }

    /// Decodes a PNG file's own straight RGBA (no premultiply round trip).
    init(png: [UInt8]) throws {
        let img = try png.withUnsafeBytes { try PNGDecoder.decodeStraightRGBA($0) }
        self.init(width: img.width, height: img.height, rgba: img.rgba)
    }

    init(contentsOf url: URL) throws {
        try self.init(png: [UInt8](try Data(contentsOf: url)))
    }

    /// The PNG the server sends for these pixels (`PNGEncoder` un-premultiplies).
    static func encode(_ pixmap: Pixmap) throws -> [UInt8] {
        try PNGEncoder.encode(premultipliedRGBA: pixmap.data, width: pixmap.width, height: pixmap.height)
    }

    /// PNG bytes of this image (opaque pixels only are exact through the premultiplied
    /// encoder; translucent ones round like the server's own output).
    func pngBytes() throws -> [UInt8] {
        try PNGEncoder.encode(premultipliedRGBA: Pixmap(width: width, height: height, straightRGBA: rgba).data,
                              width: width, height: height)
    }

    /// The bottom-left `w`×`h` pixels (MapLibre's harness reads `reportWidth`×`reportHeight`
    /// device pixels from the bottom-left of a larger canvas).
    func bottomLeft(width w: Int, height h: Int) -> RGBAImage {
        precondition(w <= width && h <= height)
        var out = [UInt8]()
        out.reserveCapacity(w * h * 4)
        for y in (height - h)..<height {
            let start = y * width * 4
            out.append(contentsOf: rgba[start..<(start + w * 4)])
        }
        return RGBAImage(width: w, height: h, rgba: out)
    }
}
