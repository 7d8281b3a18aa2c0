import Geo
import ImageCodec

/// A validated tile address: `/tiles/{z}/{x}/{y}[@Nx].{png|webp|jpg|jpeg}` (256 px) or
/// `/tiles/512/...`, with its output format.
public struct TileRequest: Sendable, Equatable {
    public static let maxZoom = 24

    /// The tile, checked against the grid once (by `parse`): renders take it as it is.
    public let id: TileID
    public var z: Int { id.z }
    public var x: Int { id.x }
    public var y: Int { id.y }
    /// 256 or 512 CSS px.
    public let tileSize: Int
    /// Pixel ratio (`@2x` → 2).
    public let scale: Int
    /// The file format the tile is encoded in.
    public var output: ImageOutput = .png

    /// MapLibre zoom of this tile (its world is 512 px at zoom 0): z − 1 for 256 px tiles.
    public var styleZoom: Double { Double(z) - (tileSize == 256 ? 1 : 0) }
    public var pixelSize: Int { tileSize * scale }

    /// The content-cache key part: everything that changes the pixels besides the style.
    public var cacheKey: String { "t/\(tileSize)/\(z)/\(x)/\(y)@\(scale)" + output.cacheKeySuffix }

    public init(id: TileID, tileSize: Int, scale: Int, output: ImageOutput = .png) {
        self.id = id; self.tileSize = tileSize; self.scale = scale; self.output = output
    }

    /// A tile of the grid (a programming error otherwise: requests come through `parse`).
    public init(z: Int, x: Int, y: Int, tileSize: Int, scale: Int, output: ImageOutput = .png) {
        guard let id = TileID(z: z, x: x, y: y) else { preconditionFailure("tile \(z)/\(x)/\(y) is outside the grid") }
        self.init(id: id, tileSize: tileSize, scale: scale, output: output)
    }

    /// Parses and range-checks the path parts; every failure is a 400 saying what is wrong.
    /// `quality` is the raw `quality` query value (WebP, JPEG).
    public static func parse(z zs: String, x xs: String, file: String, tileSize: Int, maxPixelRatio: Int,
                             quality: String? = nil, jpegBackground: JPEGEncoder.Background = .white) throws -> TileRequest {
        let (base, ext) = try ImageOutput.splitExtension(file, what: "tile", errorCode: "invalid_tile")
        let output = try ImageOutput.parse(ext: ext, quality: quality, jpegBackground: jpegBackground)
        var name = base
        var scale = 1
        if let at = name.firstIndex(of: "@") {
            scale = try PixelRatioSuffix.integer(name[name.index(after: at)...], max: maxPixelRatio, errorCode: "invalid_tile")
            name = name[..<at]
        }
        guard let z = plainInt(zs[...]) else { throw InvalidRequest("z must be a non-negative integer (got \"\(zs)\")", code: "invalid_tile") }
        guard z <= maxZoom else { throw InvalidRequest("z \(z) is above the maximum zoom \(maxZoom)", code: "invalid_tile") }
        let n = 1 << z
        guard let x = plainInt(xs[...]) else { throw InvalidRequest("x must be a non-negative integer (got \"\(xs)\")", code: "invalid_tile") }
        guard let y = plainInt(name) else { throw InvalidRequest("y must be a non-negative integer (got \"\(name)\")", code: "invalid_tile") }
        guard x < n, y < n, let id = TileID(z: z, x: x, y: y) else {
            throw InvalidRequest("tile \(z)/\(x)/\(y) is outside the grid: x and y must be below \(n) at z \(z)", code: "invalid_tile")
        }
        return TileRequest(id: id, tileSize: tileSize, scale: scale, output: output)
    }

    /// Digits only (no sign, no spaces), at most 9 of them.
    static func plainInt(_ s: Substring) -> Int? {
        guard !s.isEmpty, s.utf8.count <= 9, s.utf8.allSatisfy({ $0 >= 48 && $0 <= 57 }) else { return nil }
        return Int(s)
    }
}
