import KeyedArchive

/// `<dateFormatter>` → `NSDateFormatter` {`NS.attributes` (the set properties, sorted, with the
/// behaviour 1040), `NS.format`, `NS.natural`}. A style-based formatter's format is the pattern the
/// ibtool Mac's locale gives its styles (the golden pairs' en_AU, as CLDR has it).
enum DateFormatterEncoder: ObjectEncoder {
    static let elements = ["dateFormatter"]

    static let styles: [String: Int64] = ["none": 0, "short": 1, "medium": 2, "long": 3, "full": 4]
    static let datePatterns: [Int64: String] = [1: "d/M/y", 2: "d MMM y", 3: "d MMMM y", 4: "EEEE d MMMM y"]
    /// Recent CLDR puts a narrow no-break space (U+202F) before the day period.
    static let timePatterns: [Int64: String] = [
        1: "h:mm\u{202F}a", 2: "h:mm:ss\u{202F}a", 3: "h:mm:ss\u{202F}a z", 4: "h:mm:ss\u{202F}a zzzz",
    ]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSDateFormatter")
        let dateStyle = styles[ctx.attr(o, "dateStyle") ?? "none"] ?? 0
        let timeStyle = styles[ctx.attr(o, "timeStyle") ?? "none"] ?? 0
        let custom = ctx.attr(o, "dateFormat")
        var entries: [(String, NibGraph.Value)] = [
            ("dateStyle", ctx.graph.number(dateStyle)),
            ("formatterBehavior", ctx.graph.number(Int64(1040))),
            ("timeStyle", ctx.graph.number(timeStyle)),
        ]
        if let custom { entries.append(("dateFormat", ctx.graph.string(custom))) }
        if ctx.flag(o, "doesRelativeDateFormatting") { entries.append(("doesRelativeDateFormatting", ctx.graph.boolNumber(true))) }
        if ctx.flag(o, "lenient") { entries.append(("lenient", ctx.graph.boolNumber(true))) }
        entries.sort { $0.0 < $1.0 }
        var pairs: [(NibGraph.Value, NibGraph.Value)] = []
        for (k, v) in entries { pairs.append((ctx.graph.string(k), v)) }
        ctx.graph.set(g, "NS.attributes", ctx.graph.dictionary("NSMutableDictionary", pairs))
        ctx.graph.set(g, "NS.format", ctx.graph.string(custom ?? format(date: dateStyle, time: timeStyle)))
        ctx.graph.set(g, "NS.natural", .bool(ctx.flag(o, "allowNaturalLanguage")))
    }

    /// Date and time patterns joined as CLDR joins them: `'at'` after a long or full date, a comma
    /// after a shorter one.
    static func format(date: Int64, time: Int64) -> String {
        let d = datePatterns[date], t = timePatterns[time]
        switch (d, t) {
        case let (d?, t?): return date >= 3 ? "\(d) 'at' \(t)" : "\(d), \(t)"
        case let (d?, nil): return d
        case let (nil, t?): return t
        default: return ""
        }
    }
}
