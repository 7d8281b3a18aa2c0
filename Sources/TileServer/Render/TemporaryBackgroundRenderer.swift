import PNGCodec
import StyleSpec

/// TEMPORARY stand-in until the lead's `Renderer` is wired in: fills the image with the
/// colour of the style's first visible `background` layer (constant `background-color` ×
/// `background-opacity`) and encodes it with PNGCodec. Every other layer is ignored.
/// Remove when `Renderer` lands.
public struct TemporaryBackgroundRenderer: TileRenderer {
    public init() {}

    public func renderTile(style: LiveStyle, tile: TileRequest, budget: RenderBudget) throws -> [UInt8] {
        try budget.check()
        return try Self.solid(width: tile.pixelSize, height: tile.pixelSize, rgba: Self.backgroundColor(style.style))
    }

    public func renderStatic(style: LiveStyle, view: StaticView, budget: RenderBudget) throws -> [UInt8] {
        try budget.check()
        return try Self.solid(width: view.pixelWidth, height: view.pixelHeight, rgba: Self.backgroundColor(style.style))
    }

    /// Premultiplied RGBA8 of the background, transparent when there is none.
    static func backgroundColor(_ style: Style) -> (UInt8, UInt8, UInt8, UInt8) {
        for layer in style.layers where layer.type == .background {
            if layer.json["layout"]?["visibility"]?.stringValue == "none" { continue }
            let opacity = min(max(layer.json["paint"]?["background-opacity"]?.numberValue ?? 1, 0), 1)
            let css = layer.json["paint"]?["background-color"]?.stringValue ?? "#000000"
            guard let c = StyleColor.parse(css) else { return (0, 0, 0, 0) }
            let a = c.a * opacity
            func byte(_ v: Double) -> UInt8 { UInt8((min(max(v, 0), 1) * 255).rounded()) }
            return (byte(c.r * a), byte(c.g * a), byte(c.b * a), byte(a))
        }
        return (0, 0, 0, 0)
    }

    static func solid(width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) throws -> [UInt8] {
        var px = [UInt8](repeating: 0, count: width * height * 4)
        px.withUnsafeMutableBufferPointer { p in
            var i = 0
            while i < p.count { p[i] = rgba.0; p[i + 1] = rgba.1; p[i + 2] = rgba.2; p[i + 3] = rgba.3; i += 4 }
        }
        return try PNGEncoder.encode(premultipliedRGBA: px, width: width, height: height)
    }
}
