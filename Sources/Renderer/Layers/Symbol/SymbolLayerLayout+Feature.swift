import Foundation
import JSON
import SourceData
import StyleSpec

/// One feature laid out: its label text, where the text goes (offsets, variable anchors),
/// the text shaped for each of them, the icon, and how both are painted.
extension SymbolLayerLayout {
    /// The feature's text and icon shaped. Line-placed text is one line (no `text-max-width`)
    /// centred (`text-justify` does not apply along a line). Nil when there is nothing to draw.
    func layout(_ sizeContext: EvaluationContext, alongLine: Bool) -> SymbolFeatureLayout? {
        var fctx = sizeContext
        fctx.zoom = sizeContext.zoom.rounded(.down)
        let fieldValue = self.field.value(fctx)
        let properties = fctx.feature?.properties ?? JSONObject()
        let (string, tagged) = labelText(fieldValue, fctx, properties: properties)
        let icon = self.iconImage?.value(fctx).flatMap { name -> (String, SpriteImage)? in
            let name = self.iconTokens ? SymbolTokens.resolve(name, properties: properties) : name
            return frame.images.image(name).map { (name, $0) }
        }
        guard !tagged.codes.isEmpty || icon != nil else { return nil }
        let spot = textSpot(fctx, alongLine: alongLine, hasText: !tagged.codes.isEmpty)
        frame.clock.mark(.style)
        let shaped = shapeText(tagged, spot, fctx, alongLine: alongLine)
        var shapedIcon = self.icon(icon, sizeContext, fctx)
        guard shaped.shaping != nil || shapedIcon != nil else { return nil }
        let fontSize = self.size.value(sizeContext)
        let ratio = Float(frame.camera.pixelRatio)
        var sectionDrawings: [SDFGlyphDrawing?] = []
        if tagged.hasColors {
            sectionDrawings = tagged.sections.map { section in
                section.color.map { self.textPaint.drawing(sizeContext, fontScale: fontSize / 24, pixelRatio: ratio, fill: Convert.color(.color($0))) }
            }
        }
        var verticalIcon: SymbolIcons.Shaped?
        if self.iconTextFit != .none, let icon = shapedIcon, let shaping = shaped.shaping {
            func fit(_ text: TextShaping) -> SymbolIcons.Shaped {
                SymbolIconTextFit.fit(icon, text: text, mode: self.iconTextFit, padding: self.iconTextFitPadding.value(fctx),
                                      offset: self.iconOffset.value(fctx), fontScale: Double(fontSize) / 24)
            }
            shapedIcon = fit(shaping)
            // Fitted to the vertical text too (in its unturned frame; it turns with it).
            verticalIcon = shaped.vertical.map(fit)
        }
        var ctx18 = sizeContext
        ctx18.zoom = 18
        return SymbolFeatureLayout(text: string, shaping: shaped.shaping, textOffset: spot.textOffset, icon: shapedIcon,
                                   fontSize: fontSize, maxFontSize: self.maxSize.value(ctx18),
                                   drawing: self.textPaint.drawing(sizeContext, fontScale: fontSize / 24, pixelRatio: ratio),
                                   textRotate: self.textRotate.value(fctx), iconRotate: self.iconRotate.value(fctx),
                                   iconPadding: shapedIcon == nil ? .zero : self.iconPadding.value(fctx),
                                   variable: spot.variable, variableShapings: shaped.variable, verticalShaping: shaped.vertical,
                                   verticalIcon: verticalIcon, sectionDrawings: sectionDrawings)
    }

