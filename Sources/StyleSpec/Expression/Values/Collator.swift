import Foundation

/// String comparison rules from `collator`: case and diacritic sensitivity and a locale.
public struct Collator: Sendable, Hashable {
    public var caseSensitive: Bool
    public var diacriticSensitive: Bool
    public var locale: String?

    public init(caseSensitive: Bool, diacriticSensitive: Bool, locale: String?) {
        self.caseSensitive = caseSensitive; self.diacriticSensitive = diacriticSensitive; self.locale = locale
    }

    /// -1, 0 or 1, like `Intl.Collator.compare` with sensitivity derived from the flags.
    public func compare(_ a: String, _ b: String) -> Int {
        var options: String.CompareOptions = []
        if !caseSensitive { options.insert(.caseInsensitive) }
        if !diacriticSensitive { options.insert(.diacriticInsensitive) }
        let loc = Locale(identifier: Collator.foundationIdentifier(resolvedLocale))
        switch a.compare(b, options: options, range: nil, locale: loc) {
        case .orderedAscending: return -1
        case .orderedSame: return 0
        case .orderedDescending: return 1
        }
    }

    /// The locale the comparison uses: the requested one when given, else the process's.
    public var resolvedLocale: String {
        if let locale, !locale.isEmpty { return Collator.canonical(locale) }
        return Collator.canonical(Locale.current.identifier)
    }

    /// `tag` as a Foundation locale identifier ("de_DE"), or "en_US" unless it is a short
    /// ASCII tag: CoreFoundation on Linux traps on some malformed identifiers (found by
    /// strata-fuzz: a `number-format` locale of U+FFFD characters).
    static func foundationIdentifier(_ tag: String) -> String {
        let ok = !tag.isEmpty && tag.utf8.count <= 64 && tag.utf8.allSatisfy { c in
            (c >= 0x30 && c <= 0x39) || (c >= 0x41 && c <= 0x5A) || (c >= 0x61 && c <= 0x7A) || c == 0x2D || c == 0x5F
        }
        return ok ? tag.replacingOccurrences(of: "-", with: "_") : "en_US"
    }

    /// BCP 47 form ("en-US") of a locale identifier ("en_US"); "en-US" for the POSIX locale.
    static func canonical(_ id: String) -> String {
        let cleaned = id.replacingOccurrences(of: "_", with: "-")
        if cleaned.isEmpty || cleaned == "en-US-POSIX" || cleaned.uppercased() == "POSIX" || cleaned == "C" { return "en-US" }
        return cleaned
    }
}
