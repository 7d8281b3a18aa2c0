import Fonts
import Foundation
import JSON
import SourceData

/// The glyphs of one fontstack's range, by code point: decoded from a glyph PBF, or made from
/// the fonts directory as labels ask for them.
struct GlyphTable: Sendable {
    private let decoded: [UInt32: SDFGlyph]
    private let fromFonts: FontRangeGlyphs?
    /// A block of a face's glyphs by id (shaped text).
    private let fromFace: FaceGlyphs?
    let byteSize: Int

    init(glyphs: [UInt32: SDFGlyph]) {
        decoded = glyphs
        fromFonts = nil
        fromFace = nil
        byteSize = glyphs.values.reduce(64) { $0 + 48 + $1.bitmap.count }
    }

    init(fonts: FontRangeGlyphs) {
        decoded = [:]
        fromFonts = fonts
        fromFace = nil
        byteSize = fonts.byteSize
    }

    init(face: FaceGlyphs) {
        decoded = [:]
        fromFonts = nil
        fromFace = face
        byteSize = face.byteSize
    }

    static let empty = GlyphTable(glyphs: [:])

    /// A glyph by code point, or by glyph id in a table of a face's glyphs.
    func glyph(_ codePoint: UInt32) -> SDFGlyph? {
        if let fromFace { return fromFace.glyph(codePoint) }
        if let fromFonts { return fromFonts.glyph(codePoint) }
        return decoded[codePoint]
    }
}

/// Glyph ranges labels need: MapLibre glyph PBFs from the style's `glyphs` template
/// (`.../{fontstack}/{range}.pbf`), resolved inside the data directory like every URL and
/// decoded once per (template, fontstack, range) into a byte-budget cache. Without a template,
/// or when its file is missing, the range comes from the fonts directory (FreeType SDF
/// glyphs, as `GET /fonts` serves them, each made on first use; without a template, from its
/// default sans face when the stack names none of its fonts). A range neither has is empty, with a warning: its
/// glyphs do not draw, the render goes on.
public final class GlyphResources: Sendable {
    let cache: SourceCache<GlyphTable>
    /// Largest glyph PBF read (a range of 256 glyphs is ~100 KB).
    static let maxFileBytes = 4 << 20
    /// The fonts directory (scanned on first use; the server shares it with `/fonts`).
    public let library: FontLibrary?
    private let faceSetLock = NSLock()
    nonisolated(unsafe) private var faceSets: [String: (StyleFontFaces, [String])] = [:]
    nonisolated(unsafe) private var openedFaces: [String: FreeTypeFace?] = [:]
    nonisolated(unsafe) private var remoteFaceKeys: [String] = []

    public init(byteBudget: Int = RenderCacheBudgets.default.glyphs, fonts: FontLibrary?) {
        cache = SourceCache(byteBudget: byteBudget, cost: { $0.byteSize })
        library = fonts
    }

    /// `fontsDirectory`: a folder of TTF/OTF fonts ("" or nil for none).
    public convenience init(byteBudget: Int = RenderCacheBudgets.default.glyphs, fontsDirectory: String? = nil) {
        self.init(byteBudget: byteBudget, fonts: fontsDirectory.flatMap { $0.isEmpty ? nil : FontLibrary(path: $0) })
    }

    private var fonts: FontDirectory? { library?.directory }

    /// A style without a `glyphs` template has MapLibre draw every glyph with a local font,
    /// the browser's default sans-serif when the fontstack names none it has: here the fonts
    /// directory's default sans face. With a template, a missing range stays empty.
    private func localFallback(template: String?, range: GlyphRange) -> FontRangeGlyphs? {
        guard template == nil, let fonts, let name = fonts.defaultSansName else { return nil }
        return FontRangeGlyphs(directory: fonts, fontstack: [name], range: range)
    }

    /// The resource a glyph URL names; a URL the data directory refuses (a symbolic link out of
    /// it, `..`) is warned about, since its labels then fall back to the fonts directory.
    private static func resolve(_ url: String, in directory: DataDirectory, warnings: TileWarnings) -> ResolvedResource? {
        do {
            return try directory.resolve(url)
        } catch {
            warnings.add("glyphs \(url) are refused (\(error)); labels use the fonts directory's glyphs")
            return nil
        }
    }

    /// The HarfBuzz shaper of a fontstack when its glyphs come from font files: the style has
    /// no `glyphs` template and the fonts directory has one of its fonts (else its default
    /// sans face, as `localFallback` draws); nil when glyph PBFs draw it.
    func shaper(template: String?, fontstack: String) -> FontStackShaper? {
        shaper(template: template, fontstack: fontstack, fontFaces: nil, directory: nil, warnings: nil)
    }

