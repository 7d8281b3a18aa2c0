import Foundation
import JSON
import Raster
import StyleSpec

/// The style's `sky` behind a pitched view, as MapLibre's sky shader draws it: above the
/// horizon (`CameraPerspective.horizonAboveCenter`) the sky colour, mixed toward the horizon
/// colour over the `sky-horizon-blend` fraction of half the view's height by (1 − d/blend)²;
/// nothing below it, where the ground is drawn. Only a style with a `sky` object has one.
struct SkyPainter {
    let skyColor: Color
    let horizonColor: Color
    /// `sky-horizon-blend`: the fraction of half the view's height the sky fades over.
    let horizonBlend: Double

    init?(_ style: Style, context: EvaluationContext) {
        guard style.root["sky"]?.objectValue != nil else { return nil }
        let value = RootProperties(style, key: "sky", group: SpecTables.sky, context: context).value
        skyColor = value("sky-color").map(Convert.color) ?? Color(r: 0x88 / 255, g: 0xC6 / 255, b: 0xFC / 255)
        horizonColor = value("horizon-color").map(Convert.color) ?? Color(r: 1, g: 1, b: 1)
        horizonBlend = Double(max(0, min(1, value("sky-horizon-blend").map(Convert.number) ?? 0.8)))
    }

    /// Fills the rows above the horizon of `canvas` (before any layer draws).
    func draw(_ p: CameraPerspective, on canvas: Canvas) {
        let horizonY = p.camera.centerPixel.y - p.horizonAboveCenter
        guard horizonY.isFinite, horizonY > 0 else { return }
        let blendPixels = horizonBlend * Double(p.camera.height) / 2
        let last = min(canvas.height, Int(horizonY.rounded(.up)))
        for y in 0..<last {
            let above = horizonY - (Double(y) + 0.5)
            guard above > 0 else { continue }
            var color = skyColor
            if above < blendPixels {
                let t = Float(pow(1 - above / blendPixels, 2))
                color = Color(r: skyColor.r + (horizonColor.r - skyColor.r) * t, g: skyColor.g + (horizonColor.g - skyColor.g) * t,
                              b: skyColor.b + (horizonColor.b - skyColor.b) * t, a: skyColor.a + (horizonColor.a - skyColor.a) * t)
            }
            canvas.fill(PixelRect(x0: 0, y0: y, x1: canvas.width, y1: y + 1), with: color)
        }
    }
}
