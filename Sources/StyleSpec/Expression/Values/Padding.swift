/// `*-padding` values: top, right, bottom, left, expanded from 1–4 numbers like CSS.
public struct Padding: Sendable, Hashable {
    public var top: Double, right: Double, bottom: Double, left: Double
    public var values: [Double] { [top, right, bottom, left] }

    public init(top: Double, right: Double, bottom: Double, left: Double) {
        self.top = top; self.right = right; self.bottom = bottom; self.left = left
    }

    /// A number or an array of 1–4 numbers; nil for anything else.
    public static func from(_ v: Value) -> Padding? {
        switch v {
        case .padding(let p): return p
        case .number(let n): return Padding(top: n, right: n, bottom: n, left: n)
        case .array, .numberArray:
            guard let a = v.numbers else { return nil }
            switch a.count {
            case 1: return Padding(top: a[0], right: a[0], bottom: a[0], left: a[0])
            case 2: return Padding(top: a[0], right: a[1], bottom: a[0], left: a[1])
            case 3: return Padding(top: a[0], right: a[1], bottom: a[2], left: a[1])
            case 4: return Padding(top: a[0], right: a[1], bottom: a[2], left: a[3])
            default: return nil
            }
        default: return nil
        }
    }
}
