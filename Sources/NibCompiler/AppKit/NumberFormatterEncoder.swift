import KeyedArchive

/// `<numberFormatter>` → `NSNumberFormatter` as AppKit archives it: `NS.attributes`, a dictionary of
/// the formatter's properties sorted by name, and the derived 10.0-style state (`NS.positiveformat`,
/// `NS.min`/`NS.max`, the rounding handler, separators). Patterns are built from the digit counts the
/// way ICU prints them; the separators are the en locale's, as on the Mac the golden pairs came from.
enum NumberFormatterEncoder: ObjectEncoder {
    static let elements = ["numberFormatter"]

    static let styles: [String: Int64] = [
        "none": 0, "decimal": 1, "currency": 2, "percent": 3, "scientific": 4, "spellOut": 5, "ordinal": 6,
        "currencyISOCode": 8, "currencyPlural": 9, "currencyAccounting": 10,
    ]
    static let roundingModes: [String: Int64] = [
        "ceiling": 0, "floor": 1, "down": 2, "up": 3, "halfEven": 4, "halfDown": 5, "halfUp": 6,
    ]
    /// String properties copied into `NS.attributes` when the source sets them.
    static let stringProperties = [
        "currencySymbol", "internationalCurrencySymbol", "negativeFormat", "positiveFormat", "negativePrefix",
        "negativeSuffix", "positivePrefix", "positiveSuffix", "percentSymbol", "perMillSymbol", "zeroSymbol",
        "notANumberSymbol", "decimalSeparator", "groupingSeparator", "currencyCode", "exponentSymbol", "plusSign", "minusSign",
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSNumberFormatter")
        let styleName = ctx.attr(o, "numberStyle") ?? "none"
        let style = styles[styleName] ?? 0
        let decimal = style == 1
        func int(_ name: String, _ fallback: Int64) -> Int64 { ctx.attr(o, name).flatMap { Int64($0) } ?? fallback }
        let usesGrouping = ctx.flag(o, "usesGroupingSeparator", default: decimal)
        let groupingSize = int("groupingSize", decimal ? 3 : 0)
        let minInt = int("minimumIntegerDigits", decimal ? 1 : 0)
        let maxInt = int("maximumIntegerDigits", decimal ? 2_000_000_000 : 42)
        let minFrac = int("minimumFractionDigits", 0)
        let maxFrac = int("maximumFractionDigits", decimal ? 3 : 0)
        let allowsFloats = ctx.flag(o, "allowsFloats", default: true)
        let rounding = roundingModes[ctx.attr(o, "roundingMode") ?? "halfEven"] ?? 4

        // Values are created in key order: ibtool shares equal numbers with the first one archived.
        var items: [(String, Item)] = [
            ("allowsFloats", .bool(allowsFloats)),
            ("alwaysShowsDecimalSeparator", .bool(ctx.flag(o, "alwaysShowsDecimalSeparator"))),
            ("formatWidth", .int(int("formatWidth", 0))),
            ("formatterBehavior", .int(1040)),
            ("generatesDecimalNumbers", .bool(ctx.flag(o, "generatesDecimalNumbers"))),
            ("groupingSize", .int(groupingSize)),
            ("lenient", .bool(ctx.flag(o, "lenient"))),
            ("maximumFractionDigits", .int(maxFrac)),
            ("maximumIntegerDigits", .int(maxInt)),
            ("minimumFractionDigits", .int(minFrac)),
            ("minimumIntegerDigits", .int(minInt)),
            ("nilSymbol", .string(ctx.attr(o, "nilSymbol") ?? "")),
            ("paddingPosition", .int(int("paddingPosition", 0))),
            ("roundingMode", .int(rounding)),
            ("secondaryGroupingSize", .int(int("secondaryGroupingSize", 0))),
            ("usesGroupingSeparator", .bool(usesGrouping)),
        ]
        if style != 0 { items.append(("numberStyle", .int(style))) }
        for name in stringProperties {
            if let v = ctx.attr(o, name) { items.append((name, .string(v))) }
        }
        // The infinity symbols are written unless the source sets them to nil.
        for (name, symbol) in [("negativeInfinitySymbol", "-∞"), ("positiveInfinitySymbol", "+∞")] where !isNil(o, name, ctx) {
            items.append((name, .string(ctx.attr(o, name) ?? symbol)))
        }
        if let minimum = bound(o, "minimum", ctx) { items.append(("minimum", minimum)) }
        if let maximum = bound(o, "maximum", ctx) { items.append(("maximum", maximum)) }
        items.sort { $0.0 < $1.0 }
        var pairs: [(NibGraph.Value, NibGraph.Value)] = []
        var minimum: NibGraph.Value?, maximum: NibGraph.Value?
        for (k, item) in items {
            let key = ctx.graph.string(k)
            let value = item.value(&ctx)
            if k == "minimum" { minimum = value }
            if k == "maximum" { maximum = value }
            pairs.append((key, value))
        }
        ctx.graph.set(g, "NS.attributes", ctx.graph.dictionary("NSMutableDictionary", pairs))

        let positive = ctx.attr(o, "positiveFormat")
            ?? pattern(minInt: minInt, maxInt: maxInt, minFrac: minFrac, maxFrac: maxFrac, grouping: usesGrouping ? groupingSize : 0)
        let positiveValue = ctx.graph.string(positive)
        ctx.graph.set(g, "NS.positiveformat", positiveValue)
        ctx.graph.set(g, "NS.negativeformat", ctx.attr(o, "negativeFormat").map { ctx.graph.string($0) } ?? positiveValue)
        ctx.graph.set(g, "NS.positiveattrs", .null)
        ctx.graph.set(g, "NS.negativeattrs", .null)
        ctx.graph.set(g, "NS.zero", .null)
        let nilString = ctx.graph.add("NSAttributedString")
        ctx.graph.set(nilString, "NSString", ctx.graph.string(ctx.attr(o, "nilSymbol") ?? ""))
        ctx.graph.set(g, "NS.nil", .ref(nilString))
        let nan = ctx.graph.add("NSAttributedString")
        ctx.graph.set(nan, "NSString", ctx.graph.string("NaN"))
        ctx.graph.set(nan, "NSAttributes", ctx.graph.dictionary("NSDictionary", []))
        ctx.graph.set(g, "NS.nan", .ref(nan))
        // Without a bound, both are one "not a number" decimal.
        var notANumber: NibGraph.Value?
        func unbounded(_ ctx: inout EncodingContext) -> NibGraph.Value {
            if let notANumber { return notANumber }
            let d = ctx.graph.add("NSDecimalNumberPlaceholder")
            ctx.graph.set(d, "NS.exponent", .int(0))
            ctx.graph.set(d, "NS.length", .int(0))
            ctx.graph.set(d, "NS.negative", .bool(true))
            ctx.graph.set(d, "NS.compact", .bool(false))
            ctx.graph.set(d, "NS.mantissa.bo", .int(1))
            ctx.graph.set(d, "NS.mantissa", .bytes([UInt8](repeating: 0, count: 16)))
            notANumber = .ref(d)
            return .ref(d)
        }
        ctx.graph.set(g, "NS.min", minimum ?? unbounded(&ctx))
        ctx.graph.set(g, "NS.max", maximum ?? unbounded(&ctx))
        let handler = ctx.graph.add("NSDecimalNumberHandler")
        ctx.graph.set(handler, "NS.roundingmode", .int(decimalRounding[rounding] ?? 3))
        for raise in ["NS.raise.overflow", "NS.raise.underflow", "NS.raise.dividebyzero"] { ctx.graph.set(handler, raise, .bool(true)) }
        ctx.graph.set(g, "NS.rounding", .ref(handler))
        ctx.graph.set(g, "NS.decimal", ctx.graph.string(ctx.attr(o, "decimalSeparator") ?? "."))
        ctx.graph.set(g, "NS.thousand", ctx.graph.string(ctx.attr(o, "groupingSeparator") ?? ","))
        ctx.graph.set(g, "NS.hasthousands", .bool(usesGrouping))
        ctx.graph.set(g, "NS.localized", .bool(true))
        ctx.graph.set(g, "NS.allowsfloats", .bool(allowsFloats))
    }

