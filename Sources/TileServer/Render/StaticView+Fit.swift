import ImageCodec

extension StaticView {
    /// A view of `bounds` fitted into `width`×`height` CSS px (see `StaticBounds.fit`); north up,
    /// as tileserver-gl fits its area-based images.
    public init(fitting bounds: StaticBounds, padding: Double, width: Int, height: Int, pixelRatio: Double,
                maxSide: Int) throws {
        let f = bounds.fit(width: width, height: height, padding: padding)
        try self.init(lon: f.lon, lat: f.lat, zoom: f.zoom, bearing: 0, width: width, height: height,
                      pixelRatio: pixelRatio, maxSide: maxSide)
    }

    /// `/static/bounds/{minx},{miny},{maxx},{maxy}/{w}x{h}[@{r}x].{png|webp|jpg|jpeg}` with the
    /// raw `padding` and `quality` query values. (Strata's `/static/{a},{b},{c},{d}` is already
    /// lon,lat,zoom,bearing, so the box has its own segment.)
    public static func parse(bounds: String, size: String, maxSide: Int, padding: String? = nil, quality: String? = nil,
                             jpegBackground: JPEGEncoder.Background = .white) throws -> StaticView {
        let box = try StaticBounds.parse(bounds.split(separator: ",", omittingEmptySubsequences: false))
        let pad = try StaticBounds.padding(padding)
        let sz = try StaticSize.parse(size, quality: quality, jpegBackground: jpegBackground)
        var view = try StaticView(fitting: box, padding: pad, width: sz.width, height: sz.height,
                                  pixelRatio: sz.pixelRatio, maxSide: maxSide)
        view.output = sz.output
        return view
    }
}
