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
        let loc = Locale(identifier: resolvedLocale)
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

    /// BCP 47 form ("en-US") of a locale identifier ("en_US"); "en-US" for the POSIX locale.
    static func canonical(_ id: String) -> String {
        let cleaned = id.replacingOccurrences(of: "_", with: "-")
        if cleaned.isEmpty || cleaned == "en-US-POSIX" || cleaned.uppercased() == "POSIX" || cleaned == "C" { return "en-US" }
        return cleaned
    }
}
