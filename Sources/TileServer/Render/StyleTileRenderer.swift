import Fonts
import Foundation
import Geo
import ImageCodec
import JSON
import PNGCodec
import Raster
import Renderer

/// The production `TileRenderer`: draws the session's style with `Renderer.MapRenderer` on a
/// render thread and encodes the pixels as PNG (PNGCodec), WebP or JPEG (ImageCodec). Canvases (and their scratch memory)
/// are pooled, so a warm server allocates no pixel buffers per tile.
///
/// `@unchecked Sendable`: a canvas is only ever owned by one render thread at a time; the
/// pool hands them out and takes them back under `lock`.
public final class StyleTileRenderer: TileRenderer, @unchecked Sendable {
    public let renderer: MapRenderer
    private let lock = NSLock()
    private var canvases: [Canvas] = []
    private let encodeOptions: PNGEncodeOptions
    /// WebP/JPEG files of one-colour tiles (sea, empty land) by colour, size and format: encoded
    /// once (PNG has its own cache in PNGCodec). Bounded: starts over when full.
    private var uniformFiles: [UniformKey: [UInt8]] = [:]
    private struct UniformKey: Hashable {
        var pixel: UInt32, width: Int, height: Int
        var output: ImageOutput
    }

    public init(renderer: MapRenderer, encodeOptions: PNGEncodeOptions = PNGEncodeOptions()) {
        self.renderer = renderer
        self.encodeOptions = encodeOptions
    }

    public var customLayers: CustomLayerRegistry? { renderer.customLayers }

    public func spriteImageNames(_ sprite: JSONValue?) -> [String] { renderer.resources.spriteImageNames(sprite) }

    public var cacheUsage: [RenderCacheUsage] { renderer.resources.cacheUsage }

    public var warnings: TileWarnings? { renderer.resources.tiles.warnings }
    public var fonts: FontLibrary? { renderer.resources.glyphs.library }

    public func renderTile(style: LiveStyle, tile: TileRequest, budget: Deadline) throws -> [UInt8] {
        try draw(style, .tile(tile.id, tileSize: tile.tileSize, pixelRatio: tile.scale), budget, tile.output)
    }

    public func renderStatic(style: LiveStyle, view: StaticView, budget: Deadline) throws -> [UInt8] {
        let camera = Camera.view(lon: view.lon, lat: view.lat, zoom: view.zoom, bearing: view.bearing,
                                 pitch: view.pitch, cssWidth: view.width, cssHeight: view.height, pixelRatio: view.pixelRatio)
        return try draw(style, camera, budget, view.output, attribution: view.attribution)
    }

    private func draw(_ style: LiveStyle, _ camera: Camera, _ budget: Deadline, _ output: ImageOutput,
                      attribution: String? = nil) throws -> [UInt8] {
        let canvas = takeCanvas() ?? Canvas(width: camera.width, height: camera.height)
        defer { giveBack(canvas) }
        let result = try renderer.draw(style.style, camera: camera, into: canvas, deadline: budget, attribution: attribution)
        let px = canvas.pixmap
        if let uniform = result.uniformColor {
            // Empty tiles (nothing but backgrounds): no pixel scan, cached PNG.
            if output == .png {
                return try PNGEncoder.encodeUniform(pixel: uniform.packed, width: px.width, height: px.height, options: encodeOptions)
            }
            let key = UniformKey(pixel: uniform.packed, width: px.width, height: px.height, output: output)
            if let hit = lock.withLock({ uniformFiles[key] }) { return hit }
            let pixels = [UInt32](repeating: uniform.packed.littleEndian, count: px.width * px.height)
            let file = try pixels.withUnsafeBytes { try encode($0, width: px.width, height: px.height, as: output) }
            lock.withLock {
                if uniformFiles.count >= 256 { uniformFiles.removeAll() }
                uniformFiles[key] = file
            }
            return file
        }
        return try px.data.withUnsafeBytes { try encode($0, width: px.width, height: px.height, as: output) }
    }

    /// Premultiplied RGBA8 pixels in the requested file format.
    private func encode(_ pixels: UnsafeRawBufferPointer, width: Int, height: Int, as output: ImageOutput) throws -> [UInt8] {
        switch output {
        case .png:
            return try PNGEncoder.encode(premultipliedRGBA: pixels, width: width, height: height, options: encodeOptions)
        case .webp(let quality):
            return try WebPEncoder.encode(premultipliedRGBA: pixels, width: width, height: height, quality: quality)
        case .jpeg(let quality, let background):
            return try JPEGEncoder.encode(premultipliedRGBA: pixels, width: width, height: height, quality: quality, background: background)
        }
    }

    private func takeCanvas() -> Canvas? {
        lock.lock(); defer { lock.unlock() }
        return canvases.popLast()
    }

    private func giveBack(_ canvas: Canvas) {
        lock.lock(); defer { lock.unlock() }
        if canvases.count < 64 { canvases.append(canvas) }
    }
}
