/// Rich text from `format`: sections of text (or an inline image) with optional overrides.
public struct Formatted: Sendable, Hashable {
    public struct Section: Sendable, Hashable {
        public var text: String
        public var image: ResolvedImage?
        public var scale: Double?
        public var fontStack: String?
        public var textColor: StyleColor?
        public var verticalAlign: String?

        public init(text: String, image: ResolvedImage? = nil, scale: Double? = nil, fontStack: String? = nil,
                    textColor: StyleColor? = nil, verticalAlign: String? = nil) {
            self.text = text; self.image = image; self.scale = scale
            self.fontStack = fontStack; self.textColor = textColor; self.verticalAlign = verticalAlign
        }
    }

    public var sections: [Section]
    public init(sections: [Section]) { self.sections = sections }

    /// A single unstyled section, as a string coerced to `formatted`.
    public init(text: String) { sections = [Section(text: text)] }

    public var plainText: String { sections.map(\.text).joined() }
}
