/// RGBA8 → RGB8 for opaque images (premultiplied equals straight when alpha is 255).
/// The fast kernel turns four pixels into three 32-bit stores; `stripScalar` is its
/// byte-by-byte reference twin.
enum AlphaStripping {
    static func strip(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, pixels count: Int) {
        let quads = count / 4
        var q = 0
        while q < quads {
            let p0 = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: q &* 16, as: UInt32.self))
            let p1 = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: q &* 16 &+ 4, as: UInt32.self))
            let p2 = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: q &* 16 &+ 8, as: UInt32.self))
            let p3 = UInt32(littleEndian: source.loadUnaligned(fromByteOffset: q &* 16 &+ 12, as: UInt32.self))
            let w0 = p0 & 0x00FF_FFFF | p1 << 24
            let w1 = (p1 >> 8) & 0x0000_FFFF | p2 << 16
            let w2 = (p2 >> 16) & 0x0000_00FF | p3 << 8
            destination.storeBytes(of: w0.littleEndian, toByteOffset: q &* 12, as: UInt32.self)
            destination.storeBytes(of: w1.littleEndian, toByteOffset: q &* 12 &+ 4, as: UInt32.self)
            destination.storeBytes(of: w2.littleEndian, toByteOffset: q &* 12 &+ 8, as: UInt32.self)
            q += 1
        }
        stripScalar(source + quads * 16, into: destination + quads * 12, pixels: count - quads * 4)
    }

    static func stripScalar(_ source: UnsafeRawPointer, into destination: UnsafeMutableRawPointer, pixels count: Int) {
        for i in 0..<count {
            for c in 0..<3 {
                destination.storeBytes(of: source.load(fromByteOffset: i * 4 + c, as: UInt8.self),
                                       toByteOffset: i * 3 + c, as: UInt8.self)
            }
        }
    }
}
