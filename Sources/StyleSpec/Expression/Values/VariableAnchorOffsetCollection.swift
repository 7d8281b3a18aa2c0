/// `text-variable-anchor-offset`: pairs of an anchor name and an [x, y] offset.
public struct VariableAnchorOffsetCollection: Sendable, Hashable, CustomStringConvertible {
    public static let anchors: Set<String> = ["center", "left", "right", "top", "bottom",
                                              "top-left", "top-right", "bottom-left", "bottom-right"]
    public var entries: [(anchor: String, x: Double, y: Double)]

    public init(entries: [(anchor: String, x: Double, y: Double)]) { self.entries = entries }

    public static func == (l: Self, r: Self) -> Bool {
        l.entries.count == r.entries.count && zip(l.entries, r.entries).allSatisfy {
            $0.anchor == $1.anchor && $0.x == $1.x && $0.y == $1.y
        }
    }
    public func hash(into h: inout Hasher) {
        for e in entries { h.combine(e.anchor); h.combine(e.x); h.combine(e.y) }
    }

    public var description: String {
        "[" + entries.map { "\"\($0.anchor)\",[\(Value.formatNumber($0.x)),\(Value.formatNumber($0.y))]" }.joined(separator: ",") + "]"
    }

    /// `[anchor, [x, y], anchor, [x, y], ...]`; nil when malformed.
    public static func from(_ v: Value) -> VariableAnchorOffsetCollection? {
        if case .variableAnchorOffsetCollection(let c) = v { return c }
        guard case .array(let a) = v, !a.isEmpty, a.count % 2 == 0 else { return nil }
        var out: [(String, Double, Double)] = []
        var i = 0
        while i < a.count {
            guard case .string(let name) = a[i], anchors.contains(name),
                  let xy = a[i + 1].numbers, xy.count == 2, case .array = a[i + 1] else { return nil }
            out.append((name, xy[0], xy[1]))
            i += 2
        }
        return VariableAnchorOffsetCollection(entries: out)
    }
}
