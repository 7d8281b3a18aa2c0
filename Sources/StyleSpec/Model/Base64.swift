import Foundation

/// Base64 for image payloads (`addImage [id, {"png": base64}]`).
enum Base64 {
    static func encode(_ bytes: [UInt8]) -> String { Data(bytes).base64EncodedString() }

    /// nil when the text is not valid base64 (whitespace and line breaks are tolerated).
    static func decode(_ text: String) -> [UInt8]? {
        Data(base64Encoded: text, options: .ignoreUnknownCharacters).map { [UInt8]($0) }
    }
}
