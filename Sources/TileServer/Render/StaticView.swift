import Foundation
import ImageCodec

/// A validated static image request: centre, MapLibre zoom, bearing and size.
public struct StaticView: Sendable, Equatable {
    public static let zoomRange = -2.0...24.0

    public let lon: Double
    public let lat: Double
    public let zoom: Double
    public let bearing: Double
    /// Degrees from straight down (0 … `maxPitch`): above 0 a perspective view as MapLibre's.
    public var pitch: Double = 0
    /// The steepest pitch a static view may ask for: a static request is explicit, so it may go
    /// past an interactive map's 60° up to MapLibre's own limit.
    public static let maxPitch = 85.0
    /// CSS px.
    public let width: Int
    public let height: Int
    public let pixelRatio: Double
    /// The file format the image is encoded in (`.png`, `.webp`, `.jpg`/`.jpeg`).
    public var output: ImageOutput = .png
    /// Plain text drawn in the bottom-right corner (MapLibre's attribution control), or nil.
    /// It comes from the style, so the style's render hash covers it; the key says it is on.
    public var attribution: String?

    public var pixelWidth: Int { Int((Double(width) * pixelRatio).rounded(.down)) }
    public var pixelHeight: Int { Int((Double(height) * pixelRatio).rounded(.down)) }

    public var cacheKey: String { "s/\(lon),\(lat),\(zoom),\(bearing)\(pitch == 0 ? "" : ",\(pitch)")/\(width)x\(height)@\(pixelRatio)" + output.cacheKeySuffix
        + (attribution == nil ? "" : "/attribution") }

    public init(lon: Double, lat: Double, zoom: Double, bearing: Double, width: Int, height: Int, pixelRatio: Double,
                maxSide: Int) throws {
        // Any longitude is a place on the repeating world (the contract renders views exactly as
        // asked, without wrapping or clamping); the bound only keeps coordinates finite.
        guard lon.isFinite, abs(lon) <= 1e6 else { throw InvalidRequest("longitude must be a number in [-1e6, 1e6] (got \(lon))", code: "invalid_view") }
        guard lat.isFinite, (-90...90).contains(lat) else { throw InvalidRequest("latitude must be in [-90, 90] (got \(lat))", code: "invalid_view") }
        guard Self.zoomRange.contains(zoom) else { throw InvalidRequest("zoom must be in [-2, 24] (got \(zoom))", code: "invalid_view") }
        guard bearing.isFinite else { throw InvalidRequest("bearing must be a finite number", code: "invalid_view") }
        guard width >= 1, height >= 1 else { throw InvalidRequest("width and height must be integers ≥ 1", code: "invalid_view") }
        guard pixelRatio > 0, pixelRatio <= 10 else { throw InvalidRequest("pixel ratio must be in (0, 10] (got \(pixelRatio))", code: "invalid_view") }
        self.lon = lon; self.lat = lat; self.zoom = zoom; self.bearing = bearing
        self.width = width; self.height = height; self.pixelRatio = pixelRatio
        guard pixelWidth >= 1, pixelHeight >= 1 else {
            throw InvalidRequest("the image would be \(pixelWidth)×\(pixelHeight) px; both sides must be ≥ 1", code: "invalid_view")
        }
        guard pixelWidth <= maxSide, pixelHeight <= maxSide else {
            throw InvalidRequest("the image would be \(pixelWidth)×\(pixelHeight) px; each side must be ≤ \(maxSide)", code: "invalid_view")
        }
    }

    /// A pitch in [0, `maxPitch`] or a 400 naming it.
    public static func checkedPitch(_ pitch: Double) throws -> Double {
        guard pitch.isFinite, (0...maxPitch).contains(pitch) else {
            throw InvalidRequest("pitch must be in [0, \(Int(maxPitch))] degrees (got \(pitch))", code: "invalid_view")
        }
        return pitch
    }

    /// `/static/{lon},{lat},{zoom}[,{bearing}[,{pitch}]]/{w}x{h}[@{r}x].{png|webp|jpg|jpeg}`; `quality`
    /// is the raw `quality` query value (WebP, JPEG).
    public static func parse(view: String, size: String, maxSide: Int, quality: String? = nil,
                             jpegBackground: JPEGEncoder.Background = .white) throws -> StaticView {
        let parts = view.split(separator: ",", omittingEmptySubsequences: false)
        guard (3...5).contains(parts.count) else {
            throw InvalidRequest("view must be lon,lat,zoom[,bearing[,pitch]] (got \"\(view)\")", code: "invalid_view")
        }
        let names = ["longitude", "latitude", "zoom", "bearing", "pitch"]
        var nums: [Double] = []
        for (i, p) in parts.enumerated() {
            guard let v = plainDecimal(p) else {
                throw InvalidRequest("\(names[i]) must be a plain decimal number (got \"\(p)\")", code: "invalid_view")
            }
            nums.append(v)
        }
        let sz = try StaticSize.parse(size, quality: quality, jpegBackground: jpegBackground)
        var view = try StaticView(lon: nums[0], lat: nums[1], zoom: nums[2], bearing: nums.count > 3 ? nums[3] : 0,
                                  width: sz.width, height: sz.height, pixelRatio: sz.pixelRatio, maxSide: maxSide)
        view.output = sz.output
        if nums.count > 4 { view.pitch = try checkedPitch(nums[4]) }
        return view
    }

    /// `-?digits(.digits)?` — no exponent, no sign "+", no spaces, no "nan"/"inf".
    static func plainDecimal(_ s: Substring) -> Double? {
        var u = Substring(s).utf8[...]
        if u.first == UInt8(ascii: "-") { u = u.dropFirst() }
        guard !u.isEmpty, u.count <= 32 else { return nil }
        var seenDot = false, digitsBefore = 0, digitsAfter = 0
        for c in u {
            if c == UInt8(ascii: ".") { if seenDot { return nil }; seenDot = true; continue }
            guard c >= 48 && c <= 57 else { return nil }
            if seenDot { digitsAfter += 1 } else { digitsBefore += 1 }
        }
        guard digitsBefore > 0, !seenDot || digitsAfter > 0 else { return nil }
        return Double(String(s))
    }
}
