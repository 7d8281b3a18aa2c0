import Foundation

/// A minimal PNG writer/reader for the reference images: 8-bit RGBA, no filtering, zlib
/// "stored" (uncompressed) blocks, CRC-32 and Adler-32 computed here. It reads only what it
/// writes (stored deflate), which is all the references need; libpng reads these files too.
enum TestPNG {
    struct FormatError: Error, CustomStringConvertible { let description: String }

    static func encode(width: Int, height: Int, straightRGBA: [UInt8]) -> Data {
        precondition(straightRGBA.count == width * height * 4)
        var raw = [UInt8]()
        raw.reserveCapacity((width * 4 + 1) * height)
        for y in 0..<height {
            raw.append(0)   // filter type None
            raw.append(contentsOf: straightRGBA[(y * width * 4)..<((y + 1) * width * 4)])
        }
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            let last: UInt8 = i + n == raw.count ? 1 : 0
            z.append(last)
            z.append(UInt8(n & 0xFF)); z.append(UInt8(n >> 8))
            z.append(UInt8(~n & 0xFF)); z.append(UInt8((~n >> 8) & 0xFF))
            z.append(contentsOf: raw[i..<(i + n)])
            i += n
        } while i < raw.count
        z.append(contentsOf: bigEndian(adler32(raw)))
        var out = Data([0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        var ihdr = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        ihdr += [8, 6, 0, 0, 0]
        out.append(chunk("IHDR", ihdr))
        out.append(chunk("IDAT", z))
        out.append(chunk("IEND", []))
        return out
    }

    /// Returns (width, height, straight RGBA) of a PNG written by `encode`.
    static func decode(_ data: Data) throws -> (Int, Int, [UInt8]) {
        let b = [UInt8](data)
        guard b.count > 8, b[0..<8] == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A] else { throw FormatError(description: "not a PNG") }
        var pos = 8, width = 0, height = 0
        var idat = [UInt8]()
        while pos + 8 <= b.count {
            let len = Int(readBE(b, pos)), type = String(decoding: b[(pos + 4)..<(pos + 8)], as: UTF8.self)
            guard pos + 12 + len <= b.count else { throw FormatError(description: "truncated chunk") }
            let body = Array(b[(pos + 8)..<(pos + 8 + len)])
            if type == "IHDR" {
                width = Int(readBE(body, 0)); height = Int(readBE(body, 4))
                guard body[8] == 8, body[9] == 6 else { throw FormatError(description: "not 8-bit RGBA") }
            } else if type == "IDAT" {
                idat += body
            }
            pos += 12 + len
        }
        var raw = [UInt8]()
        var i = 2
        while i < idat.count {
            let header = idat[i]
            guard header & 6 == 0 else { throw FormatError(description: "compressed deflate block (only stored blocks are read)") }
            let n = Int(idat[i + 1]) | Int(idat[i + 2]) << 8
            raw += idat[(i + 5)..<(i + 5 + n)]
            i += 5 + n
            if header & 1 == 1 { break }
        }
        let stride = width * 4 + 1
        guard raw.count == stride * height else { throw FormatError(description: "bad image data size") }
        var out = [UInt8]()
        out.reserveCapacity(width * height * 4)
        for y in 0..<height {
            guard raw[y * stride] == 0 else { throw FormatError(description: "filtered row") }
            out += raw[(y * stride + 1)..<((y + 1) * stride)]
        }
        return (width, height, out)
    }

    private static func chunk(_ type: String, _ body: [UInt8]) -> Data {
        let t = Array(type.utf8)
        var d = Data(bigEndian(UInt32(body.count)))
        d.append(contentsOf: t); d.append(contentsOf: body)
        d.append(contentsOf: bigEndian(crc32(t + body)))
        return d
    }

    private static func bigEndian(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    private static func readBE(_ b: [UInt8], _ i: Int) -> UInt32 {
        UInt32(b[i]) << 24 | UInt32(b[i + 1]) << 16 | UInt32(b[i + 2]) << 8 | UInt32(b[i + 3])
    }

    private static let crcTable: [UInt32] = (0..<256).map { n -> UInt32 in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in bytes { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in bytes { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }
}
