/// What tileserver-gl's `path=` and `marker=` draw on a static image, validated: every
/// coordinate is a place on the map, every colour a CSS colour, every icon a name Strata can
/// load. `OverlayLayers` turns it into a GeoJSON source, style layers and images.
public struct StaticOverlays: Sendable, Equatable {
    public var paths: [OverlayPath] = []
    public var markers: [OverlayMarker] = []
    /// The style layer the overlays are drawn below (`before_layer`); nil: above every layer.
    public var beforeLayer: String?

    public init() {}

    public var isEmpty: Bool { paths.isEmpty && markers.isEmpty }

    /// The lon/lat box of every path point and marker coordinate (what `static/auto` fits),
    /// nil without overlays.
    public var coordinateBounds: (minx: Double, miny: Double, maxx: Double, maxy: Double)? {
        var b: (minx: Double, miny: Double, maxx: Double, maxy: Double)?
        func add(_ lon: Double, _ lat: Double) {
            guard let c = b else { b = (lon, lat, lon, lat); return }
            b = (min(c.minx, lon), min(c.miny, lat), max(c.maxx, lon), max(c.maxy, lat))
        }
        for p in paths { for c in p.coordinates { add(c.lon, c.lat) } }
        for m in markers { add(m.lon, m.lat) }
        return b
    }
}

/// One `path=`: a polyline (a polygon too when it has a fill) and how it is stroked. Widths
/// are CSS px, so `@2x` doubles them as it doubles every style line.
public struct OverlayPath: Sendable, Equatable {
    public var coordinates: [Coordinate]
    /// CSS colours as given (checked to parse).
    public var stroke: String
    public var width: Double
    public var fill: String?
    public var border: String?
    /// Width of the border on each side of the stroke, CSS px.
    public var borderWidth: Double
    public var lineCap: String
    public var lineJoin: String

    /// tileserver-gl's defaults: a 1 px translucent blue stroke, a translucent white fill when
    /// `fill` is asked for without a colour, a border 10 % of the stroke's width.
    public static let defaultStroke = "rgba(0,64,255,0.7)"
    public static let defaultFill = "rgba(255,255,255,0.4)"
    public static let defaultWidth = 1.0
    public static let borderRatio = 0.1
    public static let maxWidth = 500.0
    public static let maxBorderWidth = 250.0
    public static let lineCaps = ["butt", "round", "square"]
    public static let lineJoins = ["miter", "round", "bevel"]

    /// Closed (first point = last point): tileserver-gl closes the canvas path there.
    public var isClosed: Bool { coordinates.count > 2 && coordinates.first == coordinates.last }
}

/// One `marker=`: the icon's bottom centre sits on the coordinate (moved by `offset`, CSS px
/// scaled by `scale`, y down), as tileserver-gl places it.
public struct OverlayMarker: Sendable, Equatable {
    public var lon: Double
    public var lat: Double
    public var icon: MarkerIcon
    public var scale: Double = 1
    public var offsetX: Double = 0
    public var offsetY: Double = 0
    public static let maxScale = 10.0
    public static let maxOffset = 1000.0
}

/// Where a marker's picture comes from.
public enum MarkerIcon: Sendable, Equatable {
    /// A PNG file inside the configured icons folder (`iconsDir`), by its relative name.
    case file(String)
    /// An image of the style's sprite (or the session's images): `sprite:NAME`.
    case sprite(String)
    /// Strata's built-in pin (`pin-{colour}[-{label}]`), see `MarkerPin`.
    case pin(MarkerPin)
}

/// A lon/lat pair.
public struct Coordinate: Sendable, Equatable {
    public var lon: Double
    public var lat: Double
    public init(lon: Double, lat: Double) { self.lon = lon; self.lat = lat }
}
