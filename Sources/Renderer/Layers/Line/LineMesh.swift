/// One vertex of a tessellated line, holding what MapLibre's line bucket stores per vertex
/// after the same quantisation (so the shader sees the values MapLibre's shader sees).
struct LineVertex: Equatable {
    /// Position on the centre line in tile units (whole numbers, relative to the mesh origin).
    var position: SIMD2<Float>
    /// Extrusion in units of the half width, as the vertex buffer keeps it: each component
    /// rounded to 1/63 and stored in a byte (so values beyond ±2 wrap, as they do in MapLibre).
    var extrude: SIMD2<Float>
    /// Which side of the line the vertex is on: +1 for "up" vertices, −1 for the others.
    var side: Float
    /// 1 for the corners of round caps and round joins (the shader measures a circular
    /// distance there), 0 elsewhere.
    var round: Float
    /// −1, 0 or +1: how the extrusion is turned along the line (caps), for `line-offset`.
    var direction: Float
    /// Distance along the line in tile units as the 15-bit vertex field decodes it (or, with
    /// line metrics, the part's progress · 32767).
    var linesofar: Float
    /// Progress within the clipped part (0 at its start, 1 at its end), with line metrics.
    var progress: Float
    /// The part's row in the gradient ramp (MapLibre's split index).
    var rampRow: Int32 = 0
}

/// A tessellated line: vertices and triangles (three vertex indices each), appended by
/// `LineTessellator` and drawn by `LineRasterPass`. Kept across features so the storage is
/// reused.
struct LineMesh {
    var vertices: [LineVertex] = []
    var indices: [UInt32] = []
    /// Longest part added since the last `removeAll` (tile units), for step gradients.
    var maxLineLength: Double = 0

    var triangleCount: Int { indices.count / 3 }
    var isEmpty: Bool { indices.isEmpty }

    mutating func removeAll() {
        vertices.removeAll(keepingCapacity: true)
        indices.removeAll(keepingCapacity: true)
        maxLineLength = 0
    }
}