    /// The label's text (`text-field` with tokens and `text-transform`) as a string and as
    /// code points tagged with their sections. Text is cut to the longest label laid out first
    /// (here and by TaggedText per section): a hostile 100 000-character label would otherwise
    /// cost seconds per tile.
    private func labelText(_ fieldValue: Value, _ fctx: EvaluationContext, properties: JSONObject) -> (String, TaggedText) {
        let textCase = self.transform.value(fctx)
        let tokens = self.textTokens
        func prepared(_ s: String) -> String {
            var s = s
            if tokens { s = SymbolTokens.resolve(s, properties: properties) }
            switch textCase {
            case .uppercase: s = s.uppercased()
            case .lowercase: s = s.lowercased()
            case .none: break
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
                                image: { self.frame.images.image($0) }, presentationForms: { self.shaper($0) == nil })
        } else {
            tagged = TaggedText(string.unicodeScalars.map(\.value), stack: stack, presentationForms: shaper(stack) == nil)
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
        return (string, tagged)
    }

    /// Where the text goes relative to its anchor.
    struct TextSpot {
        var anchor: SymbolAnchor
        /// `text-justify` as written ("auto" follows the anchor) and as a fraction.
        var justifyName: TextJustify
        var justify: Double
        /// `text-offset` (or the radial offset) in 24 px units.
        var textOffset: SIMD2<Double>
        var variable: [SymbolVariableAnchors.Candidate]?
    }

    /// The text's anchor, justification, offset and variable anchors.
    private func textSpot(_ fctx: EvaluationContext, alongLine: Bool, hasText: Bool) -> TextSpot {
        let anchor = self.anchor.value(fctx)
        let justifyText = alongLine ? TextJustify.center : self.justify.value(fctx)
        let justify = switch justifyText {
        case .auto: anchor.alignment.x
        case .left: 0.0
        case .right: 1.0
        case .center: 0.5
        }
        let em = TextShaper.oneEm
        let off = self.offset.value(fctx)
        var textOffset = SIMD2(Double(off.x) * em, Double(off.y) * em)
        let radial = self.hasRadialOffset ? Double(self.radialOffset.value(fctx)) * em : nil
        var variable: [SymbolVariableAnchors.Candidate]?
        if !alongLine, hasText {
            if let v = self.variableAnchorOffset?.value(fctx), let c = VariableAnchorOffsetCollection.from(v) {
                variable = SymbolVariableAnchors.candidates(c)
            } else if let names = self.variableAnchor?.value(fctx), !names.isEmpty {
                variable = SymbolVariableAnchors.candidates(names.compactMap(SymbolAnchor.init(rawValue:)), radialOffset: radial,
                                                            textOffset: textOffset)
            }
        }
        if variable?.isEmpty == true { variable = nil }
        if variable == nil, let r = radial, r != 0 { textOffset = SymbolVariableAnchors.offset(anchor, radial: r) }
        return TextSpot(anchor: anchor, justifyName: justifyText, justify: justify, textOffset: textOffset, variable: variable)
    }

    /// The text shaped: at its anchor (or, with variable anchors, around the centre once per
    /// justification they need), and for vertical writing when the layer allows it.
    private func shapeText(_ tagged: TaggedText, _ spot: TextSpot, _ fctx: EvaluationContext,
                           alongLine: Bool) -> (shaping: TextShaping?, variable: [TextShaping?], vertical: TextShaping?) {
        let text = tagged.codes
        let em = TextShaper.oneEm
        let width = self.placement == .point ? self.maxWidth.value(fctx) * em : Double.infinity
        // Images in text keep their pixel size: scaled by 24 / text-size at the tile's zoom
        // (and at the next zoom for line breaking, as MapLibre's layout size is).
        var nextZoom = fctx
        nextZoom.zoom += 1
        let imageScale = em / Double(max(self.size.value(fctx), 1e-6)), breakImageScale = em / Double(max(self.size.value(nextZoom), 1e-6))
        // Cursive scripts are not letter-spaced.
        let letterSpacing = text.contains(where: VerticalOrientation.isComplexShaping) ? 0 : self.spacing.value(fctx) * em
        let height = self.lineHeight.value(fctx) * em
        // HarfBuzz's glyphs for sections in font files, shaped once for every anchor (and
        // again with vertical punctuation for vertical writing).
        let clusters = text.isEmpty ? nil : shapedClusters(tagged)
        var verticalClusters: ShapedClusters?? = nil
        func shape(_ anchor: SymbolAnchor, _ justify: Double, _ translate: SIMD2<Double>,
                   writing: TextShaper.Writing = .horizontal, stacks: Bool = false) -> TextShaping? {
            guard !text.isEmpty else { return nil }
            var shaped = clusters
            if writing == .vertical, clusters != nil {
                if verticalClusters == nil {
                    var upright = tagged
                    VerticalPunctuation.apply(&upright.codes)
                    verticalClusters = .some(shapedClusters(upright))
                }
                shaped = verticalClusters ?? nil
            }
            return TextShaper.shape(tagged, glyphs: { self.glyph($0, $1) }, maxWidth: width, lineHeight: height, anchor: anchor,
                                    justify: justify, spacing: letterSpacing, translate: translate, writing: writing,
                                    allowVerticalPlacement: stacks, imageScale: imageScale, breakImageScale: breakImageScale,
                                    clusters: shaped)
        }
        var variableShapings: [TextShaping?] = []
        if let variable = spot.variable {
            // Shaped around the centre; the chosen anchor's shift moves the text at placement.
            var byJustify: [Double: TextShaping?] = [:]
            for c in variable {
                let j = spot.justifyName == .auto ? SymbolVariableAnchors.justification(c.anchor) : spot.justify
                if byJustify[j] == nil { byJustify[j] = .some(shape(.center, j, .zero)) }
                variableShapings.append(byJustify[j]!)
            }
        }
        let shaping = spot.variable != nil ? variableShapings.first ?? nil
            : shape(spot.anchor, spot.justify, alongLine ? .zero : spot.textOffset)
        var verticalShaping: TextShaping?
        if (alongLine ? self.keepUpright : self.allowsVertical), VerticalOrientation.allowsVertical(text) {
            if !alongLine, self.allowsVertical {
                // Vertical point labels are left-justified, as MapLibre shapes them.
                verticalShaping = shape(spot.anchor, 0, spot.variable == nil ? spot.textOffset : .zero, writing: .vertical, stacks: true)
            } else if alongLine, self.keepUpright {
                verticalShaping = shape(spot.anchor, spot.justify, .zero, writing: .vertical)
            }
        }
        return (shaping, variableShapings, verticalShaping)
    }

    /// The icon shaped (anchor, offset, size) with its paint; SDF icons get their shader inputs.
    private func icon(_ icon: (String, SpriteImage)?, _ sizeContext: EvaluationContext,
                      _ fctx: EvaluationContext) -> SymbolIcons.Shaped? {
        var shapedIcon = icon.map { SymbolIcons.shape($0.1, name: $0.0, anchor: self.iconAnchor.value(fctx),
                                                      offset: self.iconOffset.value(fctx), size: self.iconSize.value(sizeContext),
                                                      opacity: self.iconPaint.opacity(sizeContext)) }
        shapedIcon?.layerFiltersLinearly = self.iconSize.constantValue != 1 || self.iconRotate.constantValue != 0
        if let i = shapedIcon, i.image.sdf {
            shapedIcon?.sdf = self.iconPaint.drawing(sizeContext, fontScale: i.size, pixelRatio: Float(frame.camera.pixelRatio))
        }
        return shapedIcon
    }
}
