import JSON

/// A view annotation: a callout box with text, pinned to a coordinate and drawn above every
/// layer in screen pixels (never rotated or scaled with the map). It belongs to the session's
/// style revision, so history, undo, `If-Match`, persistence and the render hash cover it.
public struct Annotation: Sendable, Hashable {
    /// Which point of the box sits on the coordinate (`bottom`: the box is above the point).
    public enum Anchor: String, Sendable, CaseIterable {
        case center, top, bottom, left, right
        case topLeft = "top-left", topRight = "top-right", bottomLeft = "bottom-left", bottomRight = "bottom-right"

        /// Horizontal and vertical position of the anchor on the box, 0...1.
        public var alignment: (x: Double, y: Double) {
            let x: Double = [.left, .topLeft, .bottomLeft].contains(self) ? 0 : [.right, .topRight, .bottomRight].contains(self) ? 1 : 0.5
            let y: Double = [.top, .topLeft, .topRight].contains(self) ? 0 : [.bottom, .bottomLeft, .bottomRight].contains(self) ? 1 : 0.5
            return (x, y)
        }
    }

    /// The optional `style` object; colours keep the client's spelling for `GET`.
    public struct Appearance: Sendable, Hashable {
        public var backgroundColor = ColorValue("#ffffff", .white)
        public var borderColor = ColorValue("#333333", StyleColor(r: 0.2, g: 0.2, b: 0.2))
        public var textColor = ColorValue("#222222", StyleColor(r: 0x22 / 255, g: 0x22 / 255, b: 0x22 / 255))
        /// CSS px.
        public var textSize = 14.0
        /// CSS px between the text and the border.
        public var padding = 6.0

        public init() {}
    }

    /// A colour as written and as parsed.
    public struct ColorValue: Sendable, Hashable {
        public var text: String
        public var color: StyleColor
        public init(_ text: String, _ color: StyleColor) { self.text = text; self.color = color }
    }

    public var id: String
    public var longitude: Double
    public var latitude: Double
    public var text: String
    /// Box size in CSS px; nil fits the text.
    public var width: Double?
    public var height: Double?
    public var anchor: Anchor = .center
    /// CSS px added to the anchored position (y down).
    public var offsetX = 0.0
    public var offsetY = 0.0
    public var allowOverlap = false
    public var selected = false
    public var visible = true
    /// With `layer`: shown only where that layer draws (and, for a feature id, that feature).
    public var associatedFeatureId: String?
    public var layer: String?
    public var appearance = Appearance()

    public init(id: String, longitude: Double, latitude: Double, text: String) {
        self.id = id; self.longitude = longitude; self.latitude = latitude; self.text = text
    }

    /// Web Mercator latitude limit: beyond it a point has no place on the map.
    public static let maxLatitude = 85.05

    /// The full JSON form (every field, defaults included): `GET /annotations/{id}` and the
    /// store. `parse` reads it back to an equal value.
    public var json: JSONValue {
        var o = JSONObject()
        o["id"] = .string(id)
        o["coordinate"] = [.number(longitude), .number(latitude)]
        o["text"] = .string(text)
        o["width"] = width.map(JSONValue.number) ?? .null
        o["height"] = height.map(JSONValue.number) ?? .null
        o["anchor"] = .string(anchor.rawValue)
        o["offsetX"] = .number(offsetX)
        o["offsetY"] = .number(offsetY)
        o["allowOverlap"] = .bool(allowOverlap)
        o["selected"] = .bool(selected)
        o["visible"] = .bool(visible)
        o["associatedFeatureId"] = associatedFeatureId.map(JSONValue.string) ?? .null
        o["layer"] = layer.map(JSONValue.string) ?? .null
        o["style"] = .object(JSONObject([
            ("background-color", .string(appearance.backgroundColor.text)),
            ("border-color", .string(appearance.borderColor.text)),
            ("text-color", .string(appearance.textColor.text)),
            ("text-size", .number(appearance.textSize)),
            ("padding", .number(appearance.padding)),
        ]))
        return .object(o)
    }
}
