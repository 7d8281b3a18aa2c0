import Foundation
import JSON
import StyleSpec

/// Custom renderers by name, registered at start-up. It is also the style's validation hook
/// (`CustomLayerPreparing`): hand it to `Style.parse(_:supportedLayerTypes:customLayers:)` and
/// every load, runtime command and undo validates custom layers against the names and options
/// registered here — an unknown renderer is a 400 at `/renderer`, never a blank layer.
public final class CustomLayerRegistry: CustomLayerPreparing, @unchecked Sendable {
    private let lock = NSLock()
    private var renderers: [String: any CustomLayerRenderer] = [:]
    /// Calls `added`/`removed` as live styles take up and drop prepared layers.
    public let lifecycle = CustomLayerLifecycle()

    public init() {}

    /// A registry with the built-in renderers (`triangles`, `graticule`), what `strata serve`
    /// and `strata render` use.
    public static func standard() -> CustomLayerRegistry {
        let r = CustomLayerRegistry()
        r.register(TrianglesRenderer.name, TrianglesRenderer())
        r.register(GraticuleRenderer.name, GraticuleRenderer())
        return r
    }

    /// Registers (or replaces) a renderer. Register before styles using it are loaded: a style
    /// keeps the layers prepared at its load.
    public func register(_ name: String, _ renderer: any CustomLayerRenderer) {
        lock.lock(); renderers[name] = renderer; lock.unlock()
    }

    public func renderer(named name: String) -> (any CustomLayerRenderer)? {
        lock.lock(); defer { lock.unlock() }
        return renderers[name]
    }

    public var names: [String] {
        lock.lock(); defer { lock.unlock() }
        return renderers.keys.sorted()
    }

    // MARK: CustomLayerPreparing

    public func prepare(renderer name: String, options: JSONValue, layerID: String) -> Result<any Sendable, StyleError> {
        guard let r = renderer(named: name) else {
            let known = names.map { "\"\($0)\"" }.joined(separator: ", ")
            return .failure(StyleError(path: JSONPointer(["renderer"]),
                                       message: "unknown renderer \"\(name)\" (registered: \(known.isEmpty ? "none" : known))",
                                       code: StyleErrorCode.unknownRenderer))
        }
        do {
            return .success(try r.prepare(options: options.objectValue ?? JSONObject(), layerID: layerID))
        } catch let e as CustomLayerOptionsError {
            return .failure(StyleError(path: JSONPointer(["options"] + e.path.tokens), message: e.message,
                                       code: StyleErrorCode.invalidOptions))
        } catch {
            return .failure(StyleError(path: JSONPointer(["options"]), message: "\(error)", code: StyleErrorCode.invalidOptions))
        }
    }

    /// The prepared form of a custom layer: the one made at validation, or (for a style
    /// parsed without this registry) one made now — correct, but paid per render.
    func prepared(_ layer: Layer) -> (any PreparedCustomLayer)? {
        if let p = layer.prepared as? any PreparedCustomLayer { return p }
        guard let name = layer.json["renderer"]?.stringValue,
              case .success(let p) = prepare(renderer: name, options: layer.json["options"] ?? .object(JSONObject()),
                                             layerID: layer.id) else { return nil }
        return p as? any PreparedCustomLayer
    }
}
