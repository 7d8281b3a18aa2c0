import Foundation
import Geo
import JSON
import Raster
import StyleSpec

/// The built-in `graticule` renderer: meridians and parallels every `step` degrees.
///
/// Options: `{"step": 10, "color": "#888", "width": 1, "opacity": 1}` — step in (0, 90],
/// width in CSS pixels in [0, 1000], opacity in [0, 1]. Lines are thin rectangles filled by
/// the Raster target (`Canvas.fill`, one non-zero pass). Parallels are straight lines in Web
/// Mercator; meridians end at ±85.0511°, where the square Mercator world ends.
public struct GraticuleRenderer: CustomLayerRenderer {
    public static let name = "graticule"

    public init() {}

    public func prepare(options json: JSONObject, layerID: String) throws -> any PreparedCustomLayer {
        let o = try CustomLayerOptions(json, allowed: ["step", "color", "width", "opacity"])
        let step = try o.number("step", default: 10, expected: "a step in (0, 90] degrees") { $0 > 0 && $0 <= 90 }
        let width = try o.number("width", default: 1, expected: "a width in [0, 1000] px") { $0 >= 0 && $0 <= 1000 }
        let opacity = try o.number("opacity", default: 1, expected: "an opacity in [0, 1]") { (0...1).contains($0) }
        let c = try o.color("color", default: StyleColor(r: 0x88 / 255.0, g: 0x88 / 255.0, b: 0x88 / 255.0))
        return Graticule(step: step, width: width, opacity: Float(opacity),
                         color: Color(r: Float(c.r), g: Float(c.g), b: Float(c.b), a: Float(c.a)))
    }
}
