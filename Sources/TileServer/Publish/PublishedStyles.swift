import Foundation
import Logging
import NIOConcurrencyHelpers
import StyleSpec

/// The styles of `stylesDir`, published read-only at tileserver-gl's URLs (`/styles/{id}/…`).
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
    /// Loads and publishes every style file of `stylesDir`. A file that does not load (bad JSON,
    /// invalid style, a URL leaving the data directory) is logged and left unpublished, so one
    /// broken file does not keep the others (or the server) down.
    func publishStyles() {
        var loaded: [String: LiveStyle] = [:]
        let log = Logger(label: "strata.publish")
        for (id, path) in PublishedStyles.styleFiles(in: config.stylesDir) {
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
