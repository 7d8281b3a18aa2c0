import JSON

extension RenderResources {
    /// The image names a style's `sprite` offers for `icon-image` and `*-pattern` (its 1x
    /// sheet, read once per value like every sprite; `id:name` for the sprites of an array
    /// other than `default`), sorted; empty without a sprite or when it cannot be read.
    public func spriteImageNames(_ sprite: JSONValue?) -> [String] {
        spriteSheet(sprite, highDensity: false).sheet.names.sorted { $0.utf8.lexicographicallyPrecedes($1.utf8) }
    }
}
