/// A run of source-over blends of one constant colour each over a whole canvas, composed
/// into per-channel tables. The blend is channel-separable (d' = s + d·(255 − s.a)/255,
/// rounded as `PixelMath.over` rounds), so n such blends cost n·1,024 table steps plus a
/// single pass over the pixels, with exactly the bytes of n passes: what keeps a style with
/// thousands of tile-covering discs (circle-radius 1e7) within its render budget.
public struct UniformOverStack {
    /// 4 tables of 256 entries (R, G, B, A): the composed blend of each channel value.
    private var tables = [UInt8](repeating: 0, count: 1024)
    /// Blends pushed since the last `apply`.
    public private(set) var count = 0
    /// A colour whose last push left every table entry as it was: pushing it again changes
    /// nothing either, so a run of it costs one comparison a push (an opaque colour settles
    /// after one push, a translucent one once its rounding reaches a fixed point).
    private var settled: UInt32?

    public init() {}

    /// Adds a blend of the premultiplied packed colour `s` on top of the pending ones.
    public mutating func push(_ s: UInt32) {
        guard s != 0 else { return }                     // transparent: changes nothing
        if count == 0 {
            for i in 0..<1024 { tables[i] = UInt8(truncatingIfNeeded: i & 255) }
            settled = nil
        }
        count += 1
        guard s != settled else { return }
        let inverse = 255 &- (s >> 24)
        let changed = tables.withUnsafeMutableBufferPointer { t in
            var changed = false
            for channel in 0..<4 {
                let sc = (s >> UInt32(8 * channel)) & 0xFF
                for v in (channel * 256)..<(channel * 256 + 256) {
                    let next = UInt8(truncatingIfNeeded: sc &+ PixelMath.div255(UInt32(t[v]) &* inverse))
                    changed = changed || next != t[v]
                    t[v] = next
                }
            }
            return changed
        }
        settled = changed ? nil : s
    }

    /// Applies the pending blends to every pixel of `canvas` and empties the stack.
    public mutating func apply(to canvas: Canvas) {
        guard count > 0 else { return }
        count = 0
        tables.withUnsafeBufferPointer { t in
            canvas.withUnsafeMutablePixels { px in
                for i in px.indices {
                    let d = px[i]
                    px[i] = UInt32(t[Int(d & 0xFF)]) | UInt32(t[256 + Int((d >> 8) & 0xFF)]) << 8
                        | UInt32(t[512 + Int((d >> 16) & 0xFF)]) << 16 | UInt32(t[768 + Int(d >> 24)]) << 24
                }
            }
        }
    }
}
