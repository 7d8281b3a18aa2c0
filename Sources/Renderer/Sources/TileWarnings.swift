import Foundation

/// Problems met while loading tiles and images that a render silently skips (a corrupt or
/// truncated raster tile, bytes in no image format, a corrupt vector tile), kept so tools and
/// the server can say why something is missing. Distinct messages only, capped; thread-safe.
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
}
