import Foundation
import StyleSpec

/// Built `heatmap-color` ramps, shared by all renders: a ramp costs 256 expression
/// evaluations, which on a sparse tile is most of the layer's time, and it only changes with
/// the layer (its render hash covers `heatmap-color`). Ramps that read global state are built
/// per render. Bounded: emptied when full (ramps are cheap to rebuild, styles have few).
final class HeatmapColorRampCache: @unchecked Sendable {
    static let capacity = 256
    private let lock = NSLock()
    private var ramps: [ContentHash: HeatmapColorRamp] = [:]

    /// The ramp of `layer` for `context` (its global state), built once per layer content.
    func ramp(for layer: Layer, context: EvaluationContext) -> HeatmapColorRamp {
        if layer.paint["heatmap-color"]?.expression?.usesGlobalState == true {
            return HeatmapColorRamp(layer, context: context)
        }
        let key = layer.renderHash
        lock.lock()
        if let r = ramps[key] { lock.unlock(); return r }
        lock.unlock()
        let ramp = HeatmapColorRamp(layer, context: context)
        lock.lock(); defer { lock.unlock() }
        if ramps.count >= Self.capacity { ramps.removeAll(keepingCapacity: true) }
        ramps[key] = ramp
        return ramp
    }

    /// Ramps held (tests).
    var count: Int {
        lock.lock(); defer { lock.unlock() }
        return ramps.count
    }
}
