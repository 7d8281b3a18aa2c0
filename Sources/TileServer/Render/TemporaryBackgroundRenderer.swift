import JSON

/// TEMPORARY stand-in until the lead's `Renderer` is wired in: draws only the style's first
/// visible `background` layer's constant `background-color` (hex or rgb()/rgba()), as a
/// solid PNG. Everything else in the style is ignored. Remove when `Renderer` lands.
public struct TemporaryBackgroundRenderer: TileRenderer {
    public init() {}

    public func renderTile(style: LiveStyle, tile: TileRequest, budget: RenderBudget) throws -> [UInt8] {
        try budget.check()
        return SolidPNG.encode(width: tile.pixelSize, height: tile.pixelSize, rgba: Self.backgroundColor(style.json))
    }

    public func renderStatic(style: LiveStyle, view: StaticView, budget: RenderBudget) throws -> [UInt8] {
        try budget.check()
        return SolidPNG.encode(width: view.pixelWidth, height: view.pixelHeight, rgba: Self.backgroundColor(style.json))
    }

    static func backgroundColor(_ style: JSONValue) -> (UInt8, UInt8, UInt8, UInt8) {
        for layer in style["layers"]?.arrayValue ?? [] where layer["type"]?.stringValue == "background" {
            if layer["layout"]?["visibility"]?.stringValue == "none" { continue }
            let opacity = layer["paint"]?["background-opacity"]?.numberValue ?? 1
            guard let css = layer["paint"]?["background-color"]?.stringValue, let c = parseColor(css) else { return (0, 0, 0, 0) }
            return (c.0, c.1, c.2, UInt8((Double(c.3) * min(max(opacity, 0), 1)).rounded()))
        }
        return (0, 0, 0, 0)
    }

    static func parseColor(_ css: String) -> (UInt8, UInt8, UInt8, UInt8)? {
        let s = css.lowercased().filter { $0 != " " }
        if s.hasPrefix("#") {
            let h = Array(s.dropFirst())
            func hex(_ c: Character) -> UInt8? { c.hexDigitValue.map(UInt8.init) }
            if h.count == 3 || h.count == 4, let d = Optional(h.compactMap(hex)), d.count == h.count {
                return (d[0] * 17, d[1] * 17, d[2] * 17, h.count == 4 ? d[3] * 17 : 255)
            }
            if h.count == 6 || h.count == 8, let d = Optional(h.compactMap(hex)), d.count == h.count {
                return (d[0] << 4 | d[1], d[2] << 4 | d[3], d[4] << 4 | d[5], h.count == 8 ? d[6] << 4 | d[7] : 255)
            }
            return nil
        }
        for prefix in ["rgba(", "rgb("] where s.hasPrefix(prefix) && s.hasSuffix(")") {
            let parts = s.dropFirst(prefix.count).dropLast().split(separator: ",").compactMap { Double($0) }
            guard parts.count >= 3 else { return nil }
            let c = parts.prefix(3).map { UInt8(min(max($0, 0), 255).rounded()) }
            let a = parts.count > 3 ? UInt8((min(max(parts[3], 0), 1) * 255).rounded()) : 255
            return (c[0], c[1], c[2], a)
        }
        switch s {
        case "white": return (255, 255, 255, 255)
        case "black": return (0, 0, 0, 255)
        case "transparent": return (0, 0, 0, 0)
        default: return nil
        }
    }
}

/// A single-colour PNG written directly (1-bit palette + tRNS, stored deflate blocks): part of
/// the temporary renderer above.
enum SolidPNG {
    static func encode(width: Int, height: Int, rgba: (UInt8, UInt8, UInt8, UInt8)) -> [UInt8] {
        var out: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var ihdr: [UInt8] = []
        be32(&ihdr, UInt32(width)); be32(&ihdr, UInt32(height))
        ihdr += [1, 3, 0, 0, 0]  // bit depth 1, palette
        chunk(&out, "IHDR", ihdr)
        chunk(&out, "PLTE", [rgba.0, rgba.1, rgba.2])
        chunk(&out, "tRNS", [rgba.3])
        let rowBytes = 1 + (width + 7) / 8
        var raw = [UInt8](repeating: 0, count: rowBytes * height)  // filter 0, index 0
        raw.reserveCapacity(raw.count)
        var z: [UInt8] = [0x78, 0x01]
        var i = 0
        repeat {
            let n = min(65535, raw.count - i)
            z.append(i + n == raw.count ? 1 : 0)
            z += [UInt8(n & 0xFF), UInt8(n >> 8), UInt8(~n & 0xFF), UInt8((~n >> 8) & 0xFF)]
            z += raw[i..<(i + n)]
            i += n
        } while i < raw.count
        be32(&z, adler32(raw))
        chunk(&out, "IDAT", z)
        chunk(&out, "IEND", [])
        return out
    }

    static func be32(_ a: inout [UInt8], _ v: UInt32) {
        a += [UInt8(v >> 24), UInt8((v >> 16) & 0xFF), UInt8((v >> 8) & 0xFF), UInt8(v & 0xFF)]
    }

    static func chunk(_ out: inout [UInt8], _ type: String, _ data: [UInt8]) {
        be32(&out, UInt32(data.count))
        let td = Array(type.utf8) + data
        out += td
        be32(&out, crc32(td))
    }

    static let crcTable: [UInt32] = (0..<256).map { n in
        var c = UInt32(n)
        for _ in 0..<8 { c = c & 1 != 0 ? 0xEDB8_8320 ^ (c >> 1) : c >> 1 }
        return c
    }

    static func crc32(_ d: [UInt8]) -> UInt32 {
        var c: UInt32 = 0xFFFF_FFFF
        for b in d { c = crcTable[Int((c ^ UInt32(b)) & 0xFF)] ^ (c >> 8) }
        return c ^ 0xFFFF_FFFF
    }

    static func adler32(_ d: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for x in d { a = (a + UInt32(x)) % 65521; b = (b + a) % 65521 }
        return b << 16 | a
    }
}
