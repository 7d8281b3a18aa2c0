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

    public init() {}

    /// Not fetched yet, in the order the render asked.
    public var missing: [RemoteResourceMissing] { lock.lock(); defer { lock.unlock() }; return missingOrder }
    /// Failed upstream with no copy held.
    public var failed: [RemoteResourceFailed] { lock.lock(); defer { lock.unlock() }; return failedList }

    public func record(_ m: RemoteResourceMissing) {
        lock.lock(); defer { lock.unlock() }
        if missingSet.insert(m).inserted { missingOrder.append(m) }
    }

    public func record(_ f: RemoteResourceFailed) {
        lock.lock(); defer { lock.unlock() }
        if !failedList.contains(f) { failedList.append(f) }
    }
}
