import Foundation
import JSON

/// The view the harness asks for, with MapLibre GL JS's camera rules
/// (`MercatorTransform` constrain, renderWorldCopies): a port of `run.py`'s `View`, so both
/// runners request the same centre and zoom. Zoom is clamped to [minZoom, maxZoom]; the view
/// may not extend past ±85.051129° (the centre moves, or the zoom grows when the world is
/// shorter than the view).
struct HarnessView {
    static let maxValidLatitude = 85.051129
    static let tileSize = 512.0

    let width: Double
    let height: Double
    let minZoom: Double
    let maxZoom: Double
    private(set) var lng = 0.0, lat = 0.0, zoom = 0.0, bearing = 0.0, pitch = 0.0
    /// No camera change so far (a `setStyle` from a `local://` string then adopts its camera).
    private(set) var unmodified = true

    init(width: Int, height: Int, minZoom: Double, maxZoom: Double) {
        self.width = Double(width); self.height = Double(height)
        self.minZoom = minZoom; self.maxZoom = maxZoom
        constrain()
    }

    enum BadArgument: Error, CustomStringConvertible {
        case notANumber(String, JSONValue)
        case badCenter(JSONValue)
        var description: String {
            switch self {
            case .notANumber(let what, let v): return "\(what) must be a number, got \(v.serialized())"
            case .badCenter(let v): return "center must be [lng, lat] or {lng|lon, lat}, got \(v.serialized())"
            }
        }
    }

    /// `view.jump(...)`: nil (or JSON null) arguments leave that part unchanged.
    mutating func jump(center: JSONValue? = nil, zoom: JSONValue? = nil, bearing: JSONValue? = nil,
                       pitch: JSONValue? = nil) throws {
        let before = [lng, lat, self.zoom, self.bearing, self.pitch]
        if let z = zoom, !z.isNull { self.zoom = try Self.number(z, "zoom") }
        if let c = center, !c.isNull {
            switch c {
            case .array(let a) where a.count >= 2:
                lng = try Self.number(a[0], "center[0]"); lat = try Self.number(a[1], "center[1]")
            case .object(let o):
                guard let lat = o["lat"], let lng = o["lng"] ?? o["lon"] else { throw BadArgument.badCenter(c) }
                self.lng = try Self.number(lng, "center.lng"); self.lat = try Self.number(lat, "center.lat")
            default:
                throw BadArgument.badCenter(c)
            }
        }
        if let b = bearing, !b.isNull { self.bearing = Self.wrap(try Self.number(b, "bearing"), -180, 180) }
        if let p = pitch, !p.isNull { self.pitch = try Self.number(p, "pitch") }
        constrain()
        if [lng, lat, self.zoom, self.bearing, self.pitch] != before { unmodified = false }
    }

    private static func number(_ v: JSONValue, _ what: String) throws -> Double {
        switch v {
        case .number(let n): return n
        case .bool(let b): return b ? 1 : 0   // Python's float(True)
        default: throw BadArgument.notANumber(what, v)
        }
    }

    private mutating func constrain() {
        let zoom = min(max(self.zoom, minZoom), maxZoom)
        let ws = Self.tileSize * pow(2, zoom)
        let minY = Self.mercY(Self.maxValidLatitude) * ws
        let maxY = Self.mercY(-Self.maxValidLatitude) * ws
        let lat = min(max(self.lat, -Self.maxValidLatitude), Self.maxValidLatitude)
        let ox = Self.mercX(lng) * ws, oy = Self.mercY(lat) * ws
        if maxY - minY < height {
            // The world is shorter than the view: zoom in until it fills the height.
            let scale = height / (maxY - minY)
            let ny = (maxY + minY) / 2
            lng = Self.wrap(ox / ws * 360 - 180, -180, 180)
            self.lat = Self.latFromY(ny / ws)
            self.zoom = zoom + log2(scale)
            return
        }
        let h2 = height / 2
        var my: Double?
        if oy - h2 < minY { my = minY + h2 }
        if oy + h2 > maxY { my = maxY - h2 }
        if let my {
            lng = Self.wrap(ox / ws * 360 - 180, -180, 180)
            self.lat = Self.latFromY(my / ws)
        }
        self.zoom = zoom
    }

    static func mercX(_ lng: Double) -> Double { (180 + lng) / 360 }

    static func mercY(_ lat: Double) -> Double {
        (180 - (180 / Double.pi * log(tan(Double.pi / 4 + lat * Double.pi / 360)))) / 360
    }

    static func latFromY(_ y: Double) -> Double {
        let y2 = 180 - y * 360
        return 360 / Double.pi * atan(exp(y2 * Double.pi / 180)) - 90
    }

    /// Python's float `%` (the result takes the divisor's sign).
    static func pyMod(_ a: Double, _ b: Double) -> Double {
        var m = fmod(a, b)
        if m != 0 && ((b < 0) != (m < 0)) { m += b }
        return m
    }

    /// `wrap(n, lo, hi)` of `run.py` (GL JS's `wrap`, with `hi` kept instead of `lo`).
    static func wrap(_ n: Double, _ lo: Double, _ hi: Double) -> Double {
        let d = hi - lo
        let w = pyMod(pyMod(n - lo, d) + d, d) + lo
        return w == lo ? hi : w
    }
}
