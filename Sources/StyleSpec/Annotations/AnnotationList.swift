import JSON

/// A session's annotations in insertion order (their z-order and placement order), with an
/// id index. A value type: revisions share it copy-on-write.
public struct AnnotationList: Sendable, Hashable {
    public private(set) var items: [Annotation] = []
    private var index: [String: Int] = [:]

    public init(_ items: [Annotation] = []) {
        self.items = items
        reindex()
    }

    public var count: Int { items.count }
    public var isEmpty: Bool { items.isEmpty }
    public subscript(id: String) -> Annotation? { index[id].map { items[$0] } }

    mutating func append(_ a: Annotation) {
        index[a.id] = items.count
        items.append(a)
    }

    /// Replaces in place (the insertion order stays).
    mutating func replace(_ a: Annotation) {
        guard let i = index[a.id] else { return }
        items[i] = a
    }

    mutating func remove(_ id: String) {
        guard let i = index.removeValue(forKey: id) else { return }
        items.remove(at: i)
        reindex()
    }

    private mutating func reindex() {
        index = Dictionary(items.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { _, b in b })
    }

    /// The first free id of the form `annotation-N` (N from count + 1): deterministic, so a
    /// batch replayed on the same revision names the same annotation.
    public func freeID() -> String {
        var n = count + 1
        while index["annotation-\(n)"] != nil { n += 1 }
        return "annotation-\(n)"
    }

    public var json: JSONValue { .array(items.map(\.json)) }

    /// Reads the stored form (`json`) back; errors point into it.
    public static func parse(_ value: JSONValue, at path: JSONPointer) throws(StyleError) -> AnnotationList {
        guard case .array(let items) = value else { throw Annotation.invalid(path, "array of annotations expected") }
        var out = AnnotationList()
        for (i, item) in items.enumerated() {
            let a = try Annotation.parse(item, at: path / i)
            guard out[a.id] == nil else { throw Annotation.invalid(path / i / "id", "duplicate annotation id \"\(a.id)\"") }
            out.append(a)
        }
        return out
    }
}
