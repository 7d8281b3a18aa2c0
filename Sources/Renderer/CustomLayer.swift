import Foundation
import Raster
import StyleSpec

/// A layer drawn by Swift code instead of a style: a `custom` layer names one of these in its
/// `renderer` key. It gets the canvas (device pixels) and the camera (for projecting
/// coordinates with `camera.projection()`), and draws between the layers below and above.
public protocol CustomLayerRenderer: Sendable {
    func render(layer: Layer, camera: Camera, canvas: Canvas)
}

/// Custom renderers by name, registered at start-up.
public final class CustomLayerRegistry: @unchecked Sendable {
    private let lock = NSLock()
    private var renderers: [String: any CustomLayerRenderer] = [:]

    public init() {}

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
}
