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
    let anchor: LayerProperty<SymbolAnchor>
    let justify: LayerProperty<TextJustify>
    let transform: LayerProperty<TextTransform>
    let offset: LayerProperty<SIMD2<Float>>
    let maxWidth, lineHeight, spacing: LayerProperty<Double>
    let textRotate, iconRotate: LayerProperty<Float>
    /// `text-variable-anchor` and `text-variable-anchor-offset`: nil when unset.
    let variableAnchor: LayerProperty<[String]>?
    let variableAnchorOffset: LayerProperty<Value>?
    let radialOffset: LayerProperty<Float>
    let hasRadialOffset: Bool
    let textPaint, iconPaint: SymbolSDFPaint
    let allowOverlap, ignorePlacement, iconAllowOverlap, iconIgnorePlacement: Bool
    /// never, always or cooperative (overlaps other symbols that may overlap).
    let textOverlap, iconOverlap: SymbolOverlap
    /// `*-optional`: the other part may show without this one.
    let textOptional, iconOptional: Bool
    let sortKey: LayerProperty<Double?>?
    let padding: Float
    /// `icon-padding` (data-driven): see `SymbolFeatureLayout.iconPadding`.
    let iconPadding: LayerProperty<SIMD4<Float>>
    /// nil when the layer has no `icon-image`.
    let iconImage: LayerProperty<String?>?
    let iconSize: LayerProperty<Float>
    let iconAnchor: LayerProperty<SymbolAnchor>
    let iconOffset: LayerProperty<SIMD2<Float>>
    let iconTextFit: IconTextFit
    let iconTextFitPadding: LayerProperty<[Float]>
    let placement: SymbolPlacementType
    /// `text-writing-mode` of point labels: the order writing modes are tried in; whether
    /// vertical is one of them.
    let writingModes: [String]
    let allowsVertical: Bool
    /// `text-keep-upright`: line labels also get a vertical shaping for steep lines.
    let keepUpright: Bool
    let textRotationAlignment: TextRotationAlignment
    let iconRotationAlignment: SymbolAlignment
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
        let props = SymbolProperties(layer, ctx)
        placement = props.symbolPlacement.value(ctx)
        writingModes = placement == .point ? props.textWritingMode?.value(ctx) ?? [] : []
        allowsVertical = writingModes.contains("vertical")
        keepUpright = props.textKeepUpright.value(ctx)
        textRotationAlignment = props.textRotationAlignment.value(ctx)
        iconRotationAlignment = props.iconRotationAlignment.value(ctx)
        let zOrder = props.symbolZOrder.value(ctx)
        let sortKeyVaries = props.symbolSortKey.map { !$0.isConstant } ?? false
        // `*-overlap` (never, always, cooperative) wins over `*-allow-overlap`.
        func overlapMode(_ mode: LayerProperty<SymbolOverlap>?, _ allow: LayerProperty<Bool>) -> SymbolOverlap {
            if let mode { return mode.value(ctx) }
            return allow.value(ctx) ? .always : .never
        }
        textOverlap = overlapMode(props.textOverlap, props.textAllowOverlap)
        iconOverlap = overlapMode(props.iconOverlap, props.iconAllowOverlap)
        ignorePlacement = props.textIgnorePlacement.value(ctx)
        iconIgnorePlacement = props.iconIgnorePlacement.value(ctx)
        let canOverlap = textOverlap != .never || iconOverlap != .never || ignorePlacement || iconIgnorePlacement
        sortsByY = (zOrder == .viewportY || (zOrder == .auto && !sortKeyVaries)) && canOverlap
        placesBottomFirst = zOrder == .viewportY
        field = props.textField
        textTokens = SymbolTokens.apply(layer, "text-field")
        iconTokens = SymbolTokens.apply(layer, "icon-image")
        fontNames = props.textFont
        size = SymbolProperties(layer, cameraContext).textSize
        maxSize = SymbolProperties(layer, SymbolLayerLayout.anchorSizeContext(layer, tileZoom: ctx)).textSize
        anchor = props.textAnchor
        offset = props.textOffset
        maxWidth = props.textMaxWidth
        lineHeight = props.textLineHeight
        spacing = props.textLetterSpacing
        justify = props.textJustify
        transform = props.textTransform
        textRotate = props.textRotate
        iconRotate = props.iconRotate
        variableAnchor = props.textVariableAnchor
        variableAnchorOffset = props.textVariableAnchorOffset
        radialOffset = props.textRadialOffset
        hasRadialOffset = props.isSet(.textRadialOffset)
        textPaint = SymbolSDFPaint(text: props)
        iconPaint = SymbolSDFPaint(icon: props)
        textOptional = props.textOptional.value(ctx)
        iconOptional = props.iconOptional.value(ctx)
        allowOverlap = textOverlap == .always
        iconAllowOverlap = iconOverlap == .always
        padding = props.textPadding.value(ctx)
        iconImage = props.iconImage
        iconSize = SymbolProperties(layer, cameraContext).iconSize
        sortKey = props.symbolSortKey
        iconAnchor = props.iconAnchor
        iconOffset = props.iconOffset
        iconTextFit = props.iconTextFit.value(ctx)
        iconTextFitPadding = props.iconTextFitPadding
        iconPadding = props.iconPadding
    }
}