    /// `NSRoundingMode` of the decimal handler for a formatter rounding mode (half-even is bankers').
    static let decimalRounding: [Int64: Int64] = [0: 2, 1: 1, 4: 3, 6: 0]

    /// Whether the formatter sets property `name` to nil (`<nil key="name"/>`).
    static func isNil(_ o: Int, _ name: String, _ ctx: EncodingContext) -> Bool {
        ctx.tree.elements[ctx.doc.objects[o].element].children.contains {
            ctx.tree.elements[$0].name == "nil" && ctx.tree.elements[$0]["key"] == name
        }
    }

    /// One value of `NS.attributes`, made into a graph object when its turn comes.
    enum Item {
        case int(Int64), real(Double), bool(Bool), string(String)

        func value(_ ctx: inout EncodingContext) -> NibGraph.Value {
            switch self {
            case .int(let n): return ctx.graph.number(n)
            case .real(let d): return ctx.graph.number(d)
            case .bool(let b): return ctx.graph.boolNumber(b)
            case .string(let t): return ctx.graph.string(t)
            }
        }
    }

    /// `<real key="minimum" value>` or `<integer …>`.
    static func bound(_ o: Int, _ key: String, _ ctx: EncodingContext) -> Item? {
        guard let e = ctx.property(o, key), let text = ctx.tree.elements[e]["value"] else { return nil }
        switch ctx.tree.elements[e].name {
        case "integer": return Int64(text).map { .int($0) }
        case "real": return Double(text).map { .real($0) }
        default: return nil
        }
    }

