/// A least-recently-used map with a byte budget. Not thread-safe (wrap it); entries live in a
/// flat array linked by indices so a hit costs one hash lookup and a few index writes.
public struct LRUCache<Key: Hashable, Value> {
    struct Node {
        var key: Key
        var value: Value
        var cost: Int
        var prev: Int
        var next: Int
    }

    public let budget: Int
    public private(set) var totalCost = 0
    private var nodes: [Node] = []
    private var free: [Int] = []
    private var index: [Key: Int] = [:]
    private var head = -1  // most recent
    private var tail = -1  // least recent

    public init(budget: Int) { self.budget = budget }

    public var count: Int { index.count }

    /// The value for `key`, marking it most recently used.
    public mutating func get(_ key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        moveToFront(i)
        return nodes[i].value
    }

    public func contains(_ key: Key) -> Bool { index[key] != nil }

    /// Inserts or replaces; an entry bigger than the whole budget is not kept. Returns the
    /// number of entries evicted to make room.
    @discardableResult
    public mutating func set(_ key: Key, _ value: Value, cost: Int) -> Int {
        if let i = index[key] { unlink(i); release(i) }
        guard cost <= budget else { return 0 }
        var evicted = 0
        while totalCost + cost > budget, tail >= 0 {
            let t = tail
            unlink(t); release(t)
            evicted += 1
        }
        let node = Node(key: key, value: value, cost: cost, prev: -1, next: head)
        let i: Int
        if let f = free.popLast() { nodes[f] = node; i = f } else { nodes.append(node); i = nodes.count - 1 }
        if head >= 0 { nodes[head].prev = i }
        head = i
        if tail < 0 { tail = i }
        index[key] = i
        totalCost += cost
        return evicted
    }

    @discardableResult
    public mutating func remove(_ key: Key) -> Value? {
        guard let i = index[key] else { return nil }
        let v = nodes[i].value
        unlink(i); release(i)
        return v
    }

    public mutating func removeAll() {
        nodes = []; free = []; index = [:]; head = -1; tail = -1; totalCost = 0
    }

    /// Keys from most to least recently used (for tests and debugging).
    public var keysByRecency: [Key] {
        var out: [Key] = []
        var i = head
        while i >= 0 { out.append(nodes[i].key); i = nodes[i].next }
        return out
    }

    private mutating func moveToFront(_ i: Int) {
        guard head != i else { return }
        let p = nodes[i].prev, n = nodes[i].next
        if p >= 0 { nodes[p].next = n }
        if n >= 0 { nodes[n].prev = p }
        if tail == i { tail = p }
        nodes[i].prev = -1
        nodes[i].next = head
        if head >= 0 { nodes[head].prev = i }
        head = i
    }

    private mutating func unlink(_ i: Int) {
        let p = nodes[i].prev, n = nodes[i].next
        if p >= 0 { nodes[p].next = n } else { head = n }
        if n >= 0 { nodes[n].prev = p } else { tail = p }
    }

    /// Forgets a node already unlinked from the recency list.
    private mutating func release(_ i: Int) {
        index[nodes[i].key] = nil
        totalCost -= nodes[i].cost
        free.append(i)
    }
}

/// Sendable exactly when what it holds is (a plain value type of arrays and a dictionary).
extension LRUCache: Sendable where Key: Sendable, Value: Sendable {}
extension LRUCache.Node: Sendable where Key: Sendable, Value: Sendable {}
