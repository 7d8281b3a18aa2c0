import Geo
import JSON

/// One feature of a GeoJSON source. Its geometry lives in the source's flat store: get it
/// with `GeoJSONSource.geometry(_:)` (full detail) or clipped and simplified for a view
/// with `GeoJSONSource.clip(feature:zoom:to:worldCopy:into:)`.
public struct Feature: Sendable {
    /// The feature id: the GeoJSON `id` (number or string), the `promoteId` property, or the
    /// input index with `generateId`; nil when there is none.
    public let id: JSONValue?
    public let properties: JSONObject
    public let type: GeometryType
    /// True for more than one point, line or polygon (MapLibre's "Multi…" geometry-type).
    public let isMulti: Bool
    /// Bounds of the geometry in world coordinates.
    public let bounds: WorldRect
}

/// Why a GeoJSON document could not be read at all (invalid parts inside a valid document
/// only produce warnings). `path` is a JSON pointer into the document.
public struct GeoJSONError: Error, Sendable, Equatable, CustomStringConvertible {
    public let message: String
    public let path: JSONPointer
    public init(_ message: String, path: JSONPointer = .root) { self.message = message; self.path = path }
    public var description: String { path.tokens.isEmpty ? message : "\(path): \(message)" }
}
