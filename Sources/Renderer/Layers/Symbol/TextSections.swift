import SourceData
import StyleSpec

/// An image inside a label's text (`["image", name]` in a `format`): its sprite image and the
/// size it is laid out at (CSS px, the image's pixels over its pixel ratio).
struct TextImage {
    let name: String
    let image: SpriteImage
    var size: SIMD2<Double> { SIMD2(Double(image.pixmap.width), Double(image.pixmap.height)) / image.pixelRatio }
}

/// One section of a label's text as shaping reads it: its fontstack and `font-scale`, where it
/// sits on a line taller than itself (`vertical-align`), or the image it is.
struct TextSection {
    var stack: String
    var scale: Double = 1
    /// Fraction of the free line height above the section: 0 top, 0.5 center, 1 baseline.
    var verticalAlign: Double = 1
    var image: TextImage? = nil
    /// An image section (its image may be missing: then it takes no room and draws nothing).
    var isImage = false
    /// The section's `text-color`, when it overrides the layer's.
    var color: StyleColor? = nil
}

/// A label's text with each code point's section, as MapLibre's shaping takes formatted text:
/// an image section is one code point of the private use area (U+E000 on), so line breaking
/// and justification treat it like a glyph.
struct TaggedText {
    var codes: [UInt32]
    var sectionOf: [Int]
    var sections: [TextSection]
    /// Whether text beyond `limit` code points was left out.
    var wasCut = false

    /// Unformatted text in one fontstack; `presentationForms` false when HarfBuzz shapes it
    /// (it reads the letters themselves, not MapLibre's presentation forms).
    init(_ codes: [UInt32], stack: String, presentationForms: Bool = true) {
        self.codes = presentationForms && ArabicShaping.applies(codes) ? Self.shaped(codes) : codes
        sectionOf = [Int](repeating: 0, count: self.codes.count)
        sections = [TextSection(stack: stack)]
    }

    /// Arabic in its contextual forms, ligatures' second letters left out (each section is
    /// shaped on its own, as MapLibre shapes each section's text).
    static func shaped(_ codes: [UInt32]) -> [UInt32] {
        let s = ArabicShaping.shape(codes)
        return s.codes.indices.compactMap { s.keep[$0] ? s.codes[$0] : nil }
    }

    /// `format` sections: text sections in their own fontstack (or `stack`), scale and
    /// alignment, cased by `transform`; image sections found with `image` (an image that is
    /// missing is left out, as MapLibre leaves out an image it has no position for). Text past
    /// `limit` code points is cut before `transform` sees it (`wasCut`).
    init(_ formatted: Formatted, stack: String, limit: Int = .max, transform: (String) -> String,
         image: (String) -> SpriteImage?, presentationForms: (String) -> Bool = { _ in true }) {
        codes = []; sectionOf = []; sections = []
        var nextImageCode: UInt32 = 0xE000
        for s in formatted.sections {
            if codes.count >= limit {
                if s.image != nil || !s.text.isEmpty { wasCut = true }
                break
            }
            let align: Double = s.verticalAlign == "top" ? 0 : s.verticalAlign == "center" ? 0.5 : 1
            if let name = s.image?.name {
                guard !name.isEmpty, nextImageCode <= 0xF8FF else { continue }
                sections.append(TextSection(stack: stack, verticalAlign: align, image: image(name).map { TextImage(name: name, image: $0) }, isImage: true))
                codes.append(nextImageCode)
                nextImageCode += 1
                sectionOf.append(sections.count - 1)
                continue
            }
            sections.append(TextSection(stack: s.fontStack ?? stack, scale: s.scale.map { $0 > 0 ? $0 : 1 } ?? 1,
                                        verticalAlign: align, color: s.textColor))
            let budget = limit - codes.count
            let kept = Self.prefix(s.text, scalars: budget)
            if kept.utf8.count < s.text.utf8.count { wasCut = true }
            var text = transform(kept).unicodeScalars.map(\.value)
            if presentationForms(s.fontStack ?? stack), ArabicShaping.applies(text) { text = Self.shaped(text) }
            codes += text
            sectionOf += repeatElement(sections.count - 1, count: text.count)
        }
    }

    /// The first `scalars` Unicode scalars of `s` (all of it when shorter), without walking
    /// past them.
    static func prefix(_ s: String, scalars: Int) -> String {
        let view = s.unicodeScalars
        guard let cut = view.index(view.startIndex, offsetBy: max(scalars, 0), limitedBy: view.endIndex),
              cut < view.endIndex else { return s }
        return String(view[..<cut])
    }

    var isEmpty: Bool { codes.isEmpty }
    /// Whether any section differs from a plain one-fontstack label.
    var isStyled: Bool { sections.count > 1 || sections.contains { $0.scale != 1 || $0.isImage } }
    var hasColors: Bool { sections.contains { $0.color != nil } }
}
