/// `icon-text-fit`: the icon stretched around its label's text (`width`, `height` or `both`),
/// grown by `icon-text-fit-padding` (top, right, bottom, left) and moved by `icon-offset`;
/// along an axis not fitted the icon keeps its size, centred on the text. As in MapLibre,
/// `icon-anchor` no longer applies and the atlas's 1-texel border stretches with the image.
enum SymbolIconTextFit {
    /// The icon refitted to the text's box (`shaping` in 24 px units; `fontScale` = text
    /// size / 24) in CSS pixels at icon-size 1.
    static func fit(_ icon: SymbolIcons.Shaped, text shaping: TextShaping, mode: String, padding: [Float],
                    offset: SIMD2<Float>, fontScale: Double) -> SymbolIcons.Shaped {
        let pad = padding.count == 4 ? padding.map(Double.init) : [0, 0, 0, 0]
        let ratio = icon.image.pixelRatio
        let w = Double(icon.image.pixmap.width) / ratio, h = Double(icon.image.pixmap.height) / ratio
        let textLeft = shaping.left * fontScale, textRight = shaping.right * fontScale
        let textTop = shaping.top * fontScale, textBottom = shaping.bottom * fontScale
        var left: Double, right: Double, top: Double, bottom: Double
        if mode == "width" || mode == "both" {
            left = Double(offset.x) + textLeft - pad[3]
            right = Double(offset.x) + textRight + pad[1]
        } else {
            left = Double(offset.x) + (textLeft + textRight - w) / 2
            right = left + w
        }
        if mode == "height" || mode == "both" {
            top = Double(offset.y) + textTop - pad[0]
            bottom = Double(offset.y) + textBottom + pad[2]
        } else {
            top = Double(offset.y) + (textTop + textBottom - h) / 2
            bottom = top + h
        }
        // The quad spans the image plus its border texel, scaled as the image is.
        let imageW = Double(icon.image.pixmap.width), imageH = Double(icon.image.pixmap.height)
        let iconW = right - left, iconH = bottom - top
        func q(_ v: Double) -> Float { Float((v * 32).rounded() / 32) }
        let quad = SIMD4(q(left - iconW / imageW), q(top - iconH / imageH),
                         q(left + iconW * (imageW + 1) / imageW), q(top + iconH * (imageH + 1) / imageH))
        var out = SymbolIcons.Shaped(image: icon.image, name: icon.name, quad: quad,
                                     box: SIMD4(Float(left), Float(top), Float(right), Float(bottom)), size: icon.size, opacity: icon.opacity)
        out.sdf = icon.sdf
        out.fitted = true
        return out
    }
}
