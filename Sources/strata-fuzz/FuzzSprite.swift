import JSON
import SourceData

/// A sprite index (`sprite.json`), read as the renderer reads it for a sheet of a size given
/// by the input's first bytes: reading never traps; every kept entry is a non-empty rectangle
/// inside the sheet with a positive pixel ratio; an input that is not a JSON object gives no
/// entries; warnings stay capped; the same input reads the same twice.
func fuzzSprite(_ data: UnsafeRawBufferPointer) {
    guard data.count >= 2 else { return }
    let sheetWidth = Int(data[0]) * 8, sheetHeight = Int(data[1]) * 8
    let body = UnsafeRawBufferPointer(rebasing: data[2...])
    let index = SpriteIndex.parse(body, sheetWidth: sheetWidth, sheetHeight: sheetHeight)
    fuzzCheck(index == SpriteIndex.parse(body, sheetWidth: sheetWidth, sheetHeight: sheetHeight), "reading is not deterministic")
    fuzzCheck(index.warnings.count <= 100, "\(index.warnings.count) warnings (capped at 100)")
    for e in index.entries {
        fuzzCheck(e.width > 0 && e.height > 0 && e.x >= 0 && e.y >= 0, "entry \(e.name): empty or negative rectangle")
        fuzzCheck(e.x + e.width <= sheetWidth && e.y + e.height <= sheetHeight, "entry \(e.name) lies outside the sheet")
        fuzzCheck(e.pixelRatio > 0 && e.pixelRatio.isFinite, "entry \(e.name): pixel ratio \(e.pixelRatio)")
    }
    if let json = try? JSONParser.parse(bytes: body), json.objectValue == nil {
        fuzzCheck(index.entries.isEmpty, "a non-object index gave entries")
    }
    let unbounded = SpriteIndex.parse(body)
    fuzzCheck(unbounded.entries.count >= index.entries.count, "a sheet size added entries")
}
