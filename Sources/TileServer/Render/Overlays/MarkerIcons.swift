import Foundation
import PNGCodec
import StyleSpec

/// The icon part of `marker=`: a PNG inside the configured icons folder (tileserver-gl's
/// `options.paths.icons`, Strata's `iconsDir`), `sprite:NAME` from the style, or a built-in
/// `pin…` (`MarkerPin`). Remote and `data:` icons are refused: a static render fetches nothing
/// a request names.
enum MarkerIcons {
    /// Longest icon file name taken.
    static let maxNameLength = 200
    /// Largest icon file read.
    static let maxFileBytes = 1 << 20

    static func parse(_ name: String, at: String) throws -> MarkerIcon {
        let shown = OverlayQueryParser.shown(name)
        if name.hasPrefix("http://") || name.hasPrefix("https://") || name.hasPrefix("data:") {
            throw OverlayQueryParser.bad("\(at): remote and data: icons are not supported; use a file of the icons folder, sprite:NAME or pin-{colour}[-{label}]")
        }
        if name.hasPrefix("sprite:") {
            let s = name.dropFirst(7)
            guard !s.isEmpty, s.count <= maxNameLength else { throw OverlayQueryParser.bad("\(at): sprite: needs an image name") }
            return .sprite(String(s))
        }
        if let pin = try MarkerPin.parse(name, at: at) { return .pin(pin) }
        guard isSafeFileName(name) else {
            throw OverlayQueryParser.bad("\(at): \"\(shown)\" is not an icon file name (a .png inside the icons folder: letters, digits, . _ - and / between folders, no ..), sprite:NAME or pin-{colour}[-{label}]")
        }
        return .file(name)
    }

    /// Relative, inside the folder by construction: segments of `[A-Za-z0-9._-]` not starting
    /// with a dot, ending in `.png`.
    static func isSafeFileName(_ name: String) -> Bool {
        guard name.count <= maxNameLength, name.lowercased().hasSuffix(".png") else { return false }
        return name.split(separator: "/", omittingEmptySubsequences: false).allSatisfy { seg in
            !seg.isEmpty && !seg.hasPrefix(".")
                && seg.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || "._-".contains($0)) }
        }
    }

    /// The PNG of an icon file, read off the event loop; a 400 naming the icon when there is
    /// no icons folder, no such file (also a symlink out of the folder) or no PNG in it.
    static func load(_ name: String, folder: String, at: String) throws -> StyleImage {
        let shown = OverlayQueryParser.shown(name)
        guard !folder.isEmpty else {
            throw OverlayQueryParser.bad("\(at): no icons folder is configured (iconsDir), so \"\(shown)\" cannot be read; use pin-{colour}[-{label}] or sprite:NAME")
        }
        let root = URL(fileURLWithPath: folder).resolvingSymlinksInPath().path
        let file = URL(fileURLWithPath: folder).appendingPathComponent(name).resolvingSymlinksInPath().path
        guard file.hasPrefix(root + "/"), let data = FileManager.default.contents(atPath: file), data.count <= maxFileBytes else {
            throw OverlayQueryParser.bad("\(at): no icon \"\(shown)\" in the icons folder (or larger than \(maxFileBytes >> 10) KiB)")
        }
        let png = [UInt8](data)
        guard (try? PNGDecoder.decode(png, maxPixels: 1 << 20)) != nil else {
            throw OverlayQueryParser.bad("\(at): icon \"\(shown)\" is not a PNG of at most 1 Mpx")
        }
        return StyleImage(png: png, pixelRatio: 1)
    }
}