    /// The object a number formatter makes of a cell's title: an `NSNumber` (integral text an
    /// integer), nil when the title is empty or does not parse.
    static func parse(_ title: String, _ ctx: inout EncodingContext) -> NibGraph.Value? {
        let text = title.filter { $0 != "," }
        if let n = Int64(text) { return ctx.graph.number(n) }
        if let d = Double(text), d.isFinite { return ctx.graph.number(d) }
        return nil
    }

    /// The ICU pattern of the digit counts: with grouping, `#,##0`-style (the grouping size plus one
    /// digits, zeros for the minimum); without, every integer digit up to 42, `#` then `0`; then
    /// `.`, minimum fraction zeros and optional `#`s.
    static func pattern(minInt: Int64, maxInt: Int64, minFrac: Int64, maxFrac: Int64, grouping: Int64) -> String {
        let clampedMin = Int(max(0, min(minInt, 100)))
        var integer: String
        if grouping > 0 {
            let digits = max(Int(min(grouping, 100)) + 1, clampedMin)
            var chars = Array(String(repeating: "#", count: digits - clampedMin) + String(repeating: "0", count: clampedMin))
            var withSeparators: [Character] = []
            for (i, c) in chars.enumerated() {
                if i > 0, (chars.count - i) % Int(grouping) == 0 { withSeparators.append(",") }
                withSeparators.append(c)
            }
            chars = withSeparators
            integer = String(chars)
        } else {
            let digits = max(Int(min(maxInt, 42)), clampedMin)
            integer = String(repeating: "#", count: digits - clampedMin) + String(repeating: "0", count: clampedMin)
        }
        if integer.isEmpty { integer = "#" }
        let fracMin = Int(max(0, min(minFrac, 100))), fracMax = Int(max(Int64(fracMin), min(maxFrac, 100)))
        guard fracMax > 0 else { return integer }
        return integer + "." + String(repeating: "0", count: fracMin) + String(repeating: "#", count: fracMax - fracMin)
    }
}
