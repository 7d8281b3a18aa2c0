/// A minimal PNG writer for decoder tests, independent of libpng: any colour type and
/// bit depth, optional Adam7 interlacing, filter type 0 and stored (uncompressed) zlib
/// blocks. Samples are given per pixel per channel at the file's bit depth.
enum RawPNGWriter {
    static let signature: [UInt8] = [137, 80, 78, 71, 13, 10, 26, 10]

    static func file(width: Int, height: Int, colourType: UInt8, bitDepth: Int, samples: [UInt16],
                     interlaced: Bool = false, palette: [[UInt8]]? = nil, trns: [UInt8]? = nil) -> [UInt8] {
        let channels = channelCount(colourType)
        precondition(samples.count == width * height * channels)
        var out = signature
        out += chunk("IHDR", be32(UInt32(width)) + be32(UInt32(height)) + [UInt8(bitDepth), colourType, 0, 0, interlaced ? 1 : 0])
        if let palette { out += chunk("PLTE", Array(palette.joined())) }
        if let trns { out += chunk("tRNS", trns) }
        var raw = [UInt8]()
        let passes: [(Int, Int, Int, Int)] = interlaced
            ? [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]
            : [(0, 0, 1, 1)]
        for (x0, y0, dx, dy) in passes {
            let xs = Array(stride(from: x0, to: width, by: dx)), ys = Array(stride(from: y0, to: height, by: dy))
            if xs.isEmpty || ys.isEmpty { continue }
            for y in ys {
                raw.append(0)
                raw += packRow(xs.flatMap { x in (0..<channels).map { samples[(y * width + x) * channels + $0] } }, bitDepth: bitDepth)
            }
        }
        out += chunk("IDAT", zlibStored(raw))
        out += chunk("IEND", [])
        return out
    }

    static func channelCount(_ colourType: UInt8) -> Int {
        switch colourType {
        case 0, 3: 1
        case 4: 2
        case 2: 3
        default: 4
        }
    }

    static func packRow(_ values: [UInt16], bitDepth: Int) -> [UInt8] {
        switch bitDepth {
        case 16: return values.flatMap { [UInt8($0 >> 8), UInt8($0 & 0xFF)] }
        case 8: return values.map { UInt8($0) }
        default:
            var bytes = [UInt8](repeating: 0, count: (values.count * bitDepth + 7) / 8)
            for (i, v) in values.enumerated() {
                let bit = i * bitDepth
                bytes[bit / 8] |= UInt8(v) << UInt8(8 - bitDepth - bit % 8)
            }
            return bytes
        }
    }

    static func chunk(_ type: String, _ data: [UInt8]) -> [UInt8] {
        let body = Array(type.utf8) + data
        return be32(UInt32(data.count)) + body + be32(crc32(body))
    }

    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var out: [UInt8] = [0x78, 0x01]
        var offset = 0
        repeat {
            let n = min(65535, data.count - offset)
            let final: UInt8 = offset + n == data.count ? 1 : 0
            out += [final, UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            out += data[offset..<(offset + n)]
            offset += n
        } while offset < data.count
        return out + be32(adler32(data))
    }

    static func be32(_ v: UInt32) -> [UInt8] { [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)] }

    static func crc32(_ bytes: [UInt8]) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for b in bytes {
            crc ^= UInt32(b)
            for _ in 0..<8 { crc = crc & 1 != 0 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    static func adler32(_ bytes: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for v in bytes {
            a = (a + UInt32(v)) % 65521
            b = (b + a) % 65521
        }
        return b << 16 | a
    }
}
