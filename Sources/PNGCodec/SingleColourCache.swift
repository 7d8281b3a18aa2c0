import Foundation

/// Encoded single-colour images by (colour, size, settings): empty sea, land and
/// background tiles are common and identical, so after the first one they cost a
/// dictionary lookup. Bounded: when full it starts over (single-colour files are tiny).
final class SingleColourCache: @unchecked Sendable {
    struct Key: Hashable {
        var pixel: UInt32
        var width: Int
        var height: Int
        var options: PNGEncodeOptions
    }

    static let shared = SingleColourCache(capacity: 512)

    private let lock = NSLock()
    private var files: [Key: [UInt8]] = [:]
    private let capacity: Int

    init(capacity: Int) {
        self.capacity = capacity
    }

    func file(for key: Key) -> [UInt8]? {
        lock.lock()
        defer { lock.unlock() }
        return files[key]
    }

    func store(_ file: [UInt8], for key: Key) {
        lock.lock()
        defer { lock.unlock() }
        if files.count >= capacity { files.removeAll(keepingCapacity: true) }
        files[key] = file
    }

    var count: Int {
        lock.lock()
        defer { lock.unlock() }
        return files.count
    }
}
