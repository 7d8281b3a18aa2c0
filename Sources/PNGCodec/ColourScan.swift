/// One pass over a premultiplied RGBA8 image that decides the PNG colour type: it counts
/// distinct pixels (exactly, up to 256, in a small open-addressing hash of 32-bit
/// pixels), writes each pixel's palette index as it goes, and ANDs all alpha bytes to
/// learn whether the image is opaque. Counting stops at the 257th colour; from there
/// only the (cheap) opacity check continues.
struct ColourScan {
    /// Distinct colours in first-seen order (premultiplied pixel words); empty when the
    /// image has more than 256 colours or counting was not asked for.
    var palette: [UInt32]
    /// Every pixel has alpha 255.
    var isOpaque: Bool

    var fitsPalette: Bool { !palette.isEmpty }

    static let maxColours = 256
    private static let slotBits = 10
    private static let slotCount = 1 << slotBits

    /// Scans `count` pixels at `pixels`. With `indices` non-nil, counts colours and writes one
    /// index byte per pixel there (its contents are meaningless when the result has no palette).
    static func run(pixels: UnsafeRawPointer, count: Int, indices: UnsafeMutablePointer<UInt8>?) -> ColourScan {
        guard count > 0 else { return ColourScan(palette: [], isOpaque: true) }
        guard let indices else {
            return ColourScan(palette: [], isOpaque: alphaAnd(pixels, from: 0, to: count) >> 24 == 0xFF)
        }
        var palette = [UInt32]()
        palette.reserveCapacity(maxColours)
        var alpha: UInt32 = 0xFFFF_FFFF
        var stoppedAt = count
        withUnsafeTemporaryAllocation(of: UInt32.self, capacity: slotCount) { keys in
            withUnsafeTemporaryAllocation(of: UInt16.self, capacity: slotCount) { slots in
                // slots[i] == 0: empty; otherwise palette index + 1 of keys[i].
                slots.initialize(repeating: 0)
                let keys = keys.baseAddress!, slots = slots.baseAddress!
                var last = load(pixels, 0)
                var lastIndex = insert(last, keys: keys, slots: slots, palette: &palette)
                // Uniform runs from the start (sea, background, whole single-colour tiles) skip
                // the per-pixel loop: compare two pixels per step, then fill their indices.
                var i = uniformPrefix(pixels, count: count, first: last)
                indices.initialize(repeating: 0, count: i)
                alpha = last
                while i < count {
                    let p = load(pixels, i)
                    if p != last {
                        var slot = Int((p &* 0x9E37_79B1) >> UInt32(32 - slotBits))
                        while true {
                            let s = slots[slot]
                            if s == 0 {
                                if palette.count == maxColours {
                                    stoppedAt = i
                                    return
                                }
                                keys[slot] = p
                                palette.append(p)
                                slots[slot] = UInt16(palette.count)
                                lastIndex = UInt8(truncatingIfNeeded: palette.count - 1)
                                break
                            }
                            if keys[slot] == p {
                                lastIndex = UInt8(truncatingIfNeeded: s - 1)
                                break
                            }
                            slot = (slot + 1) & (slotCount - 1)
                        }
                        last = p
                    }
                    indices[i] = lastIndex
                    alpha &= p
                    i += 1
                }
            }
        }
        if stoppedAt < count {
            if alpha >> 24 == 0xFF { alpha &= alphaAnd(pixels, from: stoppedAt, to: count) }
            return ColourScan(palette: [], isOpaque: alpha >> 24 == 0xFF)
        }
        return ColourScan(palette: palette, isOpaque: alpha >> 24 == 0xFF)
    }

    /// How many pixels from the start equal `first`.
    static func uniformPrefix(_ pixels: UnsafeRawPointer, count: Int, first: UInt32) -> Int {
        let pair = UInt64(first) | UInt64(first) << 32
        var i = 0
        while i + 2 <= count, UInt64(littleEndian: pixels.loadUnaligned(fromByteOffset: i &* 4, as: UInt64.self)) == pair {
            i += 2
        }
        while i < count, load(pixels, i) == first { i += 1 }
        return i
    }

    @inline(__always)
    private static func load(_ pixels: UnsafeRawPointer, _ i: Int) -> UInt32 {
        UInt32(littleEndian: pixels.loadUnaligned(fromByteOffset: i &* 4, as: UInt32.self))
    }

    private static func insert(_ p: UInt32, keys: UnsafeMutablePointer<UInt32>, slots: UnsafeMutablePointer<UInt16>,
                               palette: inout [UInt32]) -> UInt8 {
        let slot = Int((p &* 0x9E37_79B1) >> UInt32(32 - slotBits))
        keys[slot] = p
        palette.append(p)
        slots[slot] = UInt16(palette.count)
        return UInt8(palette.count - 1)
    }

    /// AND of the pixel words in `from..<to` (alpha is opaque iff the top byte stays 0xFF).
    static func alphaAnd(_ pixels: UnsafeRawPointer, from: Int, to: Int) -> UInt32 {
        var acc: UInt32 = 0xFFFF_FFFF
        var i = from
        while i < to {
            acc &= load(pixels, i)
            i += 1
        }
        return acc
    }
}
