import JSON
import PNGCodec
import Raster
import SourceData
import StyleSpec

/// The images one render can draw, by name: the session's runtime images (`PUT /images`,
/// `addImage`) first, then the style's sprite. Runtime images are decoded on first use and
/// cached by content in `RenderResources`, so a render that draws no pattern decodes nothing.
/// A name found nowhere is reported once per render as a warning (MapLibre's "image could not
/// be loaded"), and draws nothing.
final class StyleImages {
    private let runtime: [String: StyleImage]
    private let sprite: SpriteSheet
    private let spriteKey: String
    private let resources: RenderResources
    private var decoded: [String: SpriteImage?] = [:]
    private var patterns: [String: PatternImage?] = [:]
    private var reported: Set<String> = []
    /// Every name an `image` expression may treat as available.
    let available: Set<String>

    init(style: Style, pixelRatio: Double, resources: RenderResources) {
        runtime = style.images
        self.resources = resources
        (sprite, spriteKey) = resources.spriteSheet(style[rootKey: "sprite"], highDensity: pixelRatio > 1)
        if runtime.isEmpty {
            available = sprite.names
        } else {
            available = sprite.names.union(runtime.keys)
        }
    }

    /// The image called `name`, nil (with a warning) when there is none.
    func image(_ name: String) -> SpriteImage? {
        if let hit = decoded[name] { return hit }
        var found: SpriteImage?
        if let r = runtime[name] {
            found = resources.runtimeImage(r, name: name)
        } else {
            found = sprite.images[name]
        }
        if found == nil, reported.insert(name).inserted {
            resources.tiles.warnings.add("image \"\(SpriteIndex.printable(name))\" is in neither the style's sprite nor its images: nothing is drawn with it")
        }
        decoded[name] = found
        return found
    }

    /// The image called `name` prepared for pattern sampling (shared across renders), nil
    /// (with a warning) when there is none.
    func pattern(_ name: String) -> PatternImage? {
        if let hit = patterns[name] { return hit }
        var found: PatternImage?
        if let image = image(name) {
            let key = runtime[name].map { "r|" + $0.contentHash.hex } ?? "s|\(spriteKey)|\(name)"
            found = resources.patternImage(key) { PatternImage(image) }
        }
        patterns[name] = found
        return found
    }
}

extension Convert {
    /// The image name of a `*-pattern` value (a resolved image or a plain string); nil for
    /// none (null, an empty name).
    static func imageName(_ v: Value) -> String? {
        switch v {
        case .resolvedImage(let r): return r.name.isEmpty ? nil : r.name
        case .string(let s): return s.isEmpty ? nil : s
        default: return nil
        }
    }
}
