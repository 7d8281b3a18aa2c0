import Foundation

/// Problems met while loading tiles and images that a render silently skips (a JPEG raster
/// tile, a corrupt vector tile), kept so tools and the server can say why something is
/// missing. Distinct messages only, capped; thread-safe.
public final class TileWarnings: @unchecked Sendable {
    public static let limit = 100
    private let lock = NSLock()
    private var messages: [String] = []
    private var seen: Set<String> = []

    public init() {}

    func add(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        guard messages.count < Self.limit, seen.insert(message).inserted else { return }
        messages.append(message)
    }

    /// The warnings so far, oldest first.
    public var all: [String] {
        lock.lock(); defer { lock.unlock() }
        return messages
    }

    /// Why raster bytes cannot be shown, named by their format (nil for a PNG).
    static func rasterFormatProblem(_ bytes: [UInt8]) -> String? {
        if bytes.starts(with: [0x89, 0x50, 0x4E, 0x47]) { return nil }
        if bytes.starts(with: [0xFF, 0xD8, 0xFF]) { return "is JPEG: only PNG raster tiles and images are decoded" }
        if bytes.count >= 12, bytes.starts(with: Array("RIFF".utf8)), Array(bytes[8..<12]) == Array("WEBP".utf8) {
            return "is WebP: only PNG raster tiles and images are decoded"
        }
        return "is not a PNG image"
    }
}
