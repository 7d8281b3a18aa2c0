import Foundation
import Logging
import NIOConcurrencyHelpers
import StyleSpec

/// The styles of `stylesDir` (or of a tileserver-gl config's list), published read-only at tileserver-gl's URLs (`/styles/{id}/…`).
/// Each is an immutable snapshot loaded at start-up: no session holds it, so it can neither
/// be changed through a route nor expire, and its tiles share the session tile cache (keys
/// start with the style's render hash).
public final class PublishedStyles: Sendable {
    private let styles = NIOLockedValueBox<[String: LiveStyle]>([:])

    public init() {}

    /// Ids in a stable order (catalogs list them so).
    public var ids: [String] { styles.withLockedValue { $0.keys.sorted() } }

    /// The published style `id`, or nil.
    public func style(_ id: String) -> LiveStyle? { styles.withLockedValue { $0[id] } }

    /// Replaces the published set.
    func publish(_ loaded: [String: LiveStyle]) { styles.withLockedValue { $0 = loaded } }

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

extension StrataApp {
    /// Loads and publishes every style file of the config (`PublishedStyles.styleFiles(of:)`). A file that does not load (bad JSON,
    /// invalid style, a URL leaving the data directory) is logged and left unpublished, so one
    /// broken file does not keep the others (or the server) down.
    func publishStyles() {
        var loaded: [String: LiveStyle] = [:]
        let log = Logger(label: "strata.publish")
        for (id, path) in PublishedStyles.styleFiles(of: config) {
            do {
                let style = try LiveStyle.load(Self.readStyleFile(path), customLayers: customLayers)
                try checkURLs(style)
                loaded[id] = style
            } catch {
                log.warning("style \(path) is not published: \(error)")
            }
        }
        published.publish(loaded)
    }
}
