import ArgumentParser
import Geo
import Renderer

/// The tiles a benchmark renders: every tile of a zoom range.
enum TileSet {
    /// Parses `0-5` or `3` into a zoom range (0...22).
    static func zoomRange(_ text: String) throws -> ClosedRange<Int> {
        let parts = text.split(separator: "-", omittingEmptySubsequences: false).map { Int($0.trimmingCharacters(in: .whitespaces)) }
        guard (1...2).contains(parts.count), parts.allSatisfy({ $0 != nil }) else {
            throw ValidationError("--zooms takes N or A-B (e.g. 0-5), got \"\(text)\"")
        }
        let lo = parts[0]!, hi = parts.last!!
        guard lo >= 0, hi <= 22, lo <= hi else { throw ValidationError("--zooms must lie in 0...22 with A ≤ B, got \"\(text)\"") }
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

    static func cameras(_ tiles: [TileID], tileSize: Int) -> [Camera] {
        tiles.map { Camera.tile($0, tileSize: tileSize) }
    }
}
