import Foundation
import Logging
import NIOConcurrencyHelpers
import StyleSpec

/// The styles of `stylesDir` (or of a tileserver-gl config's list), published read-only at
/// tileserver-gl's URLs (`/styles/{id}/…`). The published set is an immutable snapshot swapped
/// whole when a file changes (`StrataApp.refreshPublishedStyles`): a request holds the style it
/// started with, no session holds one, so no route changes it and it never expires, and its
/// tiles share the session tile cache (keys start with the style's render hash, so an edited
/// style gets new keys and ETags).
public final class PublishedStyles: Sendable {
    private let styles = NIOLockedValueBox<[String: LiveStyle]>([:])
    /// What each id's file looked like when last read (only the refresher writes it).
    private let stamps = NIOLockedValueBox<[String: FileStamp]>([:])

    public init() {}

    /// Ids in a stable order (catalogs list them so).
    public var ids: [String] { styles.withLockedValue { $0.keys.sorted() } }

    /// The published style `id`, or nil.
    public func style(_ id: String) -> LiveStyle? { styles.withLockedValue { $0[id] } }

    /// The whole published set.
    var snapshot: [String: LiveStyle] { styles.withLockedValue { $0 } }

    /// Replaces the published set.
    func publish(_ loaded: [String: LiveStyle]) { styles.withLockedValue { $0 = loaded } }

    var fileStamps: [String: FileStamp] {
        get { stamps.withLockedValue { $0 } }
        set { stamps.withLockedValue { $0 = newValue } }
    }

    /// The styles a config publishes: its listed `styleFiles`, and with `serveAllStyles` every
    /// style file of `stylesDir` whose id is not listed.
    static func styleFiles(of config: ServerConfig) -> [(id: String, path: String)] {
        let listed = config.styleFiles.sorted { $0.key < $1.key }.map { (id: $0.key, path: $0.value) }
        guard config.serveAllStyles else { return listed }
        return listed + styleFiles(in: config.stylesDir).filter { config.styleFiles[$0.id] == nil }
    }

    /// Every `*.json` directly in `directory` whose name is a valid style id (see
    /// `ServerConfig.isValidStyleName`), id = file name without `.json`.
    static func styleFiles(in directory: String) -> [(id: String, path: String)] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [] }
        return names.sorted().compactMap { name in
            guard name.hasSuffix(".json") else { return nil }
            let id = String(name.dropLast(5))
            guard ServerConfig.isValidStyleName(id) else { return nil }
            return (id, directory + "/" + name)
        }
    }
}

/// A file's identity and version as `stat` tells it: a change of any part (an edit, a file
/// replaced by a rename) means the file must be read again.
struct FileStamp: Equatable, Sendable {
    let path: String
    let device: UInt64, inode: UInt64, size: Int64, seconds: Int, nanoseconds: Int

    /// nil when the file does not exist (or cannot be stat'ed).
    init?(_ path: String) {
        var st = stat()
        guard stat(path, &st) == 0 else { return nil }
        self.path = path
        device = UInt64(st.st_dev); inode = UInt64(st.st_ino); size = Int64(st.st_size)
        seconds = Int(st.st_mtim.tv_sec); nanoseconds = Int(st.st_mtim.tv_nsec)
    }
}
