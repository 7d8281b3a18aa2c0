import Foundation
import JSON

/// Where a style listed in a tileserver-gl config finds its sprite and glyphs: tileserver-gl
/// reads a relative `sprite` under `paths.sprites` (with `{style}` and `{styleJsonFolder}`
/// filled in) and every local `glyphs` under `paths.fonts`, while Strata resolves relative
/// URLs against the data directory (`paths.root`). `adapt` rewrites a style file's URLs to
/// the same files, relative to the root, as it is read.
public struct TileserverGLStyleURLs: Sendable, Equatable {
    /// Absolute folders of the config (`paths.root`, `paths.sprites`, `paths.fonts`; the
    /// last two are the root when the config does not name them, as in tileserver-gl).
    var root: String, sprites: String, fonts: String

    /// `style` (read from `file`) with a relative `sprite` (or sprite array entries' `url`)
    /// and a non-http `glyphs` pointed where tileserver-gl would read them, when that is
    /// inside the root (elsewhere the data directory could not reach them: kept as written).
    func adapt(_ style: JSONValue, file: String) -> JSONValue {
        guard case .object(var o) = style else { return style }
        if let s = o["sprite"]?.stringValue, let url = spriteURL(s, file: file) { o["sprite"] = .string(url) }
        if case .array(let entries)? = o["sprite"] {
            o["sprite"] = .array(entries.map { entry in
                guard case .object(var e) = entry, let s = e["url"]?.stringValue, let url = spriteURL(s, file: file) else { return entry }
                e["url"] = .string(url)
                return .object(e)
            })
        }
        if let g = o["glyphs"]?.stringValue, !Self.isRemote(g), let base = relative(fonts) {
            o["glyphs"] = .string((base.isEmpty ? "" : base + "/") + "{fontstack}/{range}.pbf")
        }
        return .object(o)
    }

    func spriteURL(_ s: String, file: String) -> String? {
        guard !Self.isRemote(s) else { return nil }
        let styleFolder = URL(fileURLWithPath: file).deletingLastPathComponent().standardizedFileURL.path
        let name = URL(fileURLWithPath: file).deletingPathExtension().lastPathComponent
        let filled = s.replacingOccurrences(of: "{style}", with: name)
            .replacingOccurrences(of: "{styleJsonFolder}", with: Self.relativePath(from: sprites, to: styleFolder))
        // As Node's path.join: a leading "/" of the sprite is a separator, not the filesystem root.
        let joined = URL(fileURLWithPath: sprites).appendingPathComponent(String(filled.drop { $0 == "/" })).standardizedFileURL.path
        return relative(joined)
    }

    /// `path` relative to the root ("" for the root itself), nil when it lies outside.
    func relative(_ path: String) -> String? {
        if path == root { return "" }
        return path.hasPrefix(root + "/") ? String(path.dropFirst(root.count + 1)) : nil
    }

    static func isRemote(_ url: String) -> Bool { url.contains("://") }

    /// The relative path from folder `from` to folder `to` ("../x" when `to` is beside `from`).
    static func relativePath(from: String, to: String) -> String {
        let a = from.split(separator: "/"), b = to.split(separator: "/")
        var common = 0
        while common < min(a.count, b.count), a[common] == b[common] { common += 1 }
        return (Array(repeating: "..", count: a.count - common) + b[common...].map(String.init)).joined(separator: "/")
    }
}
