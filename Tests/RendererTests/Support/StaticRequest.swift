import Foundation

/// The `GET /static/{lon},{lat},{zoom},{bearing}/{w}x{h}@{r}x.png` request `run.py` makes for a
/// view, and the values the server parses back from it: numbers go through `run.py`'s
/// `fmt_num` text, and the server's `StaticView` limits apply (a refused request is an ERROR).
struct StaticRequest {
    /// The upstream harness creates its Map with maxCanvasSize [8192, 8192].
    static let maxCanvas = 8192.0
    /// `StaticView` limits of the server (default config: 8192 px a side).
    static let zoomRange = -2.0...24.0
    static let maxSide = 8192

    let lon: Double, lat: Double, zoom: Double, bearing: Double
    let width: Int, height: Int
    /// Effective pixel ratio: the asked one, lowered so no side exceeds `maxCanvas`.
    let pixelRatio: Double
    /// The request path without the session query.
    let path: String

    init(view: HarnessView, width: Int, height: Int, pixelRatio ratio: Double) throws {
        let eff = ratio * min(1.0, Self.maxCanvas / (Double(width) * ratio), Self.maxCanvas / (Double(height) * ratio))
        let texts = try [view.lng, view.lat, view.zoom, view.bearing, eff].map(Self.fmtNum)
        path = "/static/\(texts[0]),\(texts[1]),\(texts[2]),\(texts[3])/\(width)x\(height)@\(texts[4])x.png"
        let parsed = texts.map { Double($0)! }
        (lon, lat, zoom, bearing, pixelRatio) = (parsed[0], parsed[1], parsed[2], parsed[3], parsed[4])
        self.width = width; self.height = height
        func refuse(_ why: String) -> HarnessError { HarnessError("GET \(path) -> 400 \(why)") }
        for t in texts where t.drop(while: { $0 == "-" }).count > 32 { throw refuse("number \(t) too long for a plain decimal") }
        guard abs(lon) <= 1e6 else { throw refuse("longitude must be in [-1e6, 1e6]") }
        guard (-90...90).contains(lat) else { throw refuse("latitude must be in [-90, 90]") }
        guard Self.zoomRange.contains(zoom) else { throw refuse("zoom must be in [-2, 24]") }
        guard width >= 1, height >= 1 else { throw refuse("width and height must be integers ≥ 1") }
        guard pixelRatio > 0, pixelRatio <= 10 else { throw refuse("pixel ratio must be in (0, 10]") }
        let pw = Int((Double(width) * pixelRatio).rounded(.down)), ph = Int((Double(height) * pixelRatio).rounded(.down))
        guard pw >= 1, ph >= 1, pw <= Self.maxSide, ph <= Self.maxSide else { throw refuse("the image would be \(pw)×\(ph) px") }
    }

    struct NotANumber: Error {}

    /// `run.py`'s `fmt_num`: integral values as integers, others as Python's shortest repr, and
    /// what Python prints with an exponent (|x| < 1e-4 or ≥ 1e16) as `%.17f` without trailing
    /// zeros, which rounds to 17 decimals.
    static func fmtNum(_ x: Double) throws -> String {
        guard x.isFinite else { throw HarnessError("cannot write \(x) in a URL") }
        if x == x.rounded(.towardZero) && abs(x) < 1e15 { return String(Int(x)) }
        let magnitude = abs(x)
        if magnitude < 1e-4 || magnitude >= 1e16 {
            var s = String(format: "%.17f", x)
            while s.hasSuffix("0") { s.removeLast() }
            if s.hasSuffix(".") { s.removeLast() }
            return s
        }
        return "\(x)"
    }
}
