/// The `@Nx` of a tile URL and of tileserver-gl's static image URL: an integer N from 1 to
/// the server's `maxPixelRatio`. One parser for both; each route keeps the error code it has
/// always answered with (`invalid_tile` for tiles, `invalid_scale` for static images).
enum PixelRatioSuffix {
    /// `suffix` is what follows the "@" ("2x").
    static func integer(_ suffix: Substring, max: Int, errorCode: String) throws -> Int {
        guard suffix.hasSuffix("x"), let n = TileRequest.plainInt(suffix.dropLast()), n >= 1 else {
            throw InvalidRequest("pixel ratio must be written @Nx with an integer N ≥ 1 (got \"@\(suffix)\")", code: errorCode)
        }
        guard n <= max else {
            throw InvalidRequest("pixel ratio @\(n)x is above the maximum of \(max) (maxPixelRatio)", code: errorCode)
        }
        return n
    }
}
