import Raster

/// MapLibre's `fill_extrusion.vertex.glsl` lighting of one vertex, with the normal as its
/// bucket packs it (`fill_extrusion_bucket.ts`: 16-bit integers, x = floor(nx·8192)·2 + t,
/// y = ny·16384 truncated, z = nz·16384; the shader divides by 16384 and reads t, top or
/// bottom of a wall, back from x mod 2).
struct ExtrusionVertexNormal {
    /// The shader's `normal / 16384.0`.
    let lighting: SIMD3<Float>
    /// The shader's `t`: 1 on roofs and wall tops, 0 at wall bottoms.
    let t: Float
    /// Walls have a y component (the vertical gradient applies only there, as in the shader,
    /// so a wall facing exactly east or west gets none).
    var hasY: Bool { lighting.y != 0 }

    /// A roof vertex: the packed normal (1, 0, 16384).
    static let roof = ExtrusionVertexNormal(packedX: 1, packedY: 0, packedZ: 16384)

    /// A wall vertex with unit normal (nx, ny) in tile axes (y down), at its top or bottom.
    static func wall(nx: Double, ny: Double, top: Bool) -> ExtrusionVertexNormal {
        let t: Int32 = top ? 1 : 0
        let x = Int32(clamping: Int64((nx * 8192).rounded(.down)) * 2) &+ t
        // Int16Array stores truncate toward zero.
        let y = Int32((ny * 16384).rounded(.towardZero))
        return ExtrusionVertexNormal(packedX: x, packedY: y, packedZ: 0)
    }

    private init(packedX: Int32, packedY: Int32, packedZ: Int32) {
        lighting = SIMD3(Float(packedX), Float(packedY), Float(packedZ)) / 16384
        // GLSL mod(x, 2.0) = x − 2·floor(x/2): 0 or 1 for negative x too.
        t = Float(((packedX % 2) + 2) % 2)
    }
}

extension StyleLight {
    /// The shader's `v_color` (before `u_opacity`) for a vertex of premultiplied colour
    /// `color`: ambient 0.03, the diffuse term narrowed by intensity and brightness, the
    /// vertical gradient on walls, the floor tinted with the light's complement; alpha 1.
    func litVertex(_ color: SIMD4<Float>, normal: ExtrusionVertexNormal, base: Float, height: Float,
                   verticalGradient: Bool) -> SIMD4<Float> {
        let luminance = color.x * 0.2126 + color.y * 0.7152 + color.z * 0.0722
        let ambient = color + SIMD4(repeating: 0.03)
        let cosine = max(0, min(1, (normal.lighting * direction).sum()))
        var directional = (1 - intensity) + (max(1 - luminance + intensity, 1) - (1 - intensity)) * cosine
        if normal.hasY {
            let vg: Float = verticalGradient ? 1 : 0
            let low = 0.7 + (0.98 - 0.7) * (1 - intensity)
            let ramp = (normal.t + base) * (height / 150).squareRoot()
            directional *= (1 - vg) + vg * max(low, min(1, ramp))
        }
        func channel(_ v: Float, _ light: Float) -> Float {
            min(max(v * directional * light, 0.3 * (1 - light)), 1)
        }
        return SIMD4(channel(ambient.x, self.color.r), channel(ambient.y, self.color.g), channel(ambient.z, self.color.b), 1)
    }
}
