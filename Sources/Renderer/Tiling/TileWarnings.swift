import Foundation

/// Problems met while loading tiles and images that a render skips (a corrupt or truncated
/// raster tile, bytes in no image format, a corrupt vector tile, a missing sprite or glyph
/// range, an unknown font), kept so tools and the server can say why something is missing.
/// Each message also goes to the render that met it (`RenderWarnings.current`, which the
/// server files under the session) and, the first time it is seen, to `onNew` (the server
/// logs and counts it). Distinct messages only, capped; thread-safe.
public final class TileWarnings: @unchecked Sendable {
    public static let limit = 100
    /// Distinct messages remembered for `onNew` (beyond: forgotten and reported again).
    static let seenLimit = 10_000
    private let lock = NSLock()
    private var messages: [String] = []
    private var seen: Set<String> = []
    private var onNewHandler: (@Sendable (String) -> Void)?

    public init() {}

    /// Called once per distinct message (the server's log and metrics).
    public func onNew(_ handler: @escaping @Sendable (String) -> Void) {
        lock.lock(); onNewHandler = handler; lock.unlock()
    }

    func add(_ message: String) {
        RenderWarnings.current?.add(message)
        lock.lock()
        if seen.count >= Self.seenLimit { seen.removeAll(keepingCapacity: true) }
        let isNew = seen.insert(message).inserted
        if isNew && messages.count < Self.limit { messages.append(message) }
        let handler = onNewHandler
        lock.unlock()
        if isNew { handler?(message) }
    }

    /// The warnings so far, oldest first.
    public var all: [String] {
        lock.lock(); defer { lock.unlock() }
        return messages
    }

    /// A short name for the kind of resource a message is about (a metrics label).
    public static func kind(of message: String) -> String {
        for (prefix, kind) in [("vector tile", "vector_tile"), ("raster tile", "raster_tile"), ("raster-dem tile", "dem_tile"),
                               ("source", "source"), ("sprite", "sprite"), ("glyphs", "glyphs"), ("no glyphs", "glyphs"),
                               ("image", "image")] where message.hasPrefix(prefix) {
            return kind
        }
        return "other"
    }
}

/// The warnings one render met, collected on its render thread (bound with
/// `RenderWarnings.$current.withValue` for the duration of the render).
public final class RenderWarnings: @unchecked Sendable {
    @TaskLocal public static var current: RenderWarnings?
    private let lock = NSLock()
    private var list: [String] = []

    public init() {}

    func add(_ message: String) {
        lock.lock(); defer { lock.unlock() }
        if list.count < 64 && !list.contains(message) { list.append(message) }
    }

    public var messages: [String] { lock.lock(); defer { lock.unlock() }; return list }
}
