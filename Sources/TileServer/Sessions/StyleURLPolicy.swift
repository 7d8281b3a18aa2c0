import Foundation
import JSON
import SourceData
import StyleSpec

/// Every URL a style can carry (source `data`/`url`/`tiles`/`urls`, root `sprite` and
/// `glyphs`) must resolve inside the data directory, name a configured archive or an allowed
/// remote host. Checked whenever a style enters a session or changes, so a refused URL is a
/// 400 with the JSON pointer of the offending value and the session stays as it was.
struct StyleURLPolicy: Sendable {
    let directory: DataDirectory

    /// Checks `style`; with `previous`, only sources and root keys that changed are re-checked.
    func check(_ style: Style, previous: Style? = nil) throws {
        // An imported style's URLs obey the same policy; errors point into the import.
        for (i, imp) in style.imports.enumerated() where previous?.styleImport(imp.id) !== imp {
            do { try check(imp.style) } catch let e as StyleError {
                let at = JSONPointer(["imports", String(i)])
                if let url = imp.url {
                    throw StyleError(path: at / "url", message: "in \"\(url)\" at \(e.path): \(e.message)", code: e.code)
                }
                throw e.prefixed(by: at / "data")
            }
        }
        for source in style.sources {
            if let old = previous?.source(source.id), old.contentHash == source.contentHash { continue }
            let base = JSONPointer(["sources", source.id])
            if source.type == .geojson, case .string(let url)? = source.json["data"] {
                try resolve(url, at: base / "data")
            }
            if case .string(let url)? = source.json["url"] { try resolve(url, at: base / "url") }
            for key in ["tiles", "urls"] {
                guard case .array(let items)? = source.json[key] else { continue }
                for (i, item) in items.enumerated() {
                    if case .string(let url) = item { try resolve(url, at: base / key / i) }
                }
            }
        }
        for key in ["sprite", "glyphs"] {
            guard let value = style[rootKey: key], value != previous?[rootKey: key] else { continue }
            switch value {
            case .string(let url): try resolve(url, at: JSONPointer([key]))
            case .array(let items):
                for (i, item) in items.enumerated() {
                    if case .string(let url)? = item["url"] { try resolve(url, at: JSONPointer([key, String(i), "url"])) }
                }
            default: break
            }
        }
    }

    /// Template tokens (`{z}`, `{fontstack}`, …) are filled with a neutral value first: the
    /// check is about where the path can lead, not about one tile. An archive named as
    /// `mbtiles://{id}` (tileserver-gl's data id) is no template and is checked as written.
    private func resolve(_ url: String, at path: JSONPointer) throws {
        var concrete = url
        let isArchiveID = (url.hasPrefix("mbtiles://{") || url.hasPrefix("pmtiles://{")) && url.hasSuffix("}")
        while !isArchiveID, let open = concrete.range(of: "{"), let close = concrete.range(of: "}", range: open.upperBound..<concrete.endIndex) {
            concrete.replaceSubrange(open.lowerBound..<close.upperBound, with: "0")
        }
        do { _ = try directory.resolve(concrete) } catch let e as DataPathError {
            throw StyleError(path: path, message: e.message, code: e.code)
        }
    }
}
