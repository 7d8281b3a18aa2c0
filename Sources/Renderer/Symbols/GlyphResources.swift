import Foundation
import SourceData

/// The glyphs of one fontstack's range, by code point.
struct GlyphTable: Sendable {
    let glyphs: [UInt32: SDFGlyph]
    static let empty = GlyphTable(glyphs: [:])

    var byteSize: Int { glyphs.values.reduce(64) { $0 + 48 + $1.bitmap.count } }
}

/// Glyph ranges labels need: MapLibre glyph PBFs from the style's `glyphs` template
/// (`.../{fontstack}/{range}.pbf`), resolved inside the data directory like every URL and
/// decoded once per (template, fontstack, range) into a byte-budget cache. A missing or
/// broken range is an empty one with a warning: its glyphs do not draw, the render goes on.
public final class GlyphResources: Sendable {
    private let cache: SourceCache<GlyphTable>
    /// Largest glyph PBF read (a range of 256 glyphs is ~100 KB).
    static let maxFileBytes = 4 << 20

    public init(byteBudget: Int = 64 << 20) {
        cache = SourceCache(byteBudget: byteBudget, cost: { $0.byteSize })
    }

    func table(template: String, fontstack: String, range: GlyphRange, directory: DataDirectory?,
               warnings: TileWarnings) -> GlyphTable {
        let url = template.replacingOccurrences(of: "{fontstack}", with: fontstack)
            .replacingOccurrences(of: "{range}", with: range.description)
        return (try? cache.value(for: url) {
            guard let directory, case .file(let path)? = try? directory.resolve(url),
                  let bytes = try? directory.read(path, limit: Self.maxFileBytes) else {
                warnings.add("glyphs \(url) are not readable")
                return .empty
            }
            var problems: [String] = []
            do {
                let stacks = try GlyphPBF.decode(bytes, warnings: &problems)
                for p in problems.prefix(3) { warnings.add("glyphs \(url): \(p)") }
                var glyphs: [UInt32: SDFGlyph] = [:]
                for s in stacks { for g in s.glyphs where glyphs[g.id] == nil { glyphs[g.id] = g } }
                return GlyphTable(glyphs: glyphs)
            } catch {
                warnings.add("glyphs \(url): \(error)")
                return .empty
            }
        }) ?? .empty
    }
}
