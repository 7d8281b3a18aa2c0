import ImageCodec

/// The file format of a rendered image, chosen by the URL's extension (`.png`, `.webp`,
/// `.jpg`/`.jpeg`) and the `quality` query parameter. Part of the cache key and so of the
/// ETag: the same tile in two formats or qualities never shares a cache entry.
public enum ImageOutput: Sendable, Equatable, Hashable {
    case png
    /// nil: lossless; 1...100: lossy.
    case webp(quality: Int?)
    /// JPEG has no alpha: transparent pixels are composited over `background`.
    case jpeg(quality: Int, background: JPEGEncoder.Background)

    public static let defaultJPEGQuality = 85
    /// The extensions an image URL may end in.
    static let extensions = ["png", "webp", "jpg", "jpeg"]

    public var contentType: String {
        switch self {
        case .png: return "image/png"
        case .webp: return "image/webp"
        case .jpeg: return "image/jpeg"
        }
    }

    /// The TileJSON `format` / URL extension.
    public var fileExtension: String {
        switch self {
        case .png: return "png"
        case .webp: return "webp"
        case .jpeg: return "jpg"
        }
    }

    /// Appended to an image's cache key; empty for PNG so PNG keys and ETags stay as they were.
    var cacheKeySuffix: String {
        switch self {
        case .png: return ""
        case .webp(let q): return q.map { ".webp~q\($0)" } ?? ".webp"
        case .jpeg(let q, let bg): return ".jpg~q\(q)~bg\(bg.red),\(bg.green),\(bg.blue)"
        }
    }

    /// Splits "5@2x.webp" into ("5@2x", "webp"); a name without a known image extension is a
    /// 400 with `errorCode`.
    static func splitExtension(_ file: String, what: String, errorCode: String) throws -> (name: Substring, ext: String) {
        guard let dot = file.lastIndex(of: "."), extensions.contains(String(file[file.index(after: dot)...])) else {
            throw InvalidRequest("\(what) must end in .png, .webp, .jpg or .jpeg (got \"\(file)\")", code: errorCode)
        }
        return (file[..<dot], String(file[file.index(after: dot)...]))
    }

    /// The output for an extension and the raw `quality` query value; a bad quality, or a
    /// quality on PNG (which has none), is a 400 naming the rule.
    static func parse(ext: String, quality raw: String?, jpegBackground: JPEGEncoder.Background) throws -> ImageOutput {
        var quality: Int?
        if let raw {
            guard let q = TileRequest.plainInt(raw[...]), (1...100).contains(q) else {
                throw InvalidRequest("quality must be an integer from 1 to 100 (got \"\(raw)\")", code: "invalid_quality")
            }
            quality = q
        }
        switch ext {
        case "webp": return .webp(quality: quality)
        case "jpg", "jpeg": return .jpeg(quality: quality ?? defaultJPEGQuality, background: jpegBackground)
        default:
            if quality != nil {
                throw InvalidRequest("quality applies to .webp and .jpg images only; PNG is always lossless", code: "invalid_quality")
            }
            return .png
        }
    }
}
