/// Fixed-point text of a number from its shortest round-trip decimal digits (what
/// `Intl.NumberFormat` shows): rounded half away from zero to `maxFraction` digits,
/// padded to `minFraction`, integer digits grouped by three.
enum DecimalText {
    static func format(_ x: Double, minFraction: Int, maxFraction: Int, group: String, decimal: String) -> String {
        guard x.isFinite else { return x.isNaN ? "NaN" : (x < 0 ? "-∞" : "∞") }
        // Shortest digits d1 d2 ... dk with value 0.d1...dk × 10^point.
        let text = "\(abs(x))"
        var mantissa = text, exponent = 0
        if let e = text.firstIndex(where: { $0 == "e" || $0 == "E" }) {
            mantissa = String(text[..<e]); exponent = Int(text[text.index(after: e)...]) ?? 0
        }
        let digits = Array(mantissa.replacingOccurrences(of: ".", with: "")).map { Int($0.asciiValue! - 48) }
        let point = (mantissa.firstIndex(of: ".").map { mantissa.distance(from: mantissa.startIndex, to: $0) } ?? mantissa.count) + exponent
        // Integer and fraction digit arrays.
        var intPart: [Int] = point > 0 ? Array(digits.prefix(point)) : []
        while intPart.count < point { intPart.append(0) }
        var frac: [Int] = point >= 0 ? Array(digits.dropFirst(point)) : Array(repeating: 0, count: -point) + digits
        if frac.count > maxFraction {
            let roundUp = frac[maxFraction] >= 5
            frac = Array(frac.prefix(maxFraction))
            if roundUp {
                var i = frac.count - 1
                var carry = true
                while carry && i >= 0 { frac[i] += 1; if frac[i] == 10 { frac[i] = 0; i -= 1 } else { carry = false } }
                if carry {
                    var j = intPart.count - 1
                    while carry && j >= 0 { intPart[j] += 1; if intPart[j] == 10 { intPart[j] = 0; j -= 1 } else { carry = false } }
                    if carry { intPart.insert(1, at: 0) }
                }
            }
        }
        while frac.count > minFraction, frac.last == 0 { frac.removeLast() }
        while frac.count < minFraction { frac.append(0) }
        while intPart.count > 1, intPart.first == 0 { intPart.removeFirst() }
        if intPart.isEmpty { intPart = [0] }
        var grouped = ""
        for (i, d) in intPart.enumerated() {
            if i > 0 && (intPart.count - i) % 3 == 0 { grouped += group }
            grouped += String(d)
        }
        var out = grouped
        if !frac.isEmpty { out += decimal + frac.map(String.init).joined() }
        let isZero = intPart.allSatisfy { $0 == 0 } && frac.allSatisfy { $0 == 0 }
        return (x < 0 && !isZero ? "-" : "") + out
    }
}
