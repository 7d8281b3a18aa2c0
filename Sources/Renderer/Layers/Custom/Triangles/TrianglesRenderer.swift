import Geo
import JSON
import StyleSpec

/// The built-in `triangles` renderer: a mesh with a colour per vertex, interpolated across each
/// triangle as a GPU interpolates a varying, anti-aliased on the mesh's outline.
///
/// Options: `{"vertices": [[lon, lat, colour], ...], "opacity": 1}` — three vertices per
/// triangle, any CSS colour the style spec accepts, at most `maxVertices` vertices.
/// Colours are interpolated **premultiplied** (as MapLibre's shaders blend), so a transparent
/// vertex fades its neighbours' colours out instead of tinting them with its own hue.
public struct TrianglesRenderer: CustomLayerRenderer {
    public static let name = "triangles"
    /// Bounds the work and memory one layer can ask for (a bigger mesh is a 400).
    public static let maxVertices = 100_000

    public init() {}

    public func prepare(options json: JSONObject, layerID: String) throws -> any PreparedCustomLayer {
        let options = try CustomLayerOptions(json, allowed: ["vertices", "opacity"])
        let opacity = try options.number("opacity", default: 1, expected: "an opacity in [0, 1]") { (0...1).contains($0) }
        guard let raw = json["vertices"] else {
            throw CustomLayerOptionsError(.root, "missing required option \"vertices\"")
        }
        let verticesPath = JSONPointer(["vertices"])
        guard case .array(let items) = raw else {
            throw CustomLayerOptionsError(verticesPath, "array of [longitude, latitude, colour] expected, \(raw.typeName) found")
        }
        guard items.count <= Self.maxVertices else {
            throw CustomLayerOptionsError(verticesPath, "at most \(Self.maxVertices) vertices allowed, \(items.count) found")
        }
        guard items.count % 3 == 0 else {
            throw CustomLayerOptionsError(verticesPath, "three vertices per triangle expected: \(items.count) is not a multiple of 3")
        }
        var positions: [WorldPoint] = []
        var colors: [SIMD4<Float>] = []
        positions.reserveCapacity(items.count)
        colors.reserveCapacity(items.count)
        for (i, item) in items.enumerated() {
            let path = verticesPath / i
            guard case .array(let v) = item, v.count == 3 else {
                throw CustomLayerOptionsError(path, "[longitude, latitude, colour] expected")
            }
            let lon = try CustomLayerOptions.number(v[0], at: path / 0, expected: "a longitude in [-360, 360]") { abs($0) <= 360 }
            let lat = try CustomLayerOptions.number(v[1], at: path / 1, expected: "a latitude in [-90, 90]") { abs($0) <= 90 }
            let c = try CustomLayerOptions.color(v[2], at: path / 2)
            positions.append(WebMercator.project(lon: lon, lat: lat))
            colors.append(Self.premultiplied255(c, opacity: opacity))
        }
        return TriangleMesh(positions: positions, colors: colors)
    }

    /// Premultiplied colour × 255 with the layer's opacity folded in (what the shader blends).
    static func premultiplied255(_ c: StyleColor, opacity: Double) -> SIMD4<Float> {
        let a = max(0, min(1, c.a)) * opacity
        func ch(_ v: Double) -> Float { Float(max(0, min(1, v)) * a * 255) }
        return SIMD4(ch(c.r), ch(c.g), ch(c.b), Float(a * 255))
    }
}
