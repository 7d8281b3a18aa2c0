import Foundation

extension StyleColor {
    /// Parses a CSS colour like MapLibre does: named colours, `transparent`, `#rgb`,
    /// `#rgba`, `#rrggbb`, `#rrggbbaa`, `rgb()`/`rgba()` and `hsl()`/`hsla()` in both the
    /// comma and the space (`/ alpha`) syntax, numbers or percentages. nil when invalid.
    public static func parse(_ css: String) -> StyleColor? {
        let input = css.lowercased().trimmingCharacters(in: .whitespacesAndNewlines)
        if input == "transparent" { return .transparent }
        if let rgb = NamedColors.table[input] {
            return StyleColor(r: Double((rgb >> 16) & 0xFF) / 255, g: Double((rgb >> 8) & 0xFF) / 255,
                              b: Double(rgb & 0xFF) / 255, a: 1)
        }
        let bytes = Array(input.utf8)
        if bytes.first == UInt8(ascii: "#") { return parseHex(bytes) }
        if input.hasPrefix("rgb") { return parseFunction(bytes, name: "rgb") }
        if input.hasPrefix("hsl") { return parseFunction(bytes, name: "hsl") }
        return nil
    }

    private static func parseHex(_ s: [UInt8]) -> StyleColor? {
        let digits = s.dropFirst()
        guard [3, 4, 6, 8].contains(digits.count) else { return nil }
        var values: [Double] = []
        let step = digits.count < 6 ? 1 : 2
        var i = digits.startIndex
        while i < digits.endIndex {
            var v = 0
            for k in 0..<step {
                guard let d = hexDigit(digits[i + k]) else { return nil }
                v = v * 16 + d
            }
            if step == 1 { v = v * 17 }
            values.append(Double(v) / 255)
            i += step
        }
        return StyleColor(r: values[0], g: values[1], b: values[2], a: values.count == 4 ? values[3] : 1)
    }

    private static func hexDigit(_ c: UInt8) -> Int? {
        switch c {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): return Int(c - UInt8(ascii: "0"))
        case UInt8(ascii: "a")...UInt8(ascii: "f"): return Int(c - UInt8(ascii: "a")) + 10
        default: return nil
        }
    }

    /// `rgb(...)`, `rgba(...)`, `hsl(...)`, `hsla(...)`: three components separated either all
    /// by commas or all by whitespace, then an optional alpha after `,` (comma form) or `/`.
    private static func parseFunction(_ s: [UInt8], name: String) -> StyleColor? {
        var scanner = CSSScanner(bytes: s)
        guard scanner.consume(name) else { return nil }
        _ = scanner.consume("a")
        guard scanner.consume("(") else { return nil }
        let isHSL = name == "hsl"
        scanner.skipSpaces()
        var components: [(value: Double, percent: Bool)] = []
        var separators: [UInt8] = []
        for index in 0..<3 {
            if index > 0 {
                let hadSpace = scanner.skipSpaces()
                if scanner.consume(",") {
                    scanner.skipSpaces(); separators.append(UInt8(ascii: ","))
                } else if hadSpace {
                    separators.append(UInt8(ascii: " "))
                } else { return nil }
            }
            guard let number = scanner.number() else { return nil }
            var percent = false
            if isHSL && index == 0 {
                _ = scanner.consume("deg")
            } else {
                percent = scanner.consume("%")
                if isHSL && !percent { return nil }
            }
            components.append((number, percent))
        }
        var alpha: (value: Double, percent: Bool)? = nil
        let mark = scanner.position
        scanner.skipSpaces()
        if let sep = scanner.peek(), sep == UInt8(ascii: ",") || sep == UInt8(ascii: "/") {
            scanner.advance()
            scanner.skipSpaces()
            guard let a = scanner.number() else { return nil }
            alpha = (a, scanner.consume("%"))
            separators.append(sep)
        } else {
            scanner.position = mark
        }
        scanner.skipSpaces()
        guard scanner.consume(")"), scanner.atEnd else { return nil }

        let format = String(decoding: separators, as: UTF8.self)
        guard format == "  " || format == "  /" || format == ",," || format == ",,," else { return nil }

        let alphaValue = alpha.map { clamp($0.percent ? $0.value / 100 : $0.value, 0, 1) } ?? 1
        if isHSL {
            return ColorSpaces.rgb(hsl: components[0].value, clamp(components[1].value, 0, 100),
                                   clamp(components[2].value, 0, 100), alpha: alphaValue)
        }
        let percents = components.filter(\.percent).count
        let maxValue: Double
        switch percents {
        case 3: maxValue = 100
        case 0: maxValue = 255
        default: return nil
        }
        return StyleColor(r: clamp(components[0].value / maxValue, 0, 1), g: clamp(components[1].value / maxValue, 0, 1),
                          b: clamp(components[2].value / maxValue, 0, 1), a: alphaValue)
    }

    private static func clamp(_ v: Double, _ lo: Double, _ hi: Double) -> Double { min(max(lo, v), hi) }
}

/// A byte cursor for the CSS colour functions.
private struct CSSScanner {
    let bytes: [UInt8]
    var position = 0

    var atEnd: Bool { position >= bytes.count }
    func peek() -> UInt8? { position < bytes.count ? bytes[position] : nil }
    mutating func advance() { position += 1 }

    mutating func consume(_ literal: String) -> Bool {
        let l = Array(literal.utf8)
        guard position + l.count <= bytes.count, Array(bytes[position..<position + l.count]) == l else { return false }
        position += l.count
        return true
    }

    /// Skips CSS whitespace; true when at least one character was skipped.
    @discardableResult
    mutating func skipSpaces() -> Bool {
        let start = position
        while let c = peek(), c == 0x20 || c == 0x09 || c == 0x0A || c == 0x0D || c == 0x0C { position += 1 }
        return position > start
    }

    /// A run of `[0-9e.+-]` read as a number the way JavaScript's `+string` does; nil when
    /// the run is empty or not a valid number.
    mutating func number() -> Double? {
        let start = position
        while let c = peek(), (c >= UInt8(ascii: "0") && c <= UInt8(ascii: "9")) || c == UInt8(ascii: "e")
                || c == UInt8(ascii: ".") || c == UInt8(ascii: "+") || c == UInt8(ascii: "-") {
            position += 1
        }
        guard position > start else { return nil }
        let text = String(decoding: bytes[start..<position], as: UTF8.self)
        guard let v = Double(text), v.isFinite || text.contains("e") else { return nil }
        return v
    }
}
