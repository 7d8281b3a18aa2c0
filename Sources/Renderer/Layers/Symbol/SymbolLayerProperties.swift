import Foundation
import JSON
import SourceData
import StyleSpec

/// The layout properties of a symbol layer resolved for one zoom and evaluation state: the
/// same for every tile and block placement in that state, so resolved once and shared
/// (`ResolvedLayerProperties`); `SymbolLayerLayout` reads them for one render. Immutable, and
/// a class so that sharing it copies none of its properties.
final class SymbolLayerProperties: @unchecked Sendable {
    let field: LayerProperty<Value>
    let fontNames: LayerProperty<[String]>
    let size, maxSize: LayerProperty<Float>
    let anchorName, justifyName, transform: LayerProperty<String>
    let offset: LayerProperty<SIMD2<Float>>
    let maxWidth, lineHeight, spacing: LayerProperty<Double>
    let textRotate, iconRotate: LayerProperty<Float>
    let variableAnchor: LayerProperty<[String]?>
    let variableAnchorOffset: LayerProperty<Value>
    let radialOffset: LayerProperty<Float>
    let hasRadialOffset: Bool
    let textPaint, iconPaint: SymbolSDFPaint
    let allowOverlap, ignorePlacement, iconAllowOverlap, iconIgnorePlacement: Bool
    /// never, always or cooperative (overlaps other symbols that may overlap).
    let textOverlap, iconOverlap: String
    /// `*-optional`: the other part may show without this one.
    let textOptional, iconOptional: Bool
    let sortKey: LayerProperty<Float>?
    let padding: Float
    /// `icon-padding` (data-driven): see `SymbolFeatureLayout.iconPadding`.
    let iconPadding: LayerProperty<SIMD4<Float>>
    let iconImage: LayerProperty<String?>
    let iconSize: LayerProperty<Float>
    let iconAnchorName: LayerProperty<String>
    let iconOffset: LayerProperty<SIMD2<Float>>
    let iconTextFit: String
    let iconTextFitPadding: LayerProperty<[Float]>
    let placement: String
    /// `text-writing-mode` of point labels: the order writing modes are tried in; whether
    /// vertical is one of them.
    let writingModes: [String]
    let allowsVertical: Bool
    /// `text-keep-upright`: line labels also get a vertical shaping for steep lines.
    let keepUpright: Bool
    let textRotationAlignment, iconRotationAlignment: String
    /// Symbols that may overlap are drawn by their anchors' screen height (MapLibre's
    /// `symbol-z-order` viewport-y, the `auto` default without a sort key).
    let sortsByY: Bool
    /// `symbol-z-order: viewport-y` also places symbols from the bottom of the screen up.
    let placesBottomFirst: Bool
    /// `{token}`s resolve in text-field / icon-image (literal values).
    let textTokens, iconTokens: Bool

