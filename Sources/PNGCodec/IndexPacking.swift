/// Packs one-byte-per-pixel palette indices into PNG rows of 1, 2 or 4 bits per pixel
/// (leftmost pixel in the high bits, each row padded to a whole byte), in place. The fast
/// kernel packs eight pixels per 64-bit word (SWAR); `packScalar` is its reference twin.
enum IndexPacking {
    /// Bytes per packed row.
    static func stride(width: Int, bitDepth: Int) -> Int { (width * bitDepth + 7) / 8 }

    /// Rewrites `height` rows of `width` index bytes at `indices` into packed rows of
    /// `stride(width:bitDepth:)` bytes from the same start. Indices must fit `bitDepth`.
    static func pack(_ indices: UnsafeMutableRawPointer, width: Int, height: Int, bitDepth: Int) {
        precondition(bitDepth == 1 || bitDepth == 2 || bitDepth == 4)
        let outStride = stride(width: width, bitDepth: bitDepth)
        let groups = width / 8
        for y in 0..<height {
            let source = indices + y &* width
            let destination = indices + y &* outStride
            var g = 0
            switch bitDepth {
            case 1:
                while g < groups {
                    let v = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: g &* 8, as: UInt64.self))
                    destination.storeBytes(of: UInt8(truncatingIfNeeded: (v &* 0x8040_2010_0804_0201) >> 56),
                                           toByteOffset: g, as: UInt8.self)
                    g += 1
                }
            case 2:
                while g < groups {
                    let v = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: g &* 8, as: UInt64.self))
                    let pairs = (v & 0x0003_0003_0003_0003) << 2 | (v >> 8) & 0x0003_0003_0003_0003
                    let quads = (pairs & 0x0000_000F_0000_000F) << 4 | (pairs >> 16) & 0x0000_000F_0000_000F
                    let out = UInt16(truncatingIfNeeded: quads & 0xFF | (quads >> 24) & 0xFF00)
                    destination.storeBytes(of: out.littleEndian, toByteOffset: g &* 2, as: UInt16.self)
                    g += 1
                }
            default:
                while g < groups {
                    let v = UInt64(littleEndian: source.loadUnaligned(fromByteOffset: g &* 8, as: UInt64.self))
                    var u = (v & 0x000F_000F_000F_000F) << 4 | (v >> 8) & 0x000F_000F_000F_000F
                    u = (u | u >> 8) & 0x0000_FFFF_0000_FFFF
                    u = (u | u >> 16) & 0xFFFF_FFFF
                    destination.storeBytes(of: UInt32(truncatingIfNeeded: u).littleEndian, toByteOffset: g &* 4, as: UInt32.self)
                    g += 1
                }
            }
            packTail(source, destination, from: groups &* 8, width: width, bitDepth: bitDepth)
        }
    }

    /// The reference: one pixel at a time.
    static func packScalar(_ indices: UnsafeMutableRawPointer, width: Int, height: Int, bitDepth: Int) {
        precondition(bitDepth == 1 || bitDepth == 2 || bitDepth == 4)
        let outStride = stride(width: width, bitDepth: bitDepth)
        for y in 0..<height {
            packTail(indices + y * width, indices + y * outStride, from: 0, width: width, bitDepth: bitDepth)
        }
    }

    /// Packs pixels `from..<width` of one row (`from` a multiple of 8) one at a time.
    @inline(__always)
    private static func packTail(_ source: UnsafeMutableRawPointer, _ destination: UnsafeMutableRawPointer,
                                 from: Int, width: Int, bitDepth: Int) {
        let perByte = 8 / bitDepth
        var x = from
        var outIndex = from / perByte
        while x < width {
            var byte: UInt32 = 0
            for k in 0..<perByte {
                let value = x + k < width ? UInt32(source.load(fromByteOffset: x + k, as: UInt8.self)) : 0
                byte |= value << UInt32(8 - bitDepth * (k + 1))
            }
            destination.storeBytes(of: UInt8(truncatingIfNeeded: byte), toByteOffset: outIndex, as: UInt8.self)
            x += perByte
            outIndex += 1
        }
    }
}
