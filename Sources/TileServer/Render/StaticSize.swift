import ImageCodec

/// The `{w}x{h}[@{r}x].{png|webp|jpg|jpeg}` part of a static image URL, parsed once for
/// Strata's `/static` (a decimal ratio) and tileserver-gl's `/styles/{id}/static` (`@{n}x`, an
/// integer up to `maxPixelRatio`, as its tiles have it).
public struct StaticSize: Sendable, Equatable {
    public let width: Int
    public let height: Int
    public let pixelRatio: Double
    public let output: ImageOutput

    /// `maxPixelRatio` nil: any decimal ratio (StaticView bounds it); else an integer 1…max.
    public static func parse(_ size: String, maxPixelRatio: Int? = nil, quality: String? = nil,
                             jpegBackground: JPEGEncoder.Background = .white) throws -> StaticSize {
        let (base, ext) = try ImageOutput.splitExtension(size, what: "static image", errorCode: "invalid_view")
        let output = try ImageOutput.parse(ext: ext, quality: quality, jpegBackground: jpegBackground)
        var dims = base
        var ratio = 1.0
        if let at = dims.firstIndex(of: "@") {
            let r = dims[dims.index(after: at)...]
            ratio = try parseRatio(r, maxPixelRatio: maxPixelRatio)
            dims = dims[..<at]
        }
        let wh = dims.split(separator: "x", omittingEmptySubsequences: false)
        guard wh.count == 2, let w = TileRequest.plainInt(wh[0]), let h = TileRequest.plainInt(wh[1]) else {
            throw InvalidRequest("size must be {width}x{height} in integer px (got \"\(dims)\")", code: "invalid_view")
        }
        return StaticSize(width: w, height: h, pixelRatio: ratio, output: output)
    }

    /// The `r` of `@{r}x`: a decimal, or with `maxPixelRatio` an integer 1…max.
    private static func parseRatio(_ r: Substring, maxPixelRatio: Int?) throws -> Double {
        guard let maxPixelRatio else {
            guard r.hasSuffix("x"), let v = StaticView.plainDecimal(r.dropLast()) else {
                throw InvalidRequest("pixel ratio must be written @{r}x with a decimal r (got \"@\(r)\")", code: "invalid_view")
            }
            return v
        }
        return Double(try PixelRatioSuffix.integer(r, max: maxPixelRatio, errorCode: "invalid_scale"))
    }
}