    /// `cameraContext`: the render's layer context (zoom, global state, images).
    init(_ layer: Layer, _ cameraContext: EvaluationContext) {
        // Layout properties are MapLibre's bucket values: evaluated at the tile's whole zoom.
        // Sizes follow the camera's zoom (MapLibre interpolates them when drawing).
        var ctx = cameraContext
        ctx.zoom = cameraContext.zoom.rounded(.down)
        placement = LayerProperty(layer, "symbol-placement", .layout, ctx, convert: Convert.string).value(ctx)
        writingModes = placement == "point"
            ? LayerProperty(layer, "text-writing-mode", .layout, ctx, convert: { v in (v.arrayValue ?? []).compactMap(\.stringValue) }).value(ctx)
            : []
        allowsVertical = writingModes.contains("vertical")
        keepUpright = LayerProperty(layer, "text-keep-upright", .layout, ctx, convert: Convert.bool).value(ctx)
        textRotationAlignment = LayerProperty(layer, "text-rotation-alignment", .layout, ctx, convert: Convert.string).value(ctx)
        iconRotationAlignment = LayerProperty(layer, "icon-rotation-alignment", .layout, ctx, convert: Convert.string).value(ctx)
        let zOrder = LayerProperty(layer, "symbol-z-order", .layout, ctx, convert: Convert.string).value(ctx)
        let sortKeyVaries = layer.layout["symbol-sort-key"].map { !$0.isFeatureConstant } ?? false
        func overlaps(_ mode: String, _ allow: String) -> Bool {
            if layer.layout[mode] != nil { return LayerProperty(layer, mode, .layout, ctx, convert: Convert.string).value(ctx) != "never" }
            return LayerProperty(layer, allow, .layout, ctx, convert: Convert.bool).value(ctx)
        }
        let canOverlap = overlaps("text-overlap", "text-allow-overlap") || overlaps("icon-overlap", "icon-allow-overlap")
            || LayerProperty(layer, "text-ignore-placement", .layout, ctx, convert: Convert.bool).value(ctx)
            || LayerProperty(layer, "icon-ignore-placement", .layout, ctx, convert: Convert.bool).value(ctx)
        sortsByY = (zOrder == "viewport-y" || (zOrder == "auto" && !sortKeyVaries)) && canOverlap
        placesBottomFirst = zOrder == "viewport-y"
        field = LayerProperty(layer, "text-field", .layout, ctx, convert: { $0 })
        textTokens = SymbolTokens.apply(layer, "text-field")
        iconTokens = SymbolTokens.apply(layer, "icon-image")
        fontNames = LayerProperty(layer, "text-font", .layout, ctx, convert: { v in (v.arrayValue ?? []).compactMap(\.stringValue) })
        size = LayerProperty(layer, "text-size", .layout, cameraContext, convert: SymbolLayerLayout.size(default: 16))
        maxSize = LayerProperty(layer, "text-size", .layout, SymbolLayerLayout.anchorSizeContext(layer, tileZoom: ctx),
                                convert: SymbolLayerLayout.size(default: 16))
        anchorName = LayerProperty(layer, "text-anchor", .layout, ctx, convert: Convert.string)
        offset = LayerProperty(layer, "text-offset", .layout, ctx, convert: Convert.offset)
        maxWidth = LayerProperty(layer, "text-max-width", .layout, ctx, convert: Convert.double)
        lineHeight = LayerProperty(layer, "text-line-height", .layout, ctx, convert: Convert.double)
        spacing = LayerProperty(layer, "text-letter-spacing", .layout, ctx, convert: Convert.double)
        justifyName = LayerProperty(layer, "text-justify", .layout, ctx, convert: Convert.string)
        transform = LayerProperty(layer, "text-transform", .layout, ctx, convert: Convert.string)
        textRotate = LayerProperty(layer, "text-rotate", .layout, ctx, convert: Convert.number)
        iconRotate = LayerProperty(layer, "icon-rotate", .layout, ctx, convert: Convert.number)
        variableAnchor = LayerProperty(layer, "text-variable-anchor", .layout, ctx, convert: { v in v.arrayValue?.compactMap(\.stringValue) })
        variableAnchorOffset = LayerProperty(layer, "text-variable-anchor-offset", .layout, ctx, convert: { $0 })
        radialOffset = LayerProperty(layer, "text-radial-offset", .layout, ctx, convert: Convert.number)
        hasRadialOffset = layer.layout["text-radial-offset"] != nil
        textPaint = SymbolSDFPaint(layer, "text", ctx)
        iconPaint = SymbolSDFPaint(layer, "icon", ctx)
        // `*-overlap` (never, always, cooperative) wins over `*-allow-overlap`.
        func overlapMode(_ part: String) -> String {
            if layer.layout["\(part)-overlap"] != nil {
                return LayerProperty(layer, "\(part)-overlap", .layout, ctx, convert: Convert.string).value(ctx)
            }
            return LayerProperty(layer, "\(part)-allow-overlap", .layout, ctx, convert: Convert.bool).value(ctx) ? "always" : "never"
        }
        textOptional = LayerProperty(layer, "text-optional", .layout, ctx, convert: Convert.bool).value(ctx)
        iconOptional = LayerProperty(layer, "icon-optional", .layout, ctx, convert: Convert.bool).value(ctx)
        textOverlap = overlapMode("text")
        iconOverlap = overlapMode("icon")
        allowOverlap = textOverlap == "always"
        ignorePlacement = LayerProperty(layer, "text-ignore-placement", .layout, ctx, convert: Convert.bool).value(ctx)
        padding = LayerProperty(layer, "text-padding", .layout, ctx, convert: Convert.number).value(ctx)
        iconImage = LayerProperty(layer, "icon-image", .layout, ctx, convert: Convert.imageName)
        iconSize = LayerProperty(layer, "icon-size", .layout, cameraContext, convert: SymbolLayerLayout.size(default: 1))
        sortKey = layer.layout["symbol-sort-key"] == nil ? nil : LayerProperty(layer, "symbol-sort-key", .layout, ctx, convert: Convert.number)
        iconAnchorName = LayerProperty(layer, "icon-anchor", .layout, ctx, convert: Convert.string)
        iconOffset = LayerProperty(layer, "icon-offset", .layout, ctx, convert: Convert.offset)
        iconTextFit = LayerProperty(layer, "icon-text-fit", .layout, ctx, convert: Convert.string).value(ctx)
        iconTextFitPadding = LayerProperty(layer, "icon-text-fit-padding", .layout, ctx, convert: { v in
            switch v {
            case .numberArray(let a): return a.map(Float.init)
            case .array(let a): return a.compactMap { $0.numberValue.map(Float.init) }
            default: return []
            }
        })
        iconAllowOverlap = iconOverlap == "always"
        iconIgnorePlacement = LayerProperty(layer, "icon-ignore-placement", .layout, ctx, convert: Convert.bool).value(ctx)
        iconPadding = LayerProperty(layer, "icon-padding", .layout, ctx, convert: Convert.padding)
    }
}
