import Foundation
import NIOCore
import NIOHTTP1
import SourceData

extension StrataApp {
    /// Longest fontstack accepted (names × length): a font server's request, not a payload.
    static let maxFontstackNames = 8
    static let maxFontNameLength = 256

    /// `GET /fonts/{fontstack}/{range}.pbf`: MapLibre's glyph PBF for a fontstack
    /// ("Noto Sans Regular,DejaVu Sans Book") and a range ("0-255"), made from the fonts
    /// directory: a glyph PBF folder of the whole stack or of one font as stored, else each code
    /// point from the first font of the stack that has it (a folder's PBF or a TTF/OTF font).
    func fontRange(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let file = ctx.param("range")
        guard file.hasSuffix(".pbf"), let range = GlyphRange(String(file.dropLast(4))) else {
            return ctx.loop.makeFailedFuture(APIError.badRequest(
                "a glyph range is a file like 0-255.pbf (256 code points from a multiple of 256, up to 65535), got \"\(file)\"",
                code: "invalid_range"))
        }
        let names = ctx.param("fontstack").split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard !names.isEmpty, names.count <= Self.maxFontstackNames,
              names.allSatisfy({ !$0.isEmpty && $0.count <= Self.maxFontNameLength }) else {
            return ctx.loop.makeFailedFuture(APIError.badRequest(
                "a fontstack is 1 to \(Self.maxFontstackNames) comma-separated font names", code: "invalid_fontstack"))
        }
        guard let glyphs else {
            return ctx.loop.makeFailedFuture(APIError.notFound("this server has no fonts directory (fontsDir in the config)",
                                                               code: "no_fonts"))
        }
        let cacheControl = publishedCacheControl("public, max-age=86400")
        return blocking(ctx) {
            guard let pbf = glyphs.pbf(fontstack: names, range: range) else {
                throw APIError.notFound("none of \(names) is in the fonts directory (GET /fonts lists them)", code: "unknown_font")
            }
            return HTTPResponse(status: .ok, headers: ["Content-Type": "application/x-protobuf",
                                                       "Cache-Control": cacheControl], body: pbf)
        }
    }

    /// `GET /fonts` and `/fonts.json`: the font names the fonts directory offers, for
    /// `text-font`: its glyph PBF folders and its TTF/OTF fonts.
    func fontList(_ ctx: RouteContext) -> EventLoopFuture<HTTPResponse> {
        let headers: HTTPHeaders = ["Cache-Control": publishedMetadataCacheControl]
        guard let glyphs else { return ctx.loop.makeSucceededFuture(HTTPResponse.json(.array([]), headers: headers)) }
        return blocking(ctx) { HTTPResponse.json(.array(glyphs.names.map { .string($0) }), headers: headers) }
    }
}
