/// GL's depth buffer for surfaces drawn under a perspective camera (`fill-extrusion`): one
/// value per pixel, the reciprocal depth 1/w of the nearest surface drawn there so far (0:
/// nothing yet, infinitely far). Storing 1/w rather than GL's window z keeps the order (both
/// grow monotonically toward the camera) and is what is linear in screen space.
public final class DepthBuffer {
    public private(set) var width: Int
    public private(set) var height: Int
    @usableFromInline var values: [Float]

    public init(width: Int, height: Int) {
        self.width = max(0, width); self.height = max(0, height)
        values = Array(repeating: 0, count: self.width * self.height)
    }

    /// Forgets every surface (GL's depth clear), resizing when needed.
    public func reset(width: Int, height: Int) {
        let w = max(0, width), h = max(0, height)
        if w != self.width || h != self.height {
            self.width = w; self.height = h
            values = Array(repeating: 0, count: w * h)
        } else {
            for i in values.indices { values[i] = 0 }
        }
    }

    /// 1/w of the nearest surface at pixel (x, y), 0 when none.
    public func reciprocalDepth(_ x: Int, _ y: Int) -> Float { values[y * width + x] }
}

/// GL's depth functions MapLibre uses: `LESS` keeps the first of equally deep surfaces,
/// `LEQUAL` the last (MapLibre draws opaque extrusions with LEQUAL; translucent ones with a
/// depth pre-pass and a stencil that lets only the first surface at the nearest depth colour
/// a pixel, which is `LESS`'s result).
public enum DepthTest: Sendable {
    case less, lessOrEqual

    /// Whether a fragment at reciprocal depth `q` replaces what is stored (`stored`).
    @inlinable @inline(__always)
    func passes(_ q: Float, _ stored: Float) -> Bool {
        switch self {
        case .less: return q > stored
        case .lessOrEqual: return q >= stored
        }
    }
}
