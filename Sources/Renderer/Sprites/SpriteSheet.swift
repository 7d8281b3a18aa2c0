import Raster
import SourceData

/// One drawable image of a style (a sprite icon or an image added at runtime): premultiplied
/// pixels and how many of them make one CSS pixel.
public struct SpriteImage: Sendable {
    public let pixmap: Pixmap
    public let pixelRatio: Double
    public let sdf: Bool
    /// Stretch zones and content box for `icon-text-fit` (none for runtime images).
    public var stretch = SpriteStretch()

    public init(pixmap: Pixmap, pixelRatio: Double, sdf: Bool = false) {
        self.pixmap = pixmap; self.pixelRatio = pixelRatio > 0 && pixelRatio.isFinite ? pixelRatio : 1; self.sdf = sdf
    }

    var byteSize: Int { 64 + pixmap.data.count }
}

/// The images of a style's `sprite`: each entry of the `.json` index cut out of the `.png`,
/// named `id:icon` for every sprite of a sprite array except the one whose id is `default`
/// (MapLibre's naming). Entries that cannot be cut are left out with a warning; the sheet
/// itself never fails, so a broken sprite only loses its broken icons.
public struct SpriteSheet: Sendable {
    public private(set) var images: [String: SpriteImage] = [:]
    /// The image names (for `image` expressions and `coalesce`), computed once per sheet.
    public private(set) var names: Set<String> = []
    public private(set) var warnings: [String] = []
    /// The remote files the sheet was read from (asked again on each use, so they are
    /// revalidated and a changed one is noticed).
    public internal(set) var remoteFiles: [String] = []

    public init() {}

    /// Whether the sheet holds no image.
    public var isEmpty: Bool { images.isEmpty }

    var byteSize: Int { images.values.reduce(256) { $0 + $1.byteSize } }

    /// Adds the images of one sprite (`index` read from its `.json`, `sheet` its decoded
    /// `.png`), each name prefixed with `prefix` when given.
    public mutating func add(index: SpriteIndex, sheet: Pixmap, prefix: String? = nil) {
        for w in index.warnings { warn(w) }
        for e in index.entries {
            let name = prefix.map { "\($0):\(e.name)" } ?? e.name
            guard e.x >= 0, e.y >= 0, e.width > 0, e.height > 0,
                  e.x <= sheet.width - e.width, e.y <= sheet.height - e.height else {
                warn("sprite image \"\(name)\" lies outside the \(sheet.width)×\(sheet.height) sprite sheet; skipped")
                continue
            }
            var image = SpriteImage(pixmap: Self.crop(sheet, x: e.x, y: e.y, width: e.width, height: e.height),
                                    pixelRatio: e.pixelRatio, sdf: e.sdf)
            image.stretch = e.stretch
            insert(name, image)
        }
    }

    /// Records a problem of the sprite as a whole (a missing file, an unreadable PNG).
    public mutating func warn(_ message: String) {
        if warnings.count < 100 { warnings.append(message) }
    }

    mutating func insert(_ name: String, _ image: SpriteImage) {
        images[name] = image
        names.insert(name)
    }

    /// Copies a rectangle (checked by the caller to lie inside) row by row.
    static func crop(_ src: Pixmap, x: Int, y: Int, width: Int, height: Int) -> Pixmap {
        var bytes = [UInt8](repeating: 0, count: width * height * 4)
        let rowBytes = width * 4
        src.data.withUnsafeBufferPointer { s in
            bytes.withUnsafeMutableBufferPointer { d in
                for row in 0..<height {
                    let from = ((y + row) * src.width + x) * 4
                    d.baseAddress!.advanced(by: row * rowBytes).update(from: s.baseAddress!.advanced(by: from), count: rowBytes)
                }
            }
        }
        return Pixmap(width: width, height: height, premultipliedData: bytes)
    }
}
