import ArgumentParser
import Geo
import Renderer

/// The tiles a benchmark renders: every tile of a zoom range.
enum TileSet {
    /// Parses `0-5` or `3` into a zoom range (0...22).
    static func zoomRange(_ text: String) throws -> ClosedRange<Int> {
        guard let r = span(text, within: 0...22) else {
            throw ValidationError("--zooms takes N or A-B with A ≤ B in 0...22 (e.g. 0-5), got \"\(text)\"")
        }
        return r
    }

    /// `N` or `A-B` (A ≤ B) inside `bounds`; nil otherwise.
    static func span<S: StringProtocol>(_ text: S, within bounds: ClosedRange<Int>) -> ClosedRange<Int>? {
        let ends = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(ends.count), let lo = ends[0], let hi = ends.last!, lo <= hi,
              bounds.contains(lo), bounds.contains(hi) else { return nil }
        return lo...hi
    }

    /// Every tile of every zoom in `zooms`, row by row, as render cameras.
    static func tiles(_ zooms: ClosedRange<Int>) -> [TileID] {
        var out: [TileID] = []
        for z in zooms {
            for y in 0..<(1 << z) {
                for x in 0..<(1 << z) { out.append(TileID(z: z, x: x, y: y)!) }
            }
        }
        return out
    }

    /// Parses a block `z/x0-x1/y0-y1` (or `z/x/y`; several blocks separated by commas) into
    /// its tiles, row by row: the dense-city workloads (`14/8794-8797/5293-5296`).
    static func block(_ text: String) throws -> [TileID] {
        var out: [TileID] = []
        for item in text.split(separator: ",") {
            let parts = item.split(separator: "/").map(String.init)
            guard parts.count == 3, let z = Int(parts[0]), (0...22).contains(z) else {
                throw ValidationError("--tiles takes z/x0-x1/y0-y1 (e.g. 14/8794-8797/5293-5296), got \"\(item)\"")
            }
            func span(_ s: String) throws -> ClosedRange<Int> {
                guard let r = TileSet.span(s, within: 0...((1 << z) - 1)) else {
                    throw ValidationError("--tiles: \"\(s)\" is not a column or row range of zoom \(z)")
                }
                return r
            }
            let xs = try span(parts[1]), ys = try span(parts[2])
            guard xs.count * ys.count <= 65536 else { throw ValidationError("--tiles: at most 65,536 tiles per block") }
            for y in ys { for x in xs { out.append(TileID(z: z, x: x, y: y)!) } }
        }
        guard !out.isEmpty else { throw ValidationError("--tiles names no tile") }
        return out
    }

    static func cameras(_ tiles: [TileID], tileSize: Int) -> [Camera] {
        tiles.map { Camera.tile($0, tileSize: tileSize) }
    }
}
