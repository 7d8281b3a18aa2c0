import Foundation
import JSON

extension ServerConfig {
    /// The keys of how published resources are addressed and cached (`publicUrl`,
    /// `trustProxyHeaders`, `publishedCacheControl`, `publishedMetadataCacheControl`); false
    /// for any other key.
    mutating func loadPublishing(_ key: String, _ v: JSONValue, _ err: (String, String) -> ConfigError) throws -> Bool {
        switch key {
        case "publicUrl":
            guard let s = v.stringValue else { throw err(key, "expected a string, got \(v.typeName)") }
            publicURL = try Self.publicURL(s, err(key, "expected an absolute http(s) URL like \"https://maps.example.com/\" (no query), got \"\(s)\""))
        case "trustProxyHeaders":
            guard let b = v.boolValue else { throw err(key, "expected a boolean") }
            trustProxyHeaders = b
        case "publishedCacheControl", "publishedMetadataCacheControl":
            guard let s = v.stringValue else { throw err(key, "expected a string, got \(v.typeName)") }
            guard Self.isValidCacheControl(s) else { throw err(key, "expected a Cache-Control value like \"public, max-age=86400\" (one line of ASCII)") }
            if key == "publishedCacheControl" { publishedCacheControl = s } else { publishedMetadataCacheControl = s }
        default: return false
        }
        return true
    }

    /// A `publicUrl` as `PublicBaseURL` uses it, or `error`.
    static func publicURL(_ s: String, _ error: ConfigError) throws -> String {
        guard let url = PublicBaseURL.normalized(s) else { throw error }
        return url
    }

    /// A `Cache-Control` value of the config: printable ASCII, one line (a header, never two).
    static func isValidCacheControl(_ s: String) -> Bool {
        !s.trimmingCharacters(in: .whitespaces).isEmpty && s.count <= 512
            && s.unicodeScalars.allSatisfy { $0.value >= 0x20 && $0.value < 0x7f }
    }
}
