import Foundation
import JSON
import PNGCodec
import Raster
import SourceData

/// Reads a style's `sprite` from the data directory: a URL, or MapLibre's array of
/// `{id, url}`; each URL gets `@2x` for pixel ratios above 1 (falling back to the plain
/// files when no `@2x` pair exists) and `.json` / `.png`. Every URL resolves inside the data
/// directory like any style URL; remote and refused URLs, missing and broken files become
/// warnings on the sheet, never errors: a style without its sprite still draws.
enum SpriteLoader {
    /// Largest sprite PNG decoded (pixels) and largest index read (bytes).
    static let maxSheetPixels = 4096 * 4096
    static let maxIndexBytes = 8 << 20

    /// The `(id, url)` pairs of a `sprite` value; nil when it names none.
    static func sources(_ value: JSONValue?) -> [(id: String, url: String)]? {
        switch value {
        case .string(let url)? where !url.isEmpty:
            return [("default", url)]
        case .array(let items)?:
            let pairs = items.compactMap { item -> (id: String, url: String)? in
                guard let id = item["id"]?.stringValue, let url = item["url"]?.stringValue, !url.isEmpty else { return nil }
                return (id, url)
            }
            return pairs.isEmpty ? nil : pairs
        default:
            return nil
        }
    }

    /// Loads every sprite of `value` into one sheet. Throws only when a remote file is not
    /// held yet or failed upstream: such a sheet is not kept, the server fetches and renders again.
    static func load(_ value: JSONValue?, highDensity: Bool, directory: DataDirectory?) throws -> SpriteSheet {
        var sheet = SpriteSheet()
        guard let sources = sources(value) else { return sheet }
        guard let directory else {
            sheet.warn("the style's sprite is not loaded: the server has no data directory")
            return sheet
        }
        for (id, url) in sources {
            try loadOne(url, prefix: id == "default" ? nil : id, highDensity: highDensity, directory: directory, into: &sheet)
        }
        return sheet
    }

    private static func loadOne(_ url: String, prefix: String?, highDensity: Bool, directory: DataDirectory,
                                into sheet: inout SpriteSheet) throws {
        let shown = SpriteIndex.printable(url)
        var pair: (index: [UInt8], png: [UInt8])?
        do {
            if highDensity { pair = try read(url, suffix: "@2x", directory, &sheet.remoteFiles) }
            if pair == nil { pair = try read(url, suffix: "", directory, &sheet.remoteFiles) }
        } catch let e as RemoteResourceMissing {
            throw e
        } catch let e as RemoteResourceFailed {
            throw e
        } catch {
            sheet.warn("sprite \"\(shown)\" is not loaded: \(error)")
            return
        }
        guard let pair else {
            sheet.warn("sprite \"\(shown)\" is not loaded: its .json and .png files are missing")
            return
        }
        let image: DecodedImage
        do {
            image = try PNGDecoder.decode(pair.png, maxPixels: maxSheetPixels)
        } catch {
            sheet.warn("sprite \"\(shown)\": its .png is not a readable PNG (\(error))")
            return
        }
        let pixmap = Pixmap(width: image.width, height: image.height, premultipliedData: image.premultipliedRGBA)
        let index = SpriteIndex.parse(pair.index, sheetWidth: image.width, sheetHeight: image.height)
        sheet.add(index: index, sheet: pixmap, prefix: prefix)
    }

    /// Both files of one variant, nil when either is missing. Throws for refused URLs.
    /// `remoteFiles` receives the remote URLs read.
    private static func read(_ url: String, suffix: String, _ directory: DataDirectory,
                             _ remoteFiles: inout [String]) throws -> (index: [UInt8], png: [UInt8])? {
        guard let json = try file(url, suffix + ".json", directory, limit: maxIndexBytes, &remoteFiles),
              let png = try file(url, suffix + ".png", directory, limit: 256 << 20, &remoteFiles) else { return nil }
        return (json, png)
    }

    private static func file(_ url: String, _ ending: String, _ directory: DataDirectory, limit: Int,
                             _ remoteFiles: inout [String]) throws -> [UInt8]? {
        let resource = try directory.resolve(variant(url, ending))
        if case .remote(let remoteURL) = resource { remoteFiles.append(remoteURL) }
        return try directory.bytes(of: resource, kind: .sprite, limit: limit)
    }

    /// `url` with `ending` inserted before a query or fragment (`sprites/a?v=2` → `sprites/a@2x.json?v=2`).
    static func variant(_ url: String, _ ending: String) -> String {
        guard let cut = url.firstIndex(where: { $0 == "?" || $0 == "#" }) else { return url + ending }
        return String(url[..<cut]) + ending + String(url[cut...])
    }
}
