import SourceData

/// `icon-text-fit`: the icon stretched around its label's text (`width`, `height` or `both`),
/// grown by `icon-text-fit-padding` (top, right, bottom, left) and moved by `icon-offset`;
/// along an axis not fitted the icon keeps its size, centred on the text. As in MapLibre,
/// `icon-anchor` no longer applies. Sprite images with `stretchX`/`stretchY` stretch only in
/// those zones (9-slice and beyond: the image is cut into parts, fixed parts keep their
/// pixels), with `content` the part of the image the text fits into and
/// `textFitWidth`/`textFitHeight` keeping its aspect ratio where asked.
enum SymbolIconTextFit {
    /// One cut across an image axis: image pixels in fixed zones, and in stretched zones.
    struct Cut { var fixed: Double; var stretch: Double }

    /// The icon refitted to the text's box (`shaping` in 24 px units; `fontScale` = text
    /// size / 24) in CSS pixels at icon-size 1.
    static func fit(_ icon: SymbolIcons.Shaped, text shaping: TextShaping, mode: IconTextFit, padding: [Float],
                    offset: SIMD2<Float>, fontScale: Double) -> SymbolIcons.Shaped {
        let pad = padding.count == 4 ? padding.map(Double.init) : [0, 0, 0, 0]
        let ratio = icon.image.pixelRatio
        let imageW = Double(icon.image.pixmap.width), imageH = Double(icon.image.pixmap.height)
        let w = imageW / ratio, h = imageH / ratio
        let textLeft = shaping.left * fontScale, textRight = shaping.right * fontScale
        let textTop = shaping.top * fontScale, textBottom = shaping.bottom * fontScale
        var left: Double, right: Double, top: Double, bottom: Double
        if mode == .width || mode == .both {
            left = Double(offset.x) + textLeft - pad[3]
            right = Double(offset.x) + textRight + pad[1]
        } else {
            left = Double(offset.x) + (textLeft + textRight - w) / 2
            right = left + w
        }
        if mode == .height || mode == .both {
            top = Double(offset.y) + textTop - pad[0]
            bottom = Double(offset.y) + textBottom + pad[2]
        } else {
            top = Double(offset.y) + (textTop + textBottom - h) / 2
            bottom = top + h
        }
        let stretch = icon.image.stretch
        // The image's content box: what lies outside it grows the collision box.
        var collisionPadding = SIMD4<Double>.zero
        if let c = stretch.content {
            collisionPadding = SIMD4(c.x / ratio, c.y / ratio, w - c.z / ratio, h - c.w / ratio)
            if stretch.textFitWidth != nil || stretch.textFitHeight != nil {
                (left, top, right, bottom) = proportional(left, top, right, bottom, content: c, stretch)
            }
        }
        let parts = quads(icon.image, left: left, top: top, right: right, bottom: bottom)
        var quad = parts[0].rect(size: 1)
        for p in parts.dropFirst() {
            let r = p.rect(size: 1)
            quad = SIMD4(min(quad.x, r.x), min(quad.y, r.y), max(quad.z, r.z), max(quad.w, r.w))
        }
        let box = SIMD4(Float(left - collisionPadding.x), Float(top - collisionPadding.y),
                        Float(right + collisionPadding.z), Float(bottom + collisionPadding.w))
        var out = SymbolIcons.Shaped(image: icon.image, name: icon.name, quad: quad, box: box, size: icon.size, opacity: icon.opacity)
        out.sdf = icon.sdf
        out.fitted = true
        if parts.count > 1 || stretch.content != nil { out.parts = parts }
        return out
    }

    /// `textFitWidth`/`textFitHeight`: a proportional axis takes the content's aspect ratio.
    static func proportional(_ l: Double, _ t: Double, _ r: Double, _ b: Double, content c: SIMD4<Double>,
                             _ s: SpriteStretch) -> (Double, Double, Double, Double) {
        var left = l, top = t, width = r - l, height = b - t
        let fitW = s.textFitWidth ?? "stretchOrShrink", fitH = s.textFitHeight ?? "stretchOrShrink"
        let aspect = (c.z - c.x) / (c.w - c.y)
        if fitH == "proportional" {
            if (fitW == "stretchOnly" && width / height < aspect) || fitW == "proportional" {
                let newWidth = (height * aspect).rounded(.up)
                left *= newWidth / width
                width = newWidth
            }
        } else if fitW == "proportional" {
            if fitH == "stretchOnly", aspect != 0, width / height > aspect {
                let newHeight = (width / aspect).rounded(.up)
                top *= newHeight / height
                height = newHeight
            }
        }
        return (left, top, left + width, top + height)
    }

