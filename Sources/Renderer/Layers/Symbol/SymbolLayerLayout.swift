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
    /// text-size at the frame's zoom, and the size line anchors are spaced with
    /// (`SymbolLayerLayout.anchorSizeContext`).
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

/// One render's view of a symbol layer's layout: its resolved properties (shared by every
/// render at the zoom, `SymbolLayerProperties`, read through this object as its own) and the
/// glyph ranges its labels read (cached per fontstack and range for the render).
@dynamicMemberLookup
final class SymbolLayerLayout {
    let properties: SymbolLayerProperties
    let frame: RenderFrame
    let template: String?
    /// Each fontstack's 256 glyph ranges, read on first use; the last fontstack asked for is
    /// kept at hand (a label asks for all its glyphs in one fontstack).
    private var tables: [String: [GlyphTable?]] = [:]
    private var lastStack: String?
    private var lastTables: [GlyphTable?] = []

    init(_ layer: Layer, _ frame: RenderFrame, glyphs template: String?) {
        properties = frame.resolved(layer) { SymbolLayerProperties(layer, frame.layerContext) }
        self.frame = frame
        self.template = template
    }

    subscript<T>(dynamicMember property: KeyPath<SymbolLayerProperties, T>) -> T { properties[keyPath: property] }

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
        return lastTables[r]?.glyph(cp)
    }

    /// The feature's text and icon shaped. Line-placed text is one line (no `text-max-width`)
    /// centred (`text-justify` does not apply along a line). Nil when there is nothing to draw.
    /// The zoom line anchors take `text-size` at. MapLibre Native asks for the size at zoom 18
    /// so anchors stay put between zooms, but it asks the layout already evaluated at the
    /// tile's zoom: a size by zoom alone was folded there, and only a size that also reads the
    /// feature is evaluated at 18.
    static func anchorSizeContext(_ layer: Layer, tileZoom ctx: EvaluationContext) -> EvaluationContext {
        var anchorContext = ctx
        if let size = layer.layout["text-size"], !size.isFeatureConstant { anchorContext.zoom = 18 }
        return anchorContext
    }

    /// A size value; a number that is not finite (`sqrt(-1)`) takes the default, as in MapLibre.
    static func size(default d: Float) -> (Value) -> Float {
        { v in if case .number(let n) = v { return n.isFinite ? Float(n) : d }; return 0 }
    }

    /// Longest label text laid out, in Unicode scalars; longer texts are cut (with a warning).
    static let maxLabelScalars = 2000

    func layout(_ sizeContext: EvaluationContext, alongLine: Bool) -> SymbolFeatureLayout? {
        var fctx = sizeContext
        fctx.zoom = sizeContext.zoom.rounded(.down)
        let fieldValue = self.field.value(fctx)
        let textCase = self.transform.value(fctx)
        let properties = fctx.feature?.properties ?? JSONObject()
        let tokens = self.textTokens
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
        let stack = self.fontNames.value(fctx).joined(separator: ",")
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
        let icon = self.iconImage.value(fctx).flatMap { name -> (String, SpriteImage)? in
            let name = self.iconTokens ? SymbolTokens.resolve(name, properties: properties) : name
            return frame.images.image(name).map { (name, $0) }
        }
        guard !text.isEmpty || icon != nil else { return nil }
        let anchor = SymbolAnchor(rawValue: self.anchorName.value(fctx)) ?? .center
        let justifyText = alongLine ? "center" : self.justifyName.value(fctx)
        let justify = justifyText == "auto" ? anchor.alignment.x : justifyText == "left" ? 0 : justifyText == "right" ? 1 : 0.5
        let em = TextShaper.oneEm
        let off = self.offset.value(fctx)
        var textOffset = SIMD2(Double(off.x) * em, Double(off.y) * em)
        let radial = self.hasRadialOffset ? Double(self.radialOffset.value(fctx)) * em : nil
        var variable: [SymbolVariableAnchors.Candidate]?
        if !alongLine, !text.isEmpty {
            if let c = VariableAnchorOffsetCollection.from(self.variableAnchorOffset.value(fctx)) {
                variable = SymbolVariableAnchors.candidates(c)
            } else if let names = self.variableAnchor.value(fctx), !names.isEmpty {
                variable = SymbolVariableAnchors.candidates(names.compactMap(SymbolAnchor.init(rawValue:)), radialOffset: radial,
                                                            textOffset: textOffset)
            }
        }
        if variable?.isEmpty == true { variable = nil }
        if variable == nil, let r = radial, r != 0 { textOffset = SymbolVariableAnchors.offset(anchor, radial: r) }
        frame.clock.mark(.style)
        let width = self.placement == "point" ? self.maxWidth.value(fctx) * em : Double.infinity
        // Images in text keep their pixel size: scaled by 24 / text-size at the tile's zoom
        // (and at the next zoom for line breaking, as MapLibre's layout size is).
        var nextZoom = fctx
        nextZoom.zoom += 1
        let imageScale = em / Double(max(self.size.value(fctx), 1e-6)), breakImageScale = em / Double(max(self.size.value(nextZoom), 1e-6))
        // Cursive scripts are not letter-spaced.
        let letterSpacing = text.contains(where: VerticalOrientation.isComplexShaping) ? 0 : self.spacing.value(fctx) * em
        let height = self.lineHeight.value(fctx) * em
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
        if (alongLine ? self.keepUpright : self.allowsVertical), VerticalOrientation.allowsVertical(text) {
            if !alongLine, self.allowsVertical {
                // Vertical point labels are left-justified, as MapLibre shapes them.
                verticalShaping = shape(anchor, 0, variable == nil ? textOffset : .zero, writing: .vertical, stacks: true)
            } else if alongLine, self.keepUpright {
                verticalShaping = shape(anchor, justify, .zero, writing: .vertical)
            }
        }
        let ratio = Float(frame.camera.pixelRatio)
        var shapedIcon = icon.map { SymbolIcons.shape($0.1, name: $0.0, anchor: SymbolAnchor(rawValue: self.iconAnchorName.value(fctx)) ?? .center,
                                                      offset: self.iconOffset.value(fctx), size: self.iconSize.value(sizeContext),
                                                      opacity: self.iconPaint.opacity(sizeContext)) }
        shapedIcon?.layerFiltersLinearly = self.iconSize.constantValue != 1 || self.iconRotate.constantValue != 0
        if let i = shapedIcon, i.image.sdf {
            shapedIcon?.sdf = self.iconPaint.drawing(sizeContext, fontScale: i.size, pixelRatio: ratio)
        }
        guard shaping != nil || shapedIcon != nil else { return nil }
        let fontSize = self.size.value(sizeContext)
        var sectionDrawings: [SDFGlyphDrawing?] = []
        if tagged.hasColors {
            sectionDrawings = tagged.sections.map { section in
                section.color.map { self.textPaint.drawing(sizeContext, fontScale: fontSize / 24, pixelRatio: ratio, fill: Convert.color(.color($0))) }
            }
        }
        var verticalIcon: SymbolIcons.Shaped?
        if self.iconTextFit != "none", let icon = shapedIcon, let shaping {
            shapedIcon = SymbolIconTextFit.fit(icon, text: shaping, mode: self.iconTextFit, padding: self.iconTextFitPadding.value(fctx),
                                               offset: self.iconOffset.value(fctx), fontScale: Double(fontSize) / 24)
            // Fitted to the vertical text too (in its unturned frame; it turns with it).
            verticalIcon = verticalShaping.map {
                SymbolIconTextFit.fit(icon, text: $0, mode: self.iconTextFit, padding: self.iconTextFitPadding.value(fctx),
                                      offset: self.iconOffset.value(fctx), fontScale: Double(fontSize) / 24)
            }
        }
        var ctx18 = sizeContext
        ctx18.zoom = 18
        return SymbolFeatureLayout(text: string, shaping: shaping, textOffset: textOffset, icon: shapedIcon, fontSize: fontSize,
                                   maxFontSize: self.maxSize.value(ctx18),
                                   drawing: self.textPaint.drawing(sizeContext, fontScale: fontSize / 24, pixelRatio: ratio),
                                   textRotate: self.textRotate.value(fctx), iconRotate: self.iconRotate.value(fctx),
                                   iconPadding: shapedIcon == nil ? .zero : self.iconPadding.value(fctx),
                                   variable: variable, variableShapings: variableShapings, verticalShaping: verticalShaping,
                                   verticalIcon: verticalIcon,
                                   sectionDrawings: sectionDrawings)
    }
}
