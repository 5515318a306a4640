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

/// Parses a cell's title with a date formatter's pattern, as the formatter does when ibtool sets the
/// cell's object value: fields of the pattern (`d`, `M`/`MMM`/`MMMM`, `y`, `h`/`H`, `mm`, `ss`, `a`,
/// `EEEE`), quoted and plain literals, any white space for white space. Unset fields default to
/// 2000-01-01 00:00 UTC (the golden pairs' machine ran in UTC); a weekday alone picks the first such
/// day from that date. Returns seconds since 2001-01-01 UTC, or nil when the title does not parse.
enum DatePatternParser {
    static let months = ["january", "february", "march", "april", "may", "june", "july", "august", "september", "october",
                         "november", "december"]
    static let weekdays = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"]

    enum Token: Equatable { case field(Character, Int), literal(String), space }

    static func tokens(_ pattern: String) -> [Token] {
        var out: [Token] = []
        var chars = Array(pattern)[...]
        while let c = chars.first {
            if c == "'" {
                chars = chars.dropFirst()
                var text = ""
                while let d = chars.first, d != "'" { text.append(d); chars = chars.dropFirst() }
                chars = chars.dropFirst()
                out.append(.literal(text))
            } else if c.isWhitespace {
                while let d = chars.first, d.isWhitespace { chars = chars.dropFirst() }
                out.append(.space)
            } else if c.isLetter {
                var n = 0
                while chars.first == c { n += 1; chars = chars.dropFirst() }
                out.append(.field(c, n))
            } else {
                out.append(.literal(String(c)))
                chars = chars.dropFirst()
            }
        }
        return out
    }

    static func parse(_ text: String, pattern: String) -> Double? {
        var s = Array(text.lowercased())[...]
        var year = 2000, month = 1, day = 1, hour = 0, minute = 0, second = 0
        var pm: Bool?, weekday: Int?
        func skipSpace() { while let c = s.first, c.isWhitespace { s = s.dropFirst() } }
        func number(max digits: Int) -> Int? {
            var v = 0, n = 0
            while n < digits, let c = s.first, let d = c.wholeNumberValue, c.isASCII { v = v * 10 + d; n += 1; s = s.dropFirst() }
            return n == 0 ? nil : v
        }
        func word(_ list: [String], prefix: Int?) -> Int? {
            for (i, w) in list.enumerated() {
                let candidate = prefix.map { String(w.prefix($0)) } ?? w
                if s.starts(with: candidate) { s = s.dropFirst(candidate.count); return i }
            }
            return nil
        }
        for token in tokens(pattern) {
            switch token {
            case .space: skipSpace()
            case .literal(let l):
                skipSpace()
                guard s.starts(with: l.lowercased()) else { return nil }
                s = s.dropFirst(l.count)
            case .field(let f, let n):
                skipSpace()
                switch f {
                case "d": guard let v = number(max: 2) else { return nil }; day = v
                case "M", "L":
                    if n >= 3 { guard let v = word(months, prefix: n == 3 ? 3 : nil) else { return nil }; month = v + 1 }
                    else { guard let v = number(max: 2) else { return nil }; month = v }
                case "y": guard let v = number(max: 4) else { return nil }; year = n == 2 || v < 100 ? 2000 + v : v
                case "h", "H", "k", "K": guard let v = number(max: 2) else { return nil }; hour = v
                case "m": guard let v = number(max: 2) else { return nil }; minute = v
                case "s": guard let v = number(max: 2) else { return nil }; second = v
                case "a":
                    if s.starts(with: "am") { pm = false } else if s.starts(with: "pm") { pm = true } else { return nil }
                    s = s.dropFirst(2)
                case "E", "e", "c": guard let v = word(weekdays, prefix: n >= 4 ? nil : 3) else { return nil }; weekday = v
                default: return nil
                }
            }
        }
        skipSpace()
        guard s.isEmpty, (1 ... 12).contains(month), (1 ... 31).contains(day), hour < 24, minute < 60, second < 60 else { return nil }
        if let pm { hour = hour % 12 + (pm ? 12 : 0) }
        var days = daysFrom2001(year: year, month: month, day: day)
        if let weekday {
            // 2001-01-01 was a Monday (weekday 1).
            let current = ((days % 7) + 7 + 1) % 7
            days += (weekday - current + 7) % 7
        }
        return Double(days * 86_400 + hour * 3_600 + minute * 60 + second)
    }

    /// Days from 2001-01-01 to the given proleptic Gregorian date.
    static func daysFrom2001(year: Int, month: Int, day: Int) -> Int {
        func daysFromCivil(_ y0: Int, _ m: Int, _ d: Int) -> Int {
            let y = m <= 2 ? y0 - 1 : y0
            let era = (y >= 0 ? y : y - 399) / 400
            let yoe = y - era * 400
            let doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1
            let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
            return era * 146_097 + doe - 719_468
        }
        return daysFromCivil(year, month, day) - daysFromCivil(2001, 1, 1)
    }
}
