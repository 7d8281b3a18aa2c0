/// One font of a fontstack as shaping sees it: a face, used for every scalar it has, or only
/// for those inside its Unicode ranges (a `font-faces` entry's `unicode-range`).
public struct StackFont: @unchecked Sendable {
    public let face: FreeTypeFace
    /// Nil: every scalar.
    public let ranges: [ClosedRange<UInt32>]?

    public init(face: FreeTypeFace, ranges: [ClosedRange<UInt32>]? = nil) {
        self.face = face; self.ranges = ranges
    }

    /// Whether this font draws `codePoint`: inside its ranges and in its cmap.
    public func covers(_ codePoint: UInt32) -> Bool {
        if let ranges, !ranges.contains(where: { $0.contains(codePoint) }) { return false }
        return face.has(codePoint)
    }

    /// A CSS `unicode-range` item ("U+0-7F", "U+1780-17FF", "U+4??", "U+26"); nil when it is
    /// not one.
    public static func unicodeRange(_ text: String) -> ClosedRange<UInt32>? {
        var s = Substring(text.trimmingCharacters(in: .whitespaces).uppercased())
        guard s.hasPrefix("U+") else { return nil }
        s = s.dropFirst(2)
        func hex(_ part: Substring, wildcard: Character) -> UInt32? {
            var p = part
            if p.hasPrefix("0X") { p = p.dropFirst(2) }
            guard !p.isEmpty, p.count <= 6 else { return nil }
            return UInt32(String(p.map { $0 == "?" ? wildcard : $0 }), radix: 16)
        }
        let parts = s.split(separator: "-", omittingEmptySubsequences: false)
        guard parts.count == 1 || parts.count == 2,
              let lo = hex(parts[0], wildcard: "0"), let hi = hex(parts.last!, wildcard: "F"),
              lo <= hi, hi <= 0x10FFFF else { return nil }
        return lo...hi
    }
}
