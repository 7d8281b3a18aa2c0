import Foundation

/// The remote resources one render asked for and did not get, collected on the render
/// thread while the render goes on (so one pass finds every missing tile, not one a pass).
/// Bound for the duration of a render with `RemoteNeeds.$current.withValue`.
public final class RemoteNeeds: @unchecked Sendable {
    @TaskLocal public static var current: RemoteNeeds?

    private let lock = NSLock()
    private var missingSet: Set<RemoteResourceMissing> = []
    private var missingOrder: [RemoteResourceMissing] = []
    private var failedList: [RemoteResourceFailed] = []
    private var usableUntil: Double?
    private var versionSet: Set<UInt64> = []

    public init() {}

    /// Not fetched yet, in the order the render asked.
    public var missing: [RemoteResourceMissing] { lock.lock(); defer { lock.unlock() }; return missingOrder }
    /// Failed upstream with no copy held.
    public var failed: [RemoteResourceFailed] { lock.lock(); defer { lock.unlock() }; return failedList }

    /// What a part of a render lacked (a cache build's share of the needs).
    public struct Lacked: Sendable {
        public var missing: [RemoteResourceMissing] = []
        public var failed: [RemoteResourceFailed] = []
        public var isEmpty: Bool { missing.isEmpty && failed.isEmpty }
        public init() {}
    }

    /// Everything lacked so far. Once a render lacks anything, nothing it builds is kept in a
    /// cache: a value built after the gap may depend on it through a per-render memo (a glyph
    /// range or sprite sheet asked once per render), which the cache could not see.
    public var lackedSoFar: Lacked {
        lock.lock(); defer { lock.unlock() }
        var l = Lacked()
        l.missing = missingOrder
        l.failed = failedList
        return l
    }

    /// The render drew remote data of `kind` in its `version`, usable until `until` (seconds
    /// since 1970): its image may be kept no longer than the earliest such time, and its ETag
    /// carries the versions. Glyph versions are left out: label layouts are kept apart from
    /// the glyph ranges they were made of, so a render does not always ask for them (a change
    /// of glyphs shows through `RemoteResources.generation`).
    public func used(version: UInt64, kind: RemoteKind, until: Double) {
        lock.lock(); defer { lock.unlock() }
        usableUntil = min(usableUntil ?? until, until)
        if kind != .glyphs { versionSet.insert(version) }
    }

    /// When the earliest remote data the render used stops being usable; nil when it used none.
    public var expiry: Double? { lock.lock(); defer { lock.unlock() }; return usableUntil }

    /// The versions of the remote bodies the render used (glyphs aside), sorted.
    public var versions: [UInt64] { lock.lock(); defer { lock.unlock() }; return versionSet.sorted() }

    public func record(_ l: Lacked) {
        for m in l.missing { record(m) }
        for f in l.failed { record(f) }
    }

    public func record(_ m: RemoteResourceMissing) {
        lock.lock(); defer { lock.unlock() }
        if missingSet.insert(m).inserted { missingOrder.append(m) }
    }

    public func record(_ f: RemoteResourceFailed) {
        lock.lock(); defer { lock.unlock() }
        if !failedList.contains(f) { failedList.append(f) }
    }
}
