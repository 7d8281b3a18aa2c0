import JSON

/// How a `raster-dem` source packs elevations into RGB (its `encoding`): MapLibre's unpack
/// vector, elevation = r·R + g·G + b·B − base with the channels as bytes.
struct DEMEncoding: Sendable, Equatable {
    let r: Float, g: Float, b: Float, base: Float

    /// Mapbox Terrain-RGB: 0.1 m steps from −10 000 m.
    static let mapbox = DEMEncoding(r: 6553.6, g: 25.6, b: 0.1, base: 10000)
    /// Terrarium: 1/256 m steps from −32 768 m.
    static let terrarium = DEMEncoding(r: 256, g: 1, b: 1 / 256, base: 32768)

    /// The source's encoding (`mapbox` unless it names another; `custom` from its factors).
    init(source json: JSONObject) {
        switch json["encoding"]?.stringValue {
        case "terrarium": self = .terrarium
        case "custom":
            func factor(_ key: String, _ fallback: Float) -> Float {
                json[key]?.numberValue.map { Float($0) }.flatMap { $0.isFinite ? $0 : nil } ?? fallback
            }
            self.init(r: factor("redFactor", 1), g: factor("greenFactor", 1), b: factor("blueFactor", 1),
                      base: factor("baseShift", 0))
        default: self = .mapbox
        }
    }

    init(r: Float, g: Float, b: Float, base: Float) {
        self.r = r; self.g = g; self.b = b; self.base = base
    }

    @inline(__always)
    func elevation(_ pixel: UInt32) -> Float {
        Float(pixel & 0xFF) * r + Float((pixel >> 8) & 0xFF) * g + Float((pixel >> 16) & 0xFF) * b - base
    }

    /// `elevation` as this encoding can store it (MapLibre keeps colour-relief stops in a
    /// texture of encoded elevations): the nearest representable value.
    func quantized(_ elevation: Double) -> Float {
        // The encodings step by their smallest factor; values outside 24 bits clamp.
        let step = Double(min(r, g, b))
        guard step > 0, elevation.isFinite else { return Float(elevation) }
        let units = ((elevation + Double(base)) / step).rounded()
        return Float(min(max(units, 0), 16_777_215) * step - Double(base))
    }
}
