import CICU

/// The Unicode bidi algorithm (ICU's) over a label's text: each scalar's embedding level and
/// each line's visual order. Labels without right-to-left text skip it (all levels 0).
public enum BidiText {
    /// Embedding levels per scalar (even: left to right), nil when ICU fails.
    public static func levels(_ text: [UInt32]) -> [UInt8]? {
        guard !text.isEmpty else { return [] }
        var levels = [UInt8](repeating: 0, count: text.count)
        let top = text.withUnsafeBufferPointer { t in
            levels.withUnsafeMutableBufferPointer { strata_bidi_levels(t.baseAddress, Int32(t.count), $0.baseAddress) }
        }
        return top < 0 ? nil : levels
    }

    /// Whether any scalar may be right to left (a cheap test before asking ICU).
    public static func mayHaveRightToLeft(_ text: [UInt32]) -> Bool {
        text.contains { c in
            (0x0590...0x08FF).contains(c) || (0xFB1D...0xFDFF).contains(c) || (0xFE70...0xFEFF).contains(c)
                || (0x10800...0x10FFF).contains(c) || (0x1E800...0x1EFFF).contains(c)
                || c == 0x200F || c == 0x202B || c == 0x202E || c == 0x2067   // RLM, RLE, RLO, RLI
        }
    }

    /// The visual order (left to right) of the scalars of `line`; nil when ICU fails.
    public static func visualOrder(_ text: [UInt32], line: Range<Int>) -> [Int]? {
        guard !line.isEmpty else { return [] }
        var order = [Int32](repeating: 0, count: line.count)
        let result = text.withUnsafeBufferPointer { t in
            order.withUnsafeMutableBufferPointer {
                strata_bidi_line_order(t.baseAddress, Int32(t.count), Int32(line.lowerBound), Int32(line.upperBound), $0.baseAddress)
            }
        }
        return result == 0 ? order.map(Int.init) : nil
    }
}

/// Line break opportunities of UAX #14 as ICU finds them, with its dictionaries for scripts
/// written without spaces (Thai, Lao, Khmer, Myanmar), and word boundaries for tests.
public enum LineBreaks {
    /// A place a line may start: a scalar index (the text's end included), and whether the
    /// break is mandatory (a newline).
    public struct Opportunity: Sendable, Equatable {
        public var position: Int
        public var mandatory: Bool
    }

    /// Every opportunity after the text's start, ascending; nil when ICU fails.
    public static func opportunities(_ text: [UInt32]) -> [Opportunity]? {
        guard !text.isEmpty else { return [] }
        var positions = [Int32](repeating: 0, count: text.count + 1)
        var hard = [UInt8](repeating: 0, count: text.count + 1)
        let n = text.withUnsafeBufferPointer { t in
            positions.withUnsafeMutableBufferPointer { p in
                hard.withUnsafeMutableBufferPointer { h in
                    strata_line_breaks(t.baseAddress, Int32(t.count), p.baseAddress, h.baseAddress, Int32(p.count))
                }
            }
        }
        guard n >= 0 else { return nil }
        return (0..<Int(n)).map { Opportunity(position: Int(positions[$0]), mandatory: hard[$0] != 0) }
    }

    /// Word boundaries (UAX #29) after the text's start, ascending; nil when ICU fails.
    public static func wordBoundaries(_ text: [UInt32]) -> [Int]? {
        guard !text.isEmpty else { return [] }
        var positions = [Int32](repeating: 0, count: text.count + 1)
        let n = text.withUnsafeBufferPointer { t in
            positions.withUnsafeMutableBufferPointer { strata_word_breaks(t.baseAddress, Int32(t.count), $0.baseAddress, Int32($0.count)) }
        }
        return n < 0 ? nil : positions.prefix(Int(n)).map(Int.init)
    }
}
