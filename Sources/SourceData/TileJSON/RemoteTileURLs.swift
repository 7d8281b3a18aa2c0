import Foundation
import Geo

/// The resolved URL of each remote tile of one source, made once: `tileKey` asks for it on
/// every layer of every tile, and filling a template's tokens and checking the URL (string
/// searches through Foundation) cost more than drawing a warm tile. Bounded; thread-safe.
final class RemoteTileURLs: @unchecked Sendable {
    private let lock = NSLock()
    private var urls: [TileID: String] = [:]
    static let limit = 8192

    func url(_ tile: TileID, _ make: () throws -> String?) rethrows -> String? {
        lock.lock()
        if let u = urls[tile] { lock.unlock(); return u }
        lock.unlock()
        guard let u = try make() else { return nil }
        lock.lock(); defer { lock.unlock() }
        if urls.count >= Self.limit { urls.removeAll(keepingCapacity: true) }
        urls[tile] = u
        return u
    }
}
