import Foundation
import JSON
import SourceData
import StyleSpec

/// One feature of a symbol layer laid out, before placement: its shaped text and icon and
/// how they are painted. Point and line placement share it.
struct SymbolFeatureLayout {
    var text: String
    var shaping: TextShaping?
    /// `text-offset` (or the radial offset) in 24 px units.
    var textOffset: SIMD2<Double>
    var icon: SymbolIcons.Shaped?
    /// text-size at the frame's zoom, and at zoom 18 (line anchors use the latter so they do
    /// not move between zooms).
    var fontSize: Float
    var maxFontSize: Float
    var drawing: SDFGlyphDrawing
    var textRotate: Float
    var iconRotate: Float
    /// `icon-padding` in CSS px, box order (left, top, right, bottom): what the icon's
    /// collision box grows by on each side, before it turns with `icon-rotate`.
    var iconPadding: SIMD4<Float> = .zero
    /// `text-variable-anchor(-offset)`: the anchors to try, and the text shaped around its
    /// centre for each justification they need (`shaping` is the first's).
    var variable: [SymbolVariableAnchors.Candidate]? = nil
    var variableShapings: [TextShaping?] = []
    /// The text shaped for vertical writing (`text-writing-mode` with `vertical`, text with
    /// characters to stack), tried in the layer's order of writing modes.
    var verticalShaping: TextShaping? = nil
    /// The icon fitted to the vertical text (`icon-text-fit`), turned with it.
    var verticalIcon: SymbolIcons.Shaped? = nil
    /// The shader inputs of the `format` sections that override the colour (by section).
    var sectionDrawings: [SDFGlyphDrawing?] = []

    /// The batch drawing indices of this feature's sections (nil: the feature's own).
    func sectionDrawingIndices(_ batch: SymbolBatch) -> [Int?] { sectionDrawings.map { $0.map(batch.add) } }

    /// The drawing of glyph `g`: its section's, else `base`.
    func drawingIndex(_ g: PositionedGlyph, base: Int, sections indices: [Int?]) -> Int {
        guard g.section < indices.count, let i = indices[g.section] else { return base }
        return i
    }
}

extension SymbolFeatureLayout {
    /// Bytes its arrays and text hold outside the struct (cache budgets). Glyph bitmaps are
    /// shared with the glyph cache and icons with the sprite cache, so they are not counted.
    var heapBytes: Int {
        func shaped(_ s: TextShaping?) -> Int { s.map { 48 + $0.glyphs.capacity * MemoryLayout<PositionedGlyph>.stride } ?? 0 }
        var n = text.utf8.count > 15 ? 32 + text.utf8.count : 0
        n += shaped(shaping) + shaped(verticalShaping)
        n += variableShapings.reduce(variableShapings.isEmpty ? 0 : 32 + variableShapings.capacity * MemoryLayout<TextShaping?>.stride) {
            $0 + shaped($1)
        }
        if let v = variable { n += 32 + v.capacity * MemoryLayout<SymbolVariableAnchors.Candidate>.stride }
        if !sectionDrawings.isEmpty { n += 32 + sectionDrawings.capacity * MemoryLayout<SDFGlyphDrawing?>.stride }
        return n
    }
}

/// The layout properties of a symbol layer resolved once per render, and the glyph ranges
/// its labels read (cached per fontstack and range for the render).
final class SymbolLayerLayout {
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
    let frame: RenderFrame
    let template: String?
    /// Each fontstack's 256 glyph ranges, read on first use; the last fontstack asked for is
    /// kept at hand (a label asks for all its glyphs in one fontstack).
    private var tables: [String: [GlyphTable?]] = [:]
    private var lastStack: String?
    private var lastTables: [GlyphTable?] = []

