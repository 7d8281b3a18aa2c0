import XCTest

/// Rewrites the size a JPEG's frame header (SOF0/SOF2) declares, leaving the data alone.
enum JPEGPatch {
    static func resized(_ jpeg: [UInt8], width: UInt16, height: UInt16) throws -> [UInt8] {
        var bytes = jpeg
        var i = 2
        // Walk the marker segments (FF xx, 2-byte big-endian length) to the frame header.
        while i + 9 < bytes.count, bytes[i] == 0xFF {
            let marker = bytes[i + 1]
            if marker == 0xC0 || marker == 0xC2 {
                bytes[i + 5] = UInt8(height >> 8); bytes[i + 6] = UInt8(height & 0xFF)
                bytes[i + 7] = UInt8(width >> 8); bytes[i + 8] = UInt8(width & 0xFF)
                return bytes
            }
            i += 2 + Int(bytes[i + 2]) << 8 + Int(bytes[i + 3])
        }
        throw XCTSkip("no SOF0/SOF2 in the fixture")
    }
}

/// Rewrites the size in a simple-format WebP (`RIFF size WEBP` then one VP8L or VP8 chunk).
enum WebPPatch {
    /// VP8L: after the 0x2F signature, 14 bits width − 1 and 14 bits height − 1, little-endian.
    static func resizedLossless(_ webp: [UInt8], width: UInt32, height: UInt32) -> [UInt8] {
        precondition(webp[12..<16].elementsEqual("VP8L".utf8) && webp[20] == 0x2F)
        var bytes = webp
        var word = UInt32(bytes[21]) | UInt32(bytes[22]) << 8 | UInt32(bytes[23]) << 16 | UInt32(bytes[24]) << 24
        word = (word & ~0x0FFF_FFFF) | (width - 1) | (height - 1) << 14
        for k in 0..<4 { bytes[21 + k] = UInt8((word >> (8 * k)) & 0xFF) }
        return bytes
    }

    /// VP8: a 3-byte frame tag, the start code 9D 01 2A, then 14-bit width and height
    /// (little-endian, the top two bits a scale).
    static func resizedLossy(_ webp: [UInt8], width: UInt16, height: UInt16) -> [UInt8] {
        precondition(webp[12..<16].elementsEqual("VP8 ".utf8) && webp[23..<26].elementsEqual([0x9D, 0x01, 0x2A]))
        var bytes = webp
        bytes[26] = UInt8(width & 0xFF); bytes[27] = UInt8(width >> 8)
        bytes[28] = UInt8(height & 0xFF); bytes[29] = UInt8(height >> 8)
        return bytes
    }
}