    /// The same with the style's `font-faces`: a fontstack naming one of its fonts is shaped
    /// from its files whatever the template.
    func shaper(template: String?, fontstack: String, fontFaces: JSONValue?, directory: DataDirectory?,
                warnings: TileWarnings?) -> FontStackShaper? {
        if let fontFaces, let shaper = faces(fontFaces, directory: directory, warnings: warnings).shaper(fontstack: fontstack) {
            return shaper
        }
        guard template == nil, let fonts else { return nil }
        let names = fontstack.split(separator: ",").map(String.init)
        return fonts.shaper(for: names) ?? fonts.defaultSansName.flatMap { fonts.shaper(for: [$0]) }
    }

    /// A style's `font-faces` opened, kept per value (a few styles at a time); its problems
    /// are warned about on every render that reads it.
    private func faces(_ value: JSONValue, directory: DataDirectory?, warnings: TileWarnings?) -> StyleFontFaces {
        let key = value.serialized() + "|" + (directory?.root ?? "") + (directory?.remoteGenerationKey ?? "")
        let known: (StyleFontFaces, [String])? = faceSetLock.withLock { faceSets[key] }
        if let known {
            for p in known.1 { warnings?.add(p) }
            return known.0
        }
        var problems: [String] = []
        let generation = directory?.remoteGenerationKey ?? ""
        let set = StyleFontFaces(value, directory: directory, fallback: fonts, open: openFace,
                                 openRemote: { url, bytes in
                                     self.openFace(url + generation, limit: 8) { FreeTypeFace(bytes: bytes, name: url) } },
                                 problems: &problems)
        for p in problems { warnings?.add(p) }
        guard !set.incomplete else { return set }
        faceSetLock.withLock {
            if faceSets.count >= 16 { faceSets.removeAll() }
            faceSets[key] = (set, problems)
        }
        return set
    }

    /// A font file opened once (faces of `font-faces` files are shared by every style naming them).
    private func openFace(_ path: String) -> FreeTypeFace? {
        openFace(path, limit: 256) { FreeTypeFace(path: path) }
    }

    /// A face opened once per key (a path, or a remote URL and the bodies' generation); at most
    /// `limit` such faces are kept (remote ones hold their bytes in memory: a few).
    private func openFace(_ path: String, limit: Int, _ make: () -> FreeTypeFace?) -> FreeTypeFace? {
        if let known = faceSetLock.withLock({ openedFaces[path] }) { return known }
        let face = make()
        let remote = limit < 256
        faceSetLock.withLock {
            if remote, remoteFaceKeys.count >= limit {
                for k in remoteFaceKeys { openedFaces[k] = nil }
                remoteFaceKeys.removeAll()
            }
            if openedFaces.count >= 256 { openedFaces.removeAll(); remoteFaceKeys.removeAll() }
            openedFaces[path] = .some(face)
            if remote { remoteFaceKeys.append(path) }
        }
        return face
    }

    /// Glyph `id` of `face` (shaped text), its block made on first use.
    func glyph(_ id: UInt32, of face: FreeTypeFace) -> SDFGlyph? {
        let table = try? cache.value(for: FaceGlyphs.key(face, id)) { GlyphTable(face: FaceGlyphs(face: face)) }
        return table?.glyph(id)
    }

    /// nil while a remote range is not fetched yet: callers keep asking (each ask is recorded
    /// for the render), and never keep nil as the range's glyphs.
    func table(template: String?, fontstack: String, range: GlyphRange, directory: DataDirectory?,
               warnings: TileWarnings) -> GlyphTable? {
        let url = template.map { $0.replacingOccurrences(of: "{fontstack}", with: fontstack)
            .replacingOccurrences(of: "{range}", with: range.description) }
        // A remote range is asked again on each use (revalidated once stale); when it changes,
        // the generation in the key does.
        if let url, url.contains("://"), let directory, case .remote(let remoteURL)? = try? directory.resolve(url) {
            directory.touchRemote(remoteURL, kind: .glyphs)
        }
        return (try? cache.value(for: (url ?? "fonts|\(fontstack)|\(range)") + (directory?.remoteGenerationKey ?? "")) {
            var held: [UInt8]?
            if let url, let directory, let resource = Self.resolve(url, in: directory, warnings: warnings) {
                do {
                    held = try directory.bytes(of: resource, kind: .glyphs, limit: Self.maxFileBytes)
                } catch let e as RemoteResourceMissing {
                    throw e                  // fetched by the server, then rendered again
                } catch {
                    held = nil               // unreadable or failed upstream: the fonts directory's glyphs
                }
            }
            guard let url, let bytes = held else {
                let names = fontstack.split(separator: ",").map(String.init)
                if let fonts, let glyphs = FontRangeGlyphs(directory: fonts, fontstack: names, range: range)
                    ?? localFallback(template: template, range: range) {
                    return GlyphTable(fonts: glyphs)
                }
                warnings.add(url.map { "glyphs \($0) are not readable" } ?? "no glyphs for \(fontstack) \(range): no glyph template and no such font")
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
        })
    }
}
