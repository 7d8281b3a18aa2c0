import ImageCodec
import JSON
import NIOHTTP1
import XCTest
@testable import TileServer

/// Output formats chosen by the URL: parsing, cache keys, content types and the routes' 400s.
final class ImageOutputTests: XCTestCase {
    func tile(_ file: String, quality: String? = nil) throws -> TileRequest {
        try TileRequest.parse(z: "3", x: "1", y: file, quality: quality)
    }

    func testExtensionsPickTheFormat() throws {
        XCTAssertEqual(try tile("2.png").output, .png)
        XCTAssertEqual(try tile("2.webp").output, .webp(quality: nil))
        XCTAssertEqual(try tile("2@2x.webp", quality: "80").output, .webp(quality: 80))
        XCTAssertEqual(try tile("2@2x.webp", quality: "80").scale, 2)
        XCTAssertEqual(try tile("2.jpg").output, .jpeg(quality: ImageOutput.defaultJPEGQuality, background: .white))
        XCTAssertEqual(try tile("2.jpeg", quality: "40").output, .jpeg(quality: 40, background: .white))
        let v = try StaticView.parse(view: "0,0,1", size: "30x20@2x.webp", maxSide: 8192, quality: "1")
        XCTAssertEqual(v.output, .webp(quality: 1)); XCTAssertEqual(v.pixelWidth, 60)
    }

    func testBadQualityIs400() {
        for (file, q) in [("2.webp", "0"), ("2.webp", "101"), ("2.jpg", "-5"), ("2.jpg", "abc"), ("2.jpg", "8.5"), ("2.png", "80")] {
            XCTAssertThrowsError(try tile(file, quality: q), "\(file)?quality=\(q)") { e in
                XCTAssertEqual(APIError(mapping: e)?.status.code, 400)
                XCTAssertEqual(APIError(mapping: e)?.code, "invalid_quality")
            }
        }
        XCTAssertThrowsError(try tile("2.gif")) { XCTAssertEqual(APIError(mapping: $0)?.code, "invalid_tile") }
    }

    func testCacheKeysSeparateFormatsAndQualitiesButKeepPNGKeys() throws {
        let keys = try ["2.png", "2.webp", "2.jpg"].map { try tile($0).cacheKey }
            + [try tile("2.webp", quality: "50").cacheKey, try tile("2.jpg", quality: "50").cacheKey]
        XCTAssertEqual(Set(keys).count, keys.count)
        XCTAssertEqual(keys[0], "t/256/3/1/2@1", "PNG keys (and so ETags) are as before formats existed")
        func jpeg(_ background: JPEGEncoder.Background) -> String {
            TileRequest(z: 0, x: 0, y: 0, tileSize: 256, scale: 1, output: .jpeg(quality: 85, background: background)).cacheKey
        }
        XCTAssertNotEqual(jpeg(.white), jpeg(JPEGEncoder.Background(red: 1, green: 2, blue: 3)))
    }

    func testJPEGBackgroundConfig() throws {
        XCTAssertEqual(try ServerConfig(json: [:], file: "x.json").jpegBackground, .white)
        XCTAssertEqual(try ServerConfig(json: ["jpegBackground": "#0a0B0c"], file: "x.json").jpegBackground,
                       JPEGEncoder.Background(red: 10, green: 11, blue: 12))
        for bad: JSONValue in ["white", "#fff", "#12345g", 3] {
            XCTAssertThrowsError(try ServerConfig(json: ["jpegBackground": bad], file: "x.json")) {
                XCTAssertTrue("\($0)".contains("/jpegBackground"), "\($0)")
            }
        }
    }
}

extension TileRequest {
    static func parse(z: String, x: String, y: String, quality: String?) throws -> TileRequest {
        try parse(z: z, x: x, file: y, tileSize: 256, maxPixelRatio: 4, quality: quality)
    }
}

/// The same through the responder (its renderer always answers one PNG pixel, so only the HTTP
/// side is checked here; real encodings are checked by ImageCodecTests and 21_formats_cors.sh).
extension AppTests {
    func testFormatRoutes() throws {
        let png = try send(.GET, "/tiles/1/0/0.png")
        let webp = try send(.GET, "/tiles/1/0/0.webp")
        let jpeg = try send(.GET, "/static/0,0,1/10x10.jpeg?quality=70")
        XCTAssertEqual(png.headers.first(name: "Content-Type"), "image/png")
        XCTAssertEqual(webp.headers.first(name: "Content-Type"), "image/webp")
        XCTAssertEqual(jpeg.headers.first(name: "Content-Type"), "image/jpeg")
        XCTAssertNotEqual(png.headers.first(name: "ETag"), webp.headers.first(name: "ETag"))
        XCTAssertNotEqual(try send(.GET, "/tiles/1/0/0.webp?quality=50").headers.first(name: "ETag"), webp.headers.first(name: "ETag"))
        let bad = try send(.GET, "/tiles/1/0/0.webp?quality=0")
        XCTAssertEqual(bad.status, .badRequest)
        XCTAssertEqual(try json(bad)["error"]?["code"], "invalid_quality")
        XCTAssertEqual(try send(.GET, "/static/0,0,1/10x10.jpg?quality=101").status, .badRequest)
        let post = try send(.POST, "/static", ##"{"center": [0, 0], "zoom": 1, "width": 4, "height": 4, "format": "webp", "quality": 60}"##)
        XCTAssertEqual(post.headers.first(name: "Content-Type"), "image/webp")
        XCTAssertEqual(try send(.POST, "/static", ##"{"center": [0, 0], "zoom": 1, "width": 4, "height": 4, "format": "gif"}"##).status, .badRequest)
    }

    func testTileJSONFormat() throws {
        XCTAssertEqual(try json(try send(.GET, "/tiles.json"))["format"], "png")
        let webp = try json(try send(.GET, "/tiles.json?format=webp&quality=80"))
        XCTAssertEqual(webp["format"], "webp")
        XCTAssertTrue(webp["tiles"]?[0]?.stringValue?.contains("/tiles/{z}/{x}/{y}.webp?") == true)
        XCTAssertTrue(webp["tiles"]?[0]?.stringValue?.contains("quality=80") == true)
        XCTAssertEqual(try json(try send(.GET, "/tiles.json?format=jpeg"))["format"], "jpg")
        XCTAssertEqual(try send(.GET, "/tiles.json?format=gif").status, .badRequest)
    }
}
