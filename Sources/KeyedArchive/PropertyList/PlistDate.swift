/// Conversion between plist dates (seconds since 2001-01-01 00:00:00 UTC) and the XML text form
/// `YYYY-MM-DDTHH:MM:SSZ`, on the proleptic Gregorian calendar, without Foundation.
enum PlistDate {
    /// Days from 1970-01-01 to 2001-01-01.
    static let referenceDay: Int64 = 11_323

    /// Days since 1970-01-01 of a civil date (any year).
    static func days(year: Int64, month: Int64, day: Int64) -> Int64 {
        let y = month <= 2 ? year - 1 : year
        let era = (y >= 0 ? y : y - 399) / 400
        let yoe = y - era * 400
        let mp = (month + 9) % 12
        let doy = (153 * mp + 2) / 5 + day - 1
        let doe = yoe * 365 + yoe / 4 - yoe / 100 + doy
        return era * 146_097 + doe - 719_468
    }

    /// The civil date of a day count since 1970-01-01.
    static func civil(_ z0: Int64) -> (year: Int64, month: Int64, day: Int64) {
        let z = z0 + 719_468
        let era = (z >= 0 ? z : z - 146_096) / 146_097
        let doe = z - era * 146_097
        let yoe = (doe - doe / 1460 + doe / 36524 - doe / 146_096) / 365
        let doy = doe - (365 * yoe + yoe / 4 - yoe / 100)
        let mp = (5 * doy + 2) / 153
        let d = doy - (153 * mp + 2) / 5 + 1
        let m = mp < 10 ? mp + 3 : mp - 9
        return (yoe + era * 400 + (m <= 2 ? 1 : 0), m, d)
    }

    static func isLeap(_ y: Int64) -> Bool { (y % 4 == 0 && y % 100 != 0) || y % 400 == 0 }

    /// Parses `YYYY-MM-DDTHH:MM:SSZ` (the year may have a sign and more digits); nil when malformed
    /// or out of range.
    static func parse(_ t: UnsafeBufferPointer<UInt8>) -> Double? {
        // A year of 4…9 digits, optionally negative, then exactly "-MM-DDTHH:MM:SSZ".
        let negative = t.first == UInt8(ascii: "-")
        let yearStart = negative ? 1 : 0
        let yearDigits = t.count - 16 - yearStart
        guard yearDigits >= 4, yearDigits <= 9 else { return nil }
        let o = yearStart + yearDigits
        func num(_ at: Int, _ n: Int) -> Int64? {
            var v: Int64 = 0
            for i in at ..< at + n {
                let c = t[i]
                guard c >= 0x30, c <= 0x39 else { return nil }
                v = v * 10 + Int64(c - 0x30)
            }
            return v
        }
        guard t[o] == UInt8(ascii: "-"), t[o + 3] == UInt8(ascii: "-"), t[o + 6] == UInt8(ascii: "T"),
              t[o + 9] == UInt8(ascii: ":"), t[o + 12] == UInt8(ascii: ":"), t[o + 15] == UInt8(ascii: "Z"),
              let yy = num(yearStart, yearDigits), let mo = num(o + 1, 2), let d = num(o + 4, 2),
              let h = num(o + 7, 2), let mi = num(o + 10, 2), let s = num(o + 13, 2) else { return nil }
        let y = negative ? -yy : yy
        let monthDays: [Int64] = [31, isLeap(y) ? 29 : 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31]
        guard (1 ... 12).contains(mo), d >= 1, d <= monthDays[Int(mo - 1)], h < 24, mi < 60, s < 60 else { return nil }
        let dayCount = days(year: y, month: mo, day: d) - referenceDay
        return Double(dayCount * 86_400 + h * 3600 + mi * 60 + s)
    }

    /// `YYYY-MM-DDTHH:MM:SSZ` for a date, rounded down to whole seconds (as CF writes it).
    /// Years outside 0…9999 are written with as many digits as they need.
    static func format(_ seconds: Double) -> [UInt8] {
        let whole: Int64
        if seconds.isNaN {
            whole = 0
        } else if seconds >= 3e16 {
            // Beyond year 999 999 999 the text form cannot hold it; clamp (CF's output is garbage there too).
            whole = 3 * 10_000_000_000_000_000
        } else if seconds <= -3e16 {
            whole = -3 * 10_000_000_000_000_000
        } else {
            whole = Int64(seconds.rounded(.down))
        }
        var day = whole / 86_400
        var rest = whole % 86_400
        if rest < 0 { rest += 86_400; day -= 1 }
        let (y, m, d) = civil(day + referenceDay)
        var out: [UInt8] = []
        func put(_ v: Int64, _ width: Int) {
            let s = String(v)
            if s.count < width { out.append(contentsOf: repeatElement(0x30, count: width - s.count)) }
            out.append(contentsOf: s.utf8)
        }
        if y < 0 { out.append(UInt8(ascii: "-")) }
        put(abs(y), 4); out.append(UInt8(ascii: "-"))
        put(m, 2); out.append(UInt8(ascii: "-"))
        put(d, 2); out.append(UInt8(ascii: "T"))
        put(rest / 3600, 2); out.append(UInt8(ascii: ":"))
        put(rest / 60 % 60, 2); out.append(UInt8(ascii: ":"))
        put(rest % 60, 2); out.append(UInt8(ascii: "Z"))
        return out
    }
}