    /// The image cut at its stretch zones into parts, each an image rectangle (padded image
    /// pixels: the atlas's border texel is column and row 0) and the CSS-pixel rectangle it
    /// covers when the icon spans [left, right] × [top, bottom].
    static func quads(_ image: SpriteImage, left: Double, top: Double, right: Double, bottom: Double) -> [SymbolIcons.Part] {
        let ratio = image.pixelRatio
        let imageW = Double(image.pixmap.width), imageH = Double(image.pixmap.height)
        let s = image.stretch
        let zonesX = s.x ?? [SIMD2(0, imageW)], zonesY = s.y ?? [SIMD2(0, imageH)]
        let stretchW = zonesX.reduce(0) { $0 + $1.y - $1.x }, stretchH = zonesY.reduce(0) { $0 + $1.y - $1.x }
        let fixedW = imageW - stretchW, fixedH = imageH - stretchH
        func within(_ zones: [SIMD2<Double>], _ lo: Double, _ hi: Double) -> Double {
            zones.reduce(0) { $0 + max(lo, min(hi, $1.y)) - max(lo, min(hi, $1.x)) }
        }
        var offX = 0.0, contentW = stretchW, fixedOffX = 0.0, fixedContentW = fixedW
        var offY = 0.0, contentH = stretchH, fixedOffY = 0.0, fixedContentH = fixedH
        if let c = s.content {
            offX = within(zonesX, 0, c.x); contentW = within(zonesX, c.x, c.z)
            offY = within(zonesY, 0, c.y); contentH = within(zonesY, c.y, c.w)
            fixedOffX = c.x - offX; fixedContentW = c.z - c.x - contentW
            fixedOffY = c.y - offY; fixedContentH = c.w - c.y - contentH
        }
        let iconW = right - left, iconH = bottom - top
        // Each cut's place: a part that follows the fitted size (scaled with the icon) and a
        // part in pixels (fixed zones keep their size).
        func em(_ cut: Cut, off: Double, content: Double, iconSize: Double, start: Double) -> Double {
            content > 0 ? (cut.stretch - off) / content * iconSize + start : start
        }
        func px(_ cut: Cut, fixedOff: Double, fixedContent: Double, stretchSize: Double) -> Double {
            (stretchSize > 0 ? (cut.fixed - fixedOff) - fixedContent * cut.stretch / stretchSize : cut.fixed - fixedOff) / ratio
        }
        // Fixed zones never overlap: the fitted part grows until they fit (MapLibre's minimum
        // font scale, which the vertex buffer keeps in 1/256, truncated).
        let minScale = SIMD2(Float(iconW > 0 ? fixedContentW / ratio / iconW : 0), Float(iconH > 0 ? fixedContentH / ratio / iconH : 0))
            .truncatedToFraction(256)
        let cutsX = s.x == nil && s.y == nil ? [Cut(fixed: 0, stretch: -1), Cut(fixed: 0, stretch: imageW + 1)] : cuts(zonesX, fixedW, stretchW)
        let cutsY = s.x == nil && s.y == nil ? [Cut(fixed: 0, stretch: -1), Cut(fixed: 0, stretch: imageH + 1)] : cuts(zonesY, fixedH, stretchH)
        var parts: [SymbolIcons.Part] = []
        for xi in cutsX.indices.dropLast() {
            for yi in cutsY.indices.dropLast() {
                let l = cutsX[xi], r = cutsX[xi + 1], t = cutsY[yi], b = cutsY[yi + 1]
                let emRect = SIMD4(em(l, off: offX, content: contentW, iconSize: iconW, start: left),
                                   em(t, off: offY, content: contentH, iconSize: iconH, start: top),
                                   em(r, off: offX, content: contentW, iconSize: iconW, start: left),
                                   em(b, off: offY, content: contentH, iconSize: iconH, start: top))
                let pxRect = SIMD4(px(l, fixedOff: fixedOffX, fixedContent: fixedContentW, stretchSize: stretchW),
                                   px(t, fixedOff: fixedOffY, fixedContent: fixedContentH, stretchSize: stretchH),
                                   px(r, fixedOff: fixedOffX, fixedContent: fixedContentW, stretchSize: stretchW),
                                   px(b, fixedOff: fixedOffY, fixedContent: fixedContentH, stretchSize: stretchH))
                let src = SIMD4(Int((l.stretch + l.fixed).rounded()) + 1, Int((t.stretch + t.fixed).rounded()) + 1,
                                Int((r.stretch + r.fixed).rounded()) + 1, Int((b.stretch + b.fixed).rounded()) + 1)
                guard src.z > src.x, src.w > src.y else { continue }
                // Corners as the vertex buffer keeps them (1/32 unit).
                func q(_ v: SIMD4<Double>) -> SIMD4<Float> { SIMD4<Float>((v * 32).rounded(.toNearestOrAwayFromZero) / 32) }
                // Pixel offsets as the vertex buffer keeps them (1/16 px, truncated).
                parts.append(SymbolIcons.Part(source: src, em: q(emRect), px: SIMD4<Float>(pxRect).truncatedToFraction(16),
                                              minScale: minScale))
            }
        }
        if parts.isEmpty {
            parts.append(SymbolIcons.Part(source: SIMD4(0, 0, Int(imageW) + 2, Int(imageH) + 2),
                                          em: SIMD4(Float(left), Float(top), Float(right), Float(bottom)), px: .zero, minScale: .zero))
        }
        return parts
    }

    /// MapLibre's cuts of one axis: the border, both edges of every stretch zone, the far border.
    static func cuts(_ zones: [SIMD2<Double>], _ fixedSize: Double, _ stretchSize: Double) -> [Cut] {
        var out = [Cut(fixed: -1, stretch: 0)]
        for z in zones {
            let last = out[out.count - 1]
            out.append(Cut(fixed: z.x - last.stretch, stretch: last.stretch))
            out.append(Cut(fixed: z.x - last.stretch, stretch: last.stretch + (z.y - z.x)))
        }
        out.append(Cut(fixed: fixedSize + 1, stretch: stretchSize))
        return out
    }
}

extension SIMD where Scalar == Float {
    /// Each lane cut to whole `1/denominator`s toward zero, as a float written into a GL
    /// integer vertex attribute after scaling by `denominator`.
    func truncatedToFraction(_ denominator: Float) -> Self {
        (self * denominator).rounded(.towardZero) / denominator
    }
}
