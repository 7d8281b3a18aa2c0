import Foundation
import JSON
import SourceData
import StyleSpec

/// Which features of a decoded vector tile layer pass a layer filter, kept per (tile, source
/// layer, filter): a style's many layers over one source layer (eight road classes, say) then
/// test each feature once per filter and tile instead of once per render. Only filters that
/// read nothing but the feature itself are kept (no zoom, feature state, global state or
/// geometry), so the answer cannot change while the tile's data does not.
final class FilterResults: Sendable {
    let cache: SourceCache<[Int32]>

    init(byteBudget: Int = RenderCacheBudgets.default.filterResults) {
        cache = SourceCache(byteBudget: byteBudget, cost: { 64 + $0.capacity * 4 })
    }

    /// The filter part of a kept geometry's key: "" without a filter, its key text when the
    /// filter can be cached, nil when it cannot (then nothing may be kept for the layer).
    static func keptFilterKey(_ layer: Layer) -> String? {
        layer.filter == nil ? "" : cacheKey(layer)
    }

    /// A filter that can be cached, with its key text; nil otherwise.
    static func cacheKey(_ layer: Layer) -> String? {
        guard let filter = layer.filter, !filter.usesZoom, !filter.usesFeatureState, !filter.usesGlobalState,
              !filter.usesGeometry, !filter.usesImages else { return nil }
        return layer.filterText
    }

    /// The indices of `data`'s features that pass the filter (by `pass`'s `promoteId`).
    func passing(_ tileKey: String, layer: Layer, filterKey: String, data: VectorTileLayer, promoteId: String?,
                 context: EvaluationContext) -> [Int32]? {
        guard let filter = layer.filter else { return nil }
        let key = tileKey + "|" + (layer.sourceLayer ?? "") + "|" + (promoteId ?? "") + "|" + filterKey
        return try? cache.value(for: key) {
            var ctx = context
            var out: [Int32] = []
            for i in data.features.indices {
                let f = data.features[i]
                ctx.feature = FeatureContext(id: SourceTilePass.featureID(f, promoteId: promoteId), properties: f.properties, geometryType: f.type, isMulti: f.isMulti)
                if filter.evaluateFilter(ctx) { out.append(Int32(i)) }
            }
            return out
        }
    }
}
