import Foundation
import NIOHTTP1
import SourceData

/// A render that lacked remote resources: the server fetches them and renders again.
public struct RemoteFetchNeeded: Error, Sendable {
    public let missing: [RemoteResourceMissing]
}

extension RemoteNeeds {
    /// Runs `render` collecting what it lacks, then says what the server must do: nothing
    /// (the image is complete), fetch (`RemoteFetchNeeded`) or answer an upstream failure
    /// (`RemoteError.failed`, a 502/504 naming the resource kind and host): a tile drawn
    /// without data it should have is never answered as a normal 200.
    /// `use` receives when the remote data the image shows stops being usable, and its versions.
    static func collecting<T>(use: RenderRemoteUse? = nil, _ render: () throws -> T) throws -> T {
        let needs = RemoteNeeds()
        let result = try RemoteNeeds.$current.withValue(needs) { try render() }
        let missing = needs.missing
        if !missing.isEmpty { throw RemoteFetchNeeded(missing: missing) }
        if let failure = needs.failed.first { throw RemoteError.failed(failure) }
        use?.set(expiry: needs.expiry, versions: needs.versions)
        return result
    }
}

/// What remote data a rendered image shows, handed from the render thread to the cache that
/// keeps the image: when it stops being current (nil: never, it used no remote data) and the
/// versions of the bodies it was drawn from (for its ETag).
final class RenderRemoteUse: @unchecked Sendable {
    private let lock = NSLock()
    private var expiry: Double?
    private var versionList: [UInt64] = []
    func set(expiry: Double?, versions: [UInt64]) { lock.lock(); self.expiry = expiry; versionList = versions; lock.unlock() }
    var time: Double? { lock.lock(); defer { lock.unlock() }; return expiry }
    var versions: [UInt64] { lock.lock(); defer { lock.unlock() }; return versionList }
}
