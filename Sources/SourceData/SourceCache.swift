import Foundation

/// A thread-safe LRU cache of parsed sources keyed by the content hash of their data, with
/// a byte budget. An entry is charged its value's `cost` plus `entryOverhead(key:)` (the key,
/// the list node and the index slot), so many small entries cannot hold more memory than the
/// budget says. Concurrent requests for a key that is being built wait for that one
/// build (single flight) instead of parsing the same data again. Waiting blocks the calling
/// thread: callers are render threads, never event loops.
public final class SourceCache<Value: Sendable>: @unchecked Sendable {
    public struct Stats: Sendable, Equatable {
        public var hits = 0, misses = 0, evictions = 0, entries = 0, bytes = 0
    }

    public let byteBudget: Int
    private let cost: @Sendable (Value) -> Int
    private let lock = NSLock()
    private var entries: [String: Node] = [:]
    private var inFlight: [String: Flight] = [:]
    /// Most recently used first.
    private var head: Node?, tail: Node?
    private var stats = Stats()

    private final class Node {
        let key: String
        let value: Value
        let bytes: Int
        var prev: Node?, next: Node?
        init(key: String, value: Value, bytes: Int) { self.key = key; self.value = value; self.bytes = bytes }
    }

    /// One build in progress; waiters sleep on its condition until `result` is set.
    private final class Flight {
        let done = NSCondition()
        var result: Result<Value, any Error>?
        /// Remote resources the building render lacked: its value may be incomplete, so it is
        /// not kept, and waiters record the same needs in their own renders.
        var lacked = RemoteNeeds.Lacked()
    }

    /// Bytes an entry holds beside its value: the key's UTF-8 storage (32 B header), the node
    /// (object header, key, links, size: ~96 B with malloc's rounding) and its dictionary slot
    /// (24 B at a load factor of ½–¾, ~48 B).
    public static func entryOverhead(key: String) -> Int { 176 + key.utf8.count }

    public init(byteBudget: Int, cost: @escaping @Sendable (Value) -> Int) {
        self.byteBudget = max(0, byteBudget)
        self.cost = cost
    }

    /// The value for `key`: cached, being built by another thread (waits for it), or built
    /// now by `build`. A build that throws is not cached; its waiters get the same error.
    public func value(for key: String, build: () throws -> Value) throws -> Value {
        lock.lock()
        if let node = entries[key] {
            moveToFront(node)
            stats.hits += 1
            lock.unlock()
            return node.value
        }
        if let flight = inFlight[key] {
            stats.hits += 1
            lock.unlock()
            flight.done.lock()
            while flight.result == nil { flight.done.wait() }
            let result = flight.result!
            let lacked = flight.lacked
            flight.done.unlock()
            RemoteNeeds.current?.record(lacked)
            return try result.get()
        }
        let flight = Flight()
        inFlight[key] = flight
        stats.misses += 1
        lock.unlock()

        let result = Result { try build() }
        // A render that lacked remote data builds incomplete values: they are not kept.
        let lacked = RemoteNeeds.current?.lackedSoFar ?? RemoteNeeds.Lacked()

        lock.lock()
        inFlight[key] = nil
        if case .success(let value) = result, lacked.isEmpty { insert(key, value) }
        lock.unlock()
        flight.done.lock()
        flight.lacked = lacked
        flight.result = result
        flight.done.broadcast()
        flight.done.unlock()
        return try result.get()
    }

    /// The cached value for `key` without building (counts as neither hit nor miss).
    public func cached(_ key: String) -> Value? {
        lock.lock(); defer { lock.unlock() }
        guard let node = entries[key] else { return nil }
        moveToFront(node)
        return node.value
    }

    public func remove(_ key: String) {
        lock.lock(); defer { lock.unlock() }
        if let node = entries[key] { unlink(node); entries[key] = nil; stats.bytes -= node.bytes; stats.entries -= 1 }
    }

    public func removeAll() {
        lock.lock(); defer { lock.unlock() }
        entries.removeAll(); head = nil; tail = nil
        stats.bytes = 0; stats.entries = 0
    }

    public var statistics: Stats {
        lock.lock(); defer { lock.unlock() }
        return stats
    }

    // MARK: list (lock held)

    private func insert(_ key: String, _ value: Value) {
        let bytes = max(0, cost(value)) + Self.entryOverhead(key: key)
        guard bytes <= byteBudget else { return }          // would evict everything else
        if let old = entries[key] { unlink(old); stats.bytes -= old.bytes; stats.entries -= 1 }
        let node = Node(key: key, value: value, bytes: bytes)
        entries[key] = node
        linkFront(node)
        stats.bytes += bytes; stats.entries += 1
        while stats.bytes > byteBudget, let victim = tail {
            unlink(victim)
            entries[victim.key] = nil
            stats.bytes -= victim.bytes; stats.entries -= 1; stats.evictions += 1
        }
    }

    private func moveToFront(_ node: Node) {
        guard head !== node else { return }
        unlink(node)
        linkFront(node)
    }

    private func linkFront(_ node: Node) {
        node.next = head; node.prev = nil
        head?.prev = node
        head = node
        if tail == nil { tail = node }
    }

    private func unlink(_ node: Node) {
        if let p = node.prev { p.next = node.next } else { head = node.next }
        if let n = node.next { n.prev = node.prev } else { tail = node.prev }
        node.prev = nil; node.next = nil
    }
}

/// The cache of parsed GeoJSON sources (cost: `GeoJSONSource.byteSize`).
public typealias GeoJSONSourceCache = SourceCache<GeoJSONSource>

extension SourceCache where Value == GeoJSONSource {
    public convenience init(byteBudget: Int) {
        self.init(byteBudget: byteBudget, cost: { $0.byteSize })
    }
}
