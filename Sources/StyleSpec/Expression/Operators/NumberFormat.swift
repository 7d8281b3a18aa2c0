import Foundation
import JSON

/// `["number-format", n, {locale, currency, unit, min-fraction-digits, max-fraction-digits}]`:
/// locale-aware number text like `Intl.NumberFormat` (decimal, currency or unit style).
final class NumberFormat: Expr, @unchecked Sendable {
    let number: Expr
    let locale: Expr?, currency: Expr?, unit: Expr?, minFractionDigits: Expr?, maxFractionDigits: Expr?

    init(number: Expr, locale: Expr?, currency: Expr?, unit: Expr?, minFractionDigits: Expr?, maxFractionDigits: Expr?, path: [String]) {
        self.number = number; self.locale = locale; self.currency = currency; self.unit = unit
        self.minFractionDigits = minFractionDigits; self.maxFractionDigits = maxFractionDigits
        super.init(type: .string, path: path)
        finishInit()
    }

    override var children: [Expr] { [number] + [locale, currency, unit, minFractionDigits, maxFractionDigits].compactMap { $0 } }

    override func evaluate(_ ctx: EvaluationContext) throws -> Value {
        let n = try self.number(number, ctx)
        let options = NumberFormatOptions(
            locale: try locale.map { try string($0, ctx) },
            currency: try currency.map { try string($0, ctx) },
            unit: try unit.map { try string($0, ctx) },
            minFractionDigits: try minFractionDigits.map { NumberFormat.digits(try self.number($0, ctx)) },
            maxFractionDigits: try maxFractionDigits.map { NumberFormat.digits(try self.number($0, ctx)) })
        return .string(options.format(n))
    }

    /// A fraction-digit count from any number (NaN and huge values included), 0...100.
    static func digits(_ x: Double) -> Int {
        x.isNaN ? 0 : Int(max(0, min(x.rounded(.towardZero), 100)))
    }

    static func parse(_ args: [JSONValue], _ ctx: ParsingContext) -> Expr? {
        guard args.count == 3 else { ctx.error("Expected two arguments."); return nil }
        guard let number = ctx.parse(args[1], 1, expected: .number) else { return nil }
        guard case .object(let options) = args[2] else {
            ctx.error("NumberFormat options argument must be an object."); return nil
        }
        let optCtx = ctx.concat("2", expected: nil)
        func option(_ key: String, _ type: ExpressionType) -> (ok: Bool, expr: Expr?) {
            guard let v = options[key], JS.truthy(Value(json: v)) else { return (true, nil) }
            guard let e = optCtx.parse(v, member: key, expected: type) else { return (false, nil) }
            return (true, e)
        }
        let locale = option("locale", .string); guard locale.ok else { return nil }
        let currency = option("currency", .string); guard currency.ok else { return nil }
        let unit = option("unit", .string); guard unit.ok else { return nil }
        if currency.expr != nil && unit.expr != nil {
            ctx.error("NumberFormat options `currency` and `unit` are mutually exclusive"); return nil
        }
        let minDigits = option("min-fraction-digits", .number); guard minDigits.ok else { return nil }
        let maxDigits = option("max-fraction-digits", .number); guard maxDigits.ok else { return nil }
        return NumberFormat(number: number, locale: locale.expr, currency: currency.expr, unit: unit.expr,
                            minFractionDigits: minDigits.expr, maxFractionDigits: maxDigits.expr, path: ctx.path)
    }
}

/// Options of one `number-format` call, formatted with Foundation's NumberFormatter (ICU).
struct NumberFormatOptions {
    var locale: String?
    var currency: String?
    var unit: String?
    var minFractionDigits: Int?
    var maxFractionDigits: Int?

    func format(_ n: Double) -> String {
        let f = NumberFormatter()
        f.locale = Locale(identifier: Collator.foundationIdentifier(locale ?? "en-US"))
        if currency == nil {
            // Foundation's formatter on Linux ignores fraction digits above 3; lay the digits
            // out ourselves with the locale's separators.
            f.numberStyle = .decimal
            let minDigits = max(0, min(minFractionDigits ?? 0, 100))
            let maxDigits = max(minDigits, min(maxFractionDigits ?? max(3, minDigits), 100))
            let text = DecimalText.format(n, minFraction: minDigits, maxFraction: maxDigits,
                                          group: f.groupingSeparator ?? ",", decimal: f.decimalSeparator ?? ".")
            guard let unit else { return text }
            guard let symbol = NumberFormatOptions.unitSymbols[unit] else { return "\(text) \(unit)" }
            return symbol.attached ? text + symbol.text : "\(text) \(symbol.text)"
        }
        if let currency {
            f.numberStyle = .currency
            f.currencyCode = currency.uppercased()
        } else {
            f.numberStyle = .decimal
            f.maximumFractionDigits = 3
            f.minimumFractionDigits = 0
        }
        if let minFractionDigits {
            f.minimumFractionDigits = max(0, min(minFractionDigits, 100))
            if f.maximumFractionDigits < f.minimumFractionDigits { f.maximumFractionDigits = f.minimumFractionDigits }
        }
        if let maxFractionDigits {
            f.maximumFractionDigits = max(f.minimumFractionDigits, min(maxFractionDigits, 100))
        }
        let text = f.string(from: NSNumber(value: n)) ?? Value.formatNumber(n)
        guard let unit else { return text }
        guard let symbol = NumberFormatOptions.unitSymbols[unit] else { return "\(text) \(unit)" }
        return symbol.attached ? text + symbol.text : "\(text) \(symbol.text)"
    }

    /// Short English symbols of ECMA-402's sanctioned simple units (CLDR "short" width).
    static let unitSymbols: [String: (text: String, attached: Bool)] = [
        "acre": ("ac", false), "bit": ("bit", false), "byte": ("byte", false), "celsius": ("°C", true),
        "centimeter": ("cm", false), "day": ("day", false), "degree": ("deg", false), "fahrenheit": ("°F", true),
        "fluid-ounce": ("fl oz", false), "foot": ("ft", false), "gallon": ("gal", false), "gigabit": ("Gb", false),
        "gigabyte": ("GB", false), "gram": ("g", false), "hectare": ("ha", false), "hour": ("hr", false),
        "inch": ("in", false), "kilobit": ("kb", false), "kilobyte": ("kB", false), "kilogram": ("kg", false),
        "kilometer": ("km", false), "liter": ("L", false), "megabit": ("Mb", false), "megabyte": ("MB", false),
        "meter": ("m", false), "microsecond": ("μs", false), "mile": ("mi", false), "mile-scandinavian": ("smi", false),
        "milliliter": ("mL", false), "millimeter": ("mm", false), "millisecond": ("ms", false), "minute": ("min", false),
        "month": ("mth", false), "nanosecond": ("ns", false), "ounce": ("oz", false), "percent": ("%", true),
        "petabyte": ("PB", false), "pound": ("lb", false), "second": ("sec", false), "stone": ("st", false),
        "terabit": ("Tb", false), "terabyte": ("TB", false), "week": ("wk", false), "yard": ("yd", false),
        "year": ("yr", false), "kilometer-per-hour": ("km/h", false), "meter-per-second": ("m/s", false),
        "mile-per-hour": ("mph", false),
    ]
}
