import Foundation
import JSON
import StyleSpec

/// A layer's properties resolved for one evaluation state, shared by every render in that
/// state. Resolving a layer's properties (each looked up by name, defaulted from the spec, and
/// evaluated when zoom-only) costs more than drawing its few features on most tiles of a real
/// style, and it comes out the same for every tile at that zoom, so it is done once per layer
/// version and state and kept (maplibre-native keeps evaluated properties per layer too).
///
/// Keyed by the layer's identity (layers are immutable and keep their identity while
/// unchanged), the property set's type and the state: zoom, pixel ratio, global state and the
/// names of the images available. Entries hold their layer, so an identity is never reused
/// while its entry lives. Bounded: past `maxEntries` the cache starts over.
final class ResolvedLayerProperties: @unchecked Sendable {
    struct State: Equatable {
        var zoom: Double
        var pixelRatio: Double
        var globalState: JSONObject
        var availableImages: Set<String>
    }

    private struct Key: Hashable {
        let layer: ObjectIdentifier
        let kind: ObjectIdentifier
        let zoom: UInt64
        let pixelRatio: UInt64
    }

    private struct Entry {
        let layer: Layer
        let state: State
        let value: Any
    }

    /// Property sets kept at most: a style's layers at the zooms being served (a few hundred
    /// each); 4,096 sets of 1–3 KB hold a few MB, plus the layers they keep alive.
    static let maxEntries = 4_096
    private let lock = NSLock()
    private var entries: [Key: Entry] = [:]

    /// The property set of type `T` for `layer` in `state`: kept, or resolved by `resolve`.
    func value<T>(_ layer: Layer, _ state: State, resolve: () -> T) -> T {
        let key = Key(layer: ObjectIdentifier(layer), kind: ObjectIdentifier(T.self),
                      zoom: state.zoom.bitPattern, pixelRatio: state.pixelRatio.bitPattern)
        lock.lock()
        if let hit = entries[key], hit.layer === layer, hit.state == state, let value = hit.value as? T {
            lock.unlock()
            return value
        }
        lock.unlock()
        let value = resolve()
        lock.lock()
        if entries.count >= Self.maxEntries { entries.removeAll(keepingCapacity: true) }
        entries[key] = Entry(layer: layer, state: state, value: value)
        lock.unlock()
        return value
    }

    var count: Int { lock.lock(); defer { lock.unlock() }; return entries.count }
}

extension RenderFrame {
    /// The state layer properties are resolved in for this render.
    var resolvedState: ResolvedLayerProperties.State {
        ResolvedLayerProperties.State(zoom: zoom, pixelRatio: camera.pixelRatio, globalState: globalState,
                                      availableImages: availableImages)
    }

    /// `T` for `layer` resolved for this render's state, shared with other renders in it.
    func resolved<T>(_ layer: Layer, _ resolve: () -> T) -> T {
        resources.resolvedLayers.value(layer, resolvedState, resolve: resolve)
    }
}