    init(_ layer: Layer, _ frame: RenderFrame, glyphs template: String?) {
        // Layout properties are MapLibre's bucket values: evaluated at the tile's whole zoom.
        // Sizes follow the camera's zoom (MapLibre interpolates them when drawing).
        let cameraContext = frame.layerContext
        var ctx = cameraContext
        ctx.zoom = cameraContext.zoom.rounded(.down)
        self.frame = frame
        self.template = template
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
        size = LayerProperty(layer, "text-size", .layout, cameraContext, convert: Self.size(default: 16))
        var ctx18 = ctx
        ctx18.zoom = 18
        maxSize = LayerProperty(layer, "text-size", .layout, ctx18, convert: Self.size(default: 16))
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
        iconSize = LayerProperty(layer, "icon-size", .layout, cameraContext, convert: Self.size(default: 1))
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

    /// One glyph of a fontstack, its range read on first use.
    func glyph(_ stack: String, _ cp: UInt32) -> SDFGlyph? {
        guard cp <= 0xFFFF else { return nil }
        if stack != lastStack {
            if let last = lastStack { tables[last] = lastTables }
            lastStack = stack
            lastTables = tables[stack] ?? [GlyphTable?](repeating: nil, count: 256)
        }
        let r = Int(cp >> 8)
        if lastTables[r] == nil {
            lastTables[r] = frame.resources.glyphs.table(template: template, fontstack: stack, range: GlyphRange(containing: cp),
                                                         directory: frame.resources.dataDirectory,
                                                         warnings: frame.resources.tiles.warnings)
        }
        return lastTables[r]?.glyphs[cp]
    }

    /// The feature's text and icon shaped. Line-placed text is one line (no `text-max-width`)
    /// centred (`text-justify` does not apply along a line). Nil when there is nothing to draw.
    /// A size value; a number that is not finite (`sqrt(-1)`) takes the default, as in MapLibre.
    static func size(default d: Float) -> (Value) -> Float {
        { v in if case .number(let n) = v { return n.isFinite ? Float(n) : d }; return 0 }
    }

    /// Longest label text laid out, in Unicode scalars; longer texts are cut (with a warning).
    static let maxLabelScalars = 2000

    func layout(_ sizeContext: EvaluationContext, alongLine: Bool) -> SymbolFeatureLayout? {
        var fctx = sizeContext
        fctx.zoom = sizeContext.zoom.rounded(.down)
        let fieldValue = field.value(fctx)
        let textCase = transform.value(fctx)
        let properties = fctx.feature?.properties ?? JSONObject()
        let tokens = textTokens
        // Tokens, then text-transform, on text already cut to the longest label laid out (here
        // and by TaggedText per section): a hostile 100 000-character label would otherwise
        // cost seconds per tile.
        func prepared(_ s: String) -> String {
            var s = s
            if tokens { s = SymbolTokens.resolve(s, properties: properties) }
            switch textCase {
            case "uppercase": s = s.uppercased()
            case "lowercase": s = s.lowercased()
            default: break
            }
            return s
        }
        let stack = fontNames.value(fctx).joined(separator: ",")
        let whole = SymbolPainter.text(fieldValue)
        let kept = TaggedText.prefix(whole, scalars: Self.maxLabelScalars)
        let string = prepared(kept)
        var tagged: TaggedText
        if case .formatted(let formatted) = fieldValue {
            tagged = TaggedText(formatted, stack: stack, limit: Self.maxLabelScalars, transform: prepared,
                                image: { self.frame.images.image($0) })
        } else {
            tagged = TaggedText(string.unicodeScalars.map(\.value), stack: stack)
            tagged.wasCut = kept.utf8.count < whole.utf8.count
        }
        if tagged.codes.count > Self.maxLabelScalars {
            tagged.codes.removeLast(tagged.codes.count - Self.maxLabelScalars)
            tagged.sectionOf.removeLast(tagged.sectionOf.count - Self.maxLabelScalars)
            tagged.wasCut = true
        }
        if tagged.wasCut {
            // No map label needs more.
            frame.resources.tiles.warnings.add("a label longer than \(Self.maxLabelScalars) characters was cut to its first \(Self.maxLabelScalars)")
        }
        let text = tagged.codes
        let icon = iconImage.value(fctx).flatMap { name -> (String, SpriteImage)? in
            let name = iconTokens ? SymbolTokens.resolve(name, properties: properties) : name
            return frame.images.image(name).map { (name, $0) }
        }
        guard !text.isEmpty || icon != nil else { return nil }
        let anchor = SymbolAnchor(rawValue: anchorName.value(fctx)) ?? .center
        let justifyText = alongLine ? "center" : justifyName.value(fctx)
        let justify = justifyText == "auto" ? anchor.alignment.x : justifyText == "left" ? 0 : justifyText == "right" ? 1 : 0.5
        let em = TextShaper.oneEm
        let off = offset.value(fctx)
        var textOffset = SIMD2(Double(off.x) * em, Double(off.y) * em)
        let radial = hasRadialOffset ? Double(radialOffset.value(fctx)) * em : nil
        var variable: [SymbolVariableAnchors.Candidate]?
        if !alongLine, !text.isEmpty {
            if let c = VariableAnchorOffsetCollection.from(variableAnchorOffset.value(fctx)) {
                variable = SymbolVariableAnchors.candidates(c)
            } else if let names = variableAnchor.value(fctx), !names.isEmpty {
                variable = SymbolVariableAnchors.candidates(names.compactMap(SymbolAnchor.init(rawValue:)), radialOffset: radial,
                                                            textOffset: textOffset)
            }
        }
        if variable?.isEmpty == true { variable = nil }
        if variable == nil, let r = radial, r != 0 { textOffset = SymbolVariableAnchors.offset(anchor, radial: r) }
        frame.clock.mark(.style)
        let width = placement == "point" ? maxWidth.value(fctx) * em : Double.infinity
        // Images in text keep their pixel size: scaled by 24 / text-size at the tile's zoom
        // (and at the next zoom for line breaking, as MapLibre's layout size is).
        var nextZoom = fctx
        nextZoom.zoom += 1
        let imageScale = em / Double(max(size.value(fctx), 1e-6)), breakImageScale = em / Double(max(size.value(nextZoom), 1e-6))
        // Cursive scripts are not letter-spaced.
        let letterSpacing = text.contains(where: VerticalOrientation.isComplexShaping) ? 0 : spacing.value(fctx) * em
        let height = lineHeight.value(fctx) * em
        func shape(_ anchor: SymbolAnchor, _ justify: Double, _ translate: SIMD2<Double>,
                   writing: TextShaper.Writing = .horizontal, stacks: Bool = false) -> TextShaping? {
            text.isEmpty ? nil
                : TextShaper.shape(tagged, glyphs: { self.glyph($0, $1) }, maxWidth: width, lineHeight: height, anchor: anchor,
                                   justify: justify, spacing: letterSpacing, translate: translate, writing: writing,
                                   allowVerticalPlacement: stacks, imageScale: imageScale, breakImageScale: breakImageScale)
        }
        var variableShapings: [TextShaping?] = []
        if let variable {
            // Shaped around the centre; the chosen anchor's shift moves the text at placement.
            var byJustify: [Double: TextShaping?] = [:]
            for c in variable {
                let j = justifyText == "auto" ? SymbolVariableAnchors.justification(c.anchor) : justify
                if byJustify[j] == nil { byJustify[j] = .some(shape(.center, j, .zero)) }
                variableShapings.append(byJustify[j]!)
            }
        }
        let shaping = variable != nil ? variableShapings.first ?? nil : shape(anchor, justify, alongLine ? .zero : textOffset)
        var verticalShaping: TextShaping?
        if (alongLine ? keepUpright : allowsVertical), VerticalOrientation.allowsVertical(text) {
            if !alongLine, allowsVertical {
                // Vertical point labels are left-justified, as MapLibre shapes them.
                verticalShaping = shape(anchor, 0, variable == nil ? textOffset : .zero, writing: .vertical, stacks: true)
            } else if alongLine, keepUpright {
                verticalShaping = shape(anchor, justify, .zero, writing: .vertical)
            }
        }
        let ratio = Float(frame.camera.pixelRatio)
        var shapedIcon = icon.map { SymbolIcons.shape($0.1, name: $0.0, anchor: SymbolAnchor(rawValue: iconAnchorName.value(fctx)) ?? .center,
                                                      offset: iconOffset.value(fctx), size: iconSize.value(sizeContext),
                                                      opacity: iconPaint.opacity(sizeContext)) }
        shapedIcon?.layerFiltersLinearly = iconSize.constantValue != 1 || iconRotate.constantValue != 0
        if let i = shapedIcon, i.image.sdf {
            shapedIcon?.sdf = iconPaint.drawing(sizeContext, fontScale: i.size, pixelRatio: ratio)
        }
        guard shaping != nil || shapedIcon != nil else { return nil }
        let fontSize = size.value(sizeContext)
        var sectionDrawings: [SDFGlyphDrawing?] = []
        if tagged.hasColors {
            sectionDrawings = tagged.sections.map { section in
                section.color.map { textPaint.drawing(sizeContext, fontScale: fontSize / 24, pixelRatio: ratio, fill: Convert.color(.color($0))) }
            }
        }
        var verticalIcon: SymbolIcons.Shaped?
        if iconTextFit != "none", let icon = shapedIcon, let shaping {
            shapedIcon = SymbolIconTextFit.fit(icon, text: shaping, mode: iconTextFit, padding: iconTextFitPadding.value(fctx),
                                               offset: iconOffset.value(fctx), fontScale: Double(fontSize) / 24)
            // Fitted to the vertical text too (in its unturned frame; it turns with it).
            verticalIcon = verticalShaping.map {
                SymbolIconTextFit.fit(icon, text: $0, mode: iconTextFit, padding: iconTextFitPadding.value(fctx),
                                      offset: iconOffset.value(fctx), fontScale: Double(fontSize) / 24)
            }
        }
        var ctx18 = sizeContext
        ctx18.zoom = 18
        return SymbolFeatureLayout(text: string, shaping: shaping, textOffset: textOffset, icon: shapedIcon, fontSize: fontSize,
                                   maxFontSize: maxSize.value(ctx18),
                                   drawing: textPaint.drawing(sizeContext, fontScale: fontSize / 24, pixelRatio: ratio),
                                   textRotate: textRotate.value(fctx), iconRotate: iconRotate.value(fctx),
                                   iconPadding: shapedIcon == nil ? .zero : iconPadding.value(fctx),
                                   variable: variable, variableShapings: variableShapings, verticalShaping: verticalShaping,
                                   verticalIcon: verticalIcon,
                                   sectionDrawings: sectionDrawings)
    }
}
