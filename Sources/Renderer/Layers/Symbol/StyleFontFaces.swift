import Fonts
import Foundation
import JSON
import SourceData

/// A style's `font-faces` (MapLibre's root property: font name → font files, each for the
/// whole of Unicode or for its `unicode-range`), opened as FreeType faces and shaped with
/// HarfBuzz. A fontstack naming one of its fonts is shaped from them in the stack's order —
/// a name it lacks taken from the fonts directory when that has it — with fallback by script
/// through the fonts directory; `font-faces` take precedence over `glyphs`. Files resolve
/// inside the data directory as every URL of a style does.
final class StyleFontFaces: @unchecked Sendable {
    /// Font name → its fonts in order.
    let fonts: [String: [StackFont]]
    private let fallback: FontDirectory?
    private let lock = NSLock()
    private var shapers: [String: FontStackShaper?] = [:]
    /// A remote file was not fetched yet: not to be kept (the render asks again once it is).
    let incomplete: Bool

    /// `open` opens a font file (a path resolved inside the data directory), `openRemote` one
    /// fetched over HTTP (its URL and bytes); `problems` collects what could not be used
    /// (never fatal: the label falls back).
    init(_ value: JSONValue, directory: DataDirectory?, fallback: FontDirectory?, open: (String) -> FreeTypeFace?,
         openRemote: (String, [UInt8]) -> FreeTypeFace?, problems: inout [String]) {
        var fonts: [String: [StackFont]] = [:]
        var incomplete = false
        for (name, entry) in value.objectValue ?? JSONObject() {
            let files: [(String, [ClosedRange<UInt32>]?)]
            switch entry {
            case .string(let url): files = [(url, nil)]
            case .array(let list):
                files = list.compactMap { f in
                    guard let url = f["url"]?.stringValue else { return nil }
                    let ranges = f["unicode-range"]?.arrayValue?.compactMap { $0.stringValue.flatMap(StackFont.unicodeRange) }
                    return (url, ranges)
                }
            default: files = []
            }
            for (url, ranges) in files {
                let resolved = directory.flatMap { try? $0.resolve(url) }
                var opened: FreeTypeFace?
                switch resolved {
                case .file(let path)?:
                    opened = open(path)
                case .remote(let remoteURL)?:
                    do {
                        guard let bytes = try directory?.remoteBytes(remoteURL, kind: .font) else {
                            problems.append("font-faces \"\(name)\": \(url) was not found upstream"); continue
                        }
                        opened = openRemote(remoteURL, bytes)
                    } catch is RemoteResourceMissing {
                        incomplete = true; continue       // fetched by the server, then rendered again
                    } catch {
                        problems.append("font-faces \"\(name)\": \(error)"); continue
                    }
                default:
                    problems.append("font-faces \"\(name)\": \(url) is neither a file of the data directory nor an allowed remote URL")
                    continue
                }
                guard let face = opened else {
                    problems.append("font-faces \"\(name)\": \(url) is not a readable TrueType/OpenType font")
                    continue
                }
                fonts[name, default: []].append(StackFont(face: face, ranges: ranges))
            }
        }
        self.fonts = fonts
        self.fallback = fallback
        self.incomplete = incomplete
    }

    /// The shaper of `fontstack` ("A,B") when it names a font of `font-faces`; nil otherwise.
    func shaper(fontstack: String) -> FontStackShaper? {
        lock.lock()
        if let known = shapers[fontstack] { lock.unlock(); return known }
        lock.unlock()
        let names = fontstack.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        var made: FontStackShaper?
        if names.contains(where: { fonts[$0] != nil }) {
            let stack = names.flatMap { name in
                fonts[name] ?? fallback?.face(named: name).map { [StackFont(face: $0)] } ?? []
            }
            made = FontStackShaper(fontstack: names, fonts: stack, fallback: fallback)
        }
        lock.lock()
        if shapers.count >= FontDirectory.maxShapers { shapers.removeAll() }
        shapers[fontstack] = .some(made)
        lock.unlock()
        return made
    }
}
