/// Whether any or all lanes of an 8-lane float comparison hold, by folding the mask's halves
/// with vector ORs and ANDs. The standard library's `any`/`all` reduce through `min()`/`max()`,
/// which stay calls into a generic specialization in release builds: per 8 pixels of a line run
/// that call cost more than the test saves.
public enum LaneMask {
    @inlinable @inline(__always)
    public static func any(_ mask: SIMDMask<SIMD8<Int32>>) -> Bool {
        let bits = unsafeBitCast(mask, to: SIMD8<Int32>.self)
        let four = bits.lowHalf | bits.highHalf
        let two = four.lowHalf | four.highHalf
        return (two.x | two.y) != 0
    }

    @inlinable @inline(__always)
    public static func all(_ mask: SIMDMask<SIMD8<Int32>>) -> Bool {
        let bits = unsafeBitCast(mask, to: SIMD8<Int32>.self)
        let four = bits.lowHalf & bits.highHalf
        let two = four.lowHalf & four.highHalf
        return (two.x & two.y) != 0
    }
}
