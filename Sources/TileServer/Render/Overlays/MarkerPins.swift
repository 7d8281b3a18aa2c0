import Foundation
import PNGCodec
import StyleSpec

/// Strata's built-in marker: a teardrop pin whose tip is the coordinate, in a colour, with an
/// optional one- or two-character label in its head. Named in `marker=` as
/// `pin-{colour}[-{label}]`: `pin` (red), `pin-blue`, `pin-0a0-A`, `pin-ff8800-12`
/// (a CSS colour name, or 3/6 hex digits without `#`; a label of letters and digits).
public struct MarkerPin: Sendable, Equatable {
    public var colour: String
    public var label: String?

    /// CSS px: the pin is `width`×`height`, its head a circle of `radius` around `(width/2, headY)`.
    static let width = 24.0, height = 36.0, radius = 11.0, headY = 12.0, border = 1.5
    static let defaultColour = "#e03030"

    /// `pin…` as the grammar above; nil when `name` is not a pin at all, a 400 for a bad one.
    static func parse(_ name: String, at: String) throws -> MarkerPin? {
        guard name == "pin" || name.hasPrefix("pin-") else { return nil }
        let parts = name.split(separator: "-", omittingEmptySubsequences: false).dropFirst()
        guard parts.count <= 2 else { throw OverlayQueryParser.bad("\(at): a pin is pin[-{colour}[-{label}]] (got \"\(OverlayQueryParser.shown(name))\")") }
        var pin = MarkerPin(colour: defaultColour, label: nil)
        if let c = parts.first {
            let s = String(c)
            if StyleColor.parse(s) != nil, !s.hasPrefix("#") {
                pin.colour = s
            } else if [3, 6].contains(s.count), s.allSatisfy(\.isHexDigit) {
                pin.colour = "#" + s
            } else {
                throw OverlayQueryParser.bad("\(at): \"\(OverlayQueryParser.shown(s))\" is not a colour name or 3/6 hex digits")
            }
        }
        if parts.count == 2 {
            let l = parts.last!
            guard (1...2).contains(l.count), l.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
                throw OverlayQueryParser.bad("\(at): a pin label is 1 or 2 letters or digits (got \"\(OverlayQueryParser.shown(l))\")")
            }
            pin.label = String(l)
        }
        return pin
    }

    /// The pin drawn at `pixelRatio` (an integer 1…4 keeps it sharp at that `@Nx`), as PNG.
    func image(pixelRatio: Int) throws -> StyleImage {
        let k = Double(pixelRatio)
        let w = Int(Self.width * k), h = Int(Self.height * k)
        let fill = StyleColor.parse(colour) ?? StyleColor(r: 1, g: 0, b: 0, a: 1)
        let edge = (r: fill.r * 0.6, g: fill.g * 0.6, b: fill.b * 0.6)
        let outer = Self.shape(inset: 0), inner = Self.shape(inset: Self.border)
        var px = [UInt8](repeating: 0, count: w * h * 4)
        let n = 4   // 4×4 samples a pixel
        for y in 0..<h {
            for x in 0..<w {
                var covered = 0, body = 0, dot = 0
                for sy in 0..<n {
                    for sx in 0..<n {
                        let cx = (Double(x) + (Double(sx) + 0.5) / Double(n)) / k
                        let cy = (Double(y) + (Double(sy) + 0.5) / Double(n)) / k
                        guard outer(cx, cy) else { continue }
                        covered += 1
                        if inner(cx, cy) { body += 1 }
                        if label == nil, hypot(cx - Self.width / 2, cy - Self.headY) <= 4 { dot += 1 }
                    }
                }
                guard covered > 0 else { continue }
                let total = Double(n * n)
                let fb = Double(body - dot) / total, eb = Double(covered - body) / total, wb = Double(dot) / total
                // Premultiplied: each part's colour times its share of the pixel.
                let r = fill.r * fill.a * fb + edge.r * eb + wb, g = fill.g * fill.a * fb + edge.g * eb + wb
                let b = fill.b * fill.a * fb + edge.b * eb + wb
                let i = (y * w + x) * 4
                px[i] = UInt8((r * 255).rounded()); px[i + 1] = UInt8((g * 255).rounded())
                px[i + 2] = UInt8((b * 255).rounded()); px[i + 3] = UInt8((min(1, fb * fill.a + eb + wb) * 255).rounded())
            }
        }
        return StyleImage(png: try PNGEncoder.encode(premultipliedRGBA: px, width: w, height: h), pixelRatio: k)
    }

    /// Whether a CSS px point is inside the pin shrunk by `inset`: the head's circle, or the
    /// triangle from the tip to the circle's tangent points.
    private static func shape(inset: Double) -> (Double, Double) -> Bool {
        let cx = width / 2, cy = headY, r = radius - inset
        let d0 = height - headY
        // The tip moves up so the sides move in by `inset`.
        let halfAngle = asin(radius / d0)
        let tipY = height - inset / sin(halfAngle)
        let d = tipY - cy
        let beta = acos(min(1, r / d))
        let t1 = (cx - r * sin(beta), cy + r * cos(beta)), t2 = (cx + r * sin(beta), cy + r * cos(beta))
        let tip = (cx, tipY)
        func side(_ a: (Double, Double), _ b: (Double, Double), _ x: Double, _ y: Double) -> Double {
            (b.0 - a.0) * (y - a.1) - (b.1 - a.1) * (x - a.0)
        }
        return { x, y in
            if hypot(x - cx, y - cy) <= r { return true }
            let s1 = side(t1, t2, x, y), s2 = side(t2, tip, x, y), s3 = side(tip, t1, x, y)
            return (s1 >= 0 && s2 >= 0 && s3 >= 0) || (s1 <= 0 && s2 <= 0 && s3 <= 0)
        }
    }

    /// Where the label's centre is, relative to the tip, CSS px (y down).
    static var labelCentre: (x: Double, y: Double) { (0, headY - height) }
}
