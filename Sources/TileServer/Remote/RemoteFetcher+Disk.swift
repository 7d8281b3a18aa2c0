import Foundation
import SourceData

/// The disk cache between memory and the network: a URL memory does not hold is looked up on
/// disk before it is fetched, and every body kept in memory (not `no-store` ones) is saved.
extension RemoteFetcher {
    /// Brings `url` from disk into memory when memory does not hold it; true when that copy
    /// is fresh (nothing to fetch). A stale copy stays in memory, so the fetch that follows
    /// revalidates it with its validators, and it serves if the upstream fails (stale-if-error).
    func restoredFresh(_ url: String, kind: RemoteKind) async -> Bool {
        guard let disk, !store.holds(url), let saved = await disk.load(url) else { return false }
        store.restore(url, saved, kind: kind)
        onFetch?(kind, DataDirectory.host(of: RemoteRange.parse(url)?.url ?? url) ?? "?", "disk")
        return saved.freshUntil > Date().timeIntervalSince1970
    }

    /// Saves what memory now holds of `url` (after a 200, an absence or a 304).
    func persist(_ url: String) {
        guard let disk, let entry = store.peek(url) else { return }
        disk.save(url, entry)
    }
}
