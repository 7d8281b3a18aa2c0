import Foundation
import Geo
import JSON
import PNGCodec
import Raster
import SourceData
import StyleSpec
@testable import Renderer

/// A temporary data directory with vector and raster tiles, and helpers to render styles
/// over it.
final class TileFixture {
    let root: URL

    init() throws {
        root = FileManager.default.temporaryDirectory.appendingPathComponent("strata-tiles-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("tiles"), withIntermediateDirectories: true)
    }

    deinit { try? FileManager.default.removeItem(at: root) }

    func write(_ bytes: [UInt8], _ path: String) throws {
        let url = root.appendingPathComponent(path)
        try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
        try Data(bytes).write(to: url)
    }

    /// A solid-colour PNG tile.
    func writePNG(_ path: String, size: Int = 256, rgba: (UInt8, UInt8, UInt8, UInt8)) throws {
        var px = [UInt8](repeating: 0, count: size * size * 4)
        for i in 0..<(size * size) { px[4 * i] = rgba.0; px[4 * i + 1] = rgba.1; px[4 * i + 2] = rgba.2; px[4 * i + 3] = rgba.3 }
        try write(PNGEncoder.encode(premultipliedRGBA: px, width: size, height: size), path)
    }

    func renderer() throws -> MapRenderer {
        MapRenderer(resources: RenderResources(dataDirectory: try DataDirectory(root: root.path)))
    }

    func render(_ style: String, _ camera: Camera) throws -> Pixmap {
        let json = try JSONParser.parse(style)
        guard case .success(let parsed) = Style.parse(json, supportedLayerTypes: MapRenderer.supportedLayerTypes) else {
            throw TileSourceError("style does not parse: \(style)")
        }
        return try renderer().render(parsed.0, camera: camera)
    }
}

/// The smallest MVT writer: one layer of features with absolute tile coordinates.
enum MiniMVT {
    static func varint(_ v: UInt64, _ out: inout [UInt8]) {
        var v = v
        while v >= 0x80 { out.append(UInt8(v & 0x7F) | 0x80); v >>= 7 }
        out.append(UInt8(v))
    }
    static func field(_ n: UInt64, _ body: [UInt8], _ out: inout [UInt8]) { varint(n << 3 | 2, &out); varint(UInt64(body.count), &out); out += body }
    static func zz(_ v: Int32) -> UInt64 { UInt64(UInt32(bitPattern: (v << 1) ^ (v >> 31))) }

    /// type 1 point, 2 line, 3 polygon (each part closed with ClosePath); `ids` gives the
    /// features ids, in order.
    static func tile(layer: String, features: [(type: UInt64, parts: [[(Int32, Int32)]])], extent: UInt64 = 4096,
                     ids: [UInt64]? = nil) -> [UInt8] {
        var l: [UInt8] = []
        field(1, Array(layer.utf8), &l)
        for (index, f) in features.enumerated() {
            var cmds: [UInt8] = []
            var cx: Int32 = 0, cy: Int32 = 0
            for part in f.parts {
                varint(UInt64(1 | 1 << 3), &cmds); varint(zz(part[0].0 - cx), &cmds); varint(zz(part[0].1 - cy), &cmds)
                cx = part[0].0; cy = part[0].1
                if part.count > 1 {
                    varint(UInt64(2 | (part.count - 1) << 3), &cmds)
                    for p in part.dropFirst() { varint(zz(p.0 - cx), &cmds); varint(zz(p.1 - cy), &cmds); cx = p.0; cy = p.1 }
                }
                if f.type == 3 { varint(UInt64(7 | 1 << 3), &cmds) }
            }
            var body: [UInt8] = []
            if let ids { varint(1 << 3, &body); varint(ids[index], &body) }
            varint(3 << 3, &body); varint(f.type, &body)
            field(4, cmds, &body)
            field(2, body, &l)
        }
        varint(5 << 3, &l); varint(extent, &l)
        var out: [UInt8] = []
        field(3, l, &out)
        return out
    }

    /// A square polygon from (a, a) to (b, b) in tile units.
    static func square(_ a: Int32, _ b: Int32) -> [(Int32, Int32)] { [(a, a), (b, a), (b, b), (a, b)] }
}

extension Pixmap {
    /// The premultiplied RGBA of pixel (x, y) as a tuple for assertions.
    func rgba(_ x: Int, _ y: Int) -> [UInt8] {
        let p = pixel(x, y)
        return [p.r, p.g, p.b, p.a]
    }
}
