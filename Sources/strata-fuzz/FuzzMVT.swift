import Geo
import SourceData

/// Vector tile bytes (gzip or raw): decoding never traps; see `checkVectorTile`.
func fuzzMVT(_ data: UnsafeRawBufferPointer) {
    guard let tile = try? VectorTile.decode(Array(data)) else { return }
    checkVectorTile(tile)
}

/// Layers are keyed by name with a sane extent; every feature has geometry of its type,
/// well formed, whose world coordinates lie within the feature's bounds.
func checkVectorTile(_ tile: VectorTile) {
    fuzzCheck(tile.warnings.count <= VectorTile.maxWarnings, "\(tile.warnings.count) warnings (capped at \(VectorTile.maxWarnings))")
    let tileID = TileID(z: 3, x: 5, y: 2)!
    var g = FeatureGeometry(type: .point)
    for (name, layer) in tile.layers {
        fuzzCheck(layer.name == name, "layer \(layer.name) filed under \(name)")
        fuzzCheck(layer.extent >= 1 && layer.extent <= 1 << 24, "extent \(layer.extent)")
        let placement = layer.placement(tileID, wrap: -1)
        for i in layer.features.indices {
            let f = layer.features[i]
            fuzzCheck(f.minCorner.x <= f.maxCorner.x && f.minCorner.y <= f.maxCorner.y, "\(name)/\(i): inverted bounds")
            layer.geometry(of: i, placement: placement, into: &g)
            checkGeometry(g, type: f.type, "\(name)/\(i)")
            fuzzCheck(!g.points.isEmpty, "\(name)/\(i): a kept feature without geometry")
            fuzzCheck(g.isMulti == f.isMulti, "\(name)/\(i): isMulti disagrees with the geometry")
            let bounds = layer.worldBounds(of: i, placement: placement)
            for p in g.points { fuzzCheck(bounds.contains(p), "\(name)/\(i): point \(p) outside \(bounds)") }
        }
    }
    fuzzCheck(tile.byteSize > 0, "byteSize")
}
