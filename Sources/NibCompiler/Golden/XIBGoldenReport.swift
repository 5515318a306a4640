import Nib

/// The golden-pair report: every pair measured, and the totals the compiler is judged by.
public struct XIBGoldenReport: Sendable {
    /// One line per pair, in input order.
    public var results: [XIBGoldenResult]

    /// Measures every pair, keeping each pair's first `differenceLimit` differences.
    public init(pairs: [XIBGoldenPair], differenceLimit: Int = 20) {
        results = pairs.map { $0.measure(differenceLimit: differenceLimit) }
    }

    /// A report of results already measured.
    public init(results: [XIBGoldenResult]) {
        self.results = results
    }

    /// The report of the legacy (Interface Builder 3) pairs only, or of the modern ones only.
    public func legacyPairs(_ legacy: Bool) -> XIBGoldenReport {
        XIBGoldenReport(results: results.filter { $0.isLegacy == legacy })
    }

    /// Pairs that compiled and were compared.
    public var compared: [XIBGoldenResult] { results.filter { $0.comparison != nil } }

    /// Sum of every compared pair's counts.
    public var total: (reference: Int, equal: Int, different: Int, missing: Int, extra: Int, objects: Int, matched: Int) {
        var t = (reference: 0, equal: 0, different: 0, missing: 0, extra: 0, objects: 0, matched: 0)
        for r in compared {
            guard let c = r.comparison else { continue }
            t.reference += c.referencePairs
            t.equal += c.equal
            t.different += c.different
            t.missing += c.missing
            t.extra += c.extra
            t.objects += c.referenceObjects
            t.matched += c.objectsMatched
        }
        return t
    }

    /// Equal pairs over reference plus extra pairs, over all compared pairs.
    public var agreement: Double {
        let t = total
        let d = t.reference + t.extra
        return d == 0 ? 1 : Double(t.equal) / Double(d)
    }

    /// Pairs whose compiled nib equals ibtool's.
    public var fullyEqual: Int { compared.filter { $0.comparison?.isFullyEqual == true }.count }

    /// Pairs whose compiled nib loads like ibtool's.
    public var loadingAlike: Int { results.filter(\.loadsAlike).count }

    /// Reference classes by pairs not reproduced (missing or different), most first.
    public func classesHoldingBack(limit: Int = 15) -> [(name: String, pairs: Int, equal: Int)] {
        var by: [String: (Int, Int)] = [:]
        for r in compared {
            for (cls, v) in r.comparison?.byClass ?? [:] {
                let old = by[cls] ?? (0, 0)
                by[cls] = (old.0 + v.pairs, old.1 + v.equal)
            }
        }
        return by.map { (name: $0.key, pairs: $0.value.0, equal: $0.value.1) }
            .sorted { ($0.pairs - $0.equal, $0.name) > ($1.pairs - $1.equal, $1.name) }
            .prefix(limit).map { $0 }
    }

    /// `Class.key` of reference values not reproduced (missing or different), most first.
    public func keysHoldingBack(limit: Int = 25) -> [(key: String, count: Int)] {
        var by: [String: Int] = [:]
        for r in compared { for (k, n) in r.comparison?.keyMisses ?? [:] { by[k, default: 0] += n } }
        return by.map { (key: $0.key, count: $0.value) }.sorted { ($0.count, $1.key) > ($1.count, $0.key) }.prefix(limit).map { $0 }
    }

    /// The report as text: a line per pair, then the totals and the classes that hold the rest back.
    /// `differences` is how many of each pair's differences `verbose` lists.
    public func text(verbose: Bool = false, differences: Int = 8) -> String {
        var lines: [String] = []
        lines.append("PAIR | OBJECTS MATCHED | EQUAL | DIFFERENT | MISSING | EXTRA | AGREEMENT | FULL | LOADS ALIKE")
        for r in results {
            guard let c = r.comparison else {
                lines.append("\(r.name) | not compared: \(r.error ?? "?")")
                continue
            }
            lines.append("\(r.name) | \(c.objectsMatched)/\(c.referenceObjects) | \(c.equal) | \(c.different) | \(c.missing) | \(c.extra) | "
                         + percent(c.agreement) + " | \(c.isFullyEqual ? "yes" : "no") | \(r.loadsAlike ? "yes" : "no")")
            if verbose {
                for s in c.samples.prefix(differences) { lines.append("    \(s)") }
                for d in r.loadDifferences { lines.append("    load: \(d)") }
                if !r.unavailable.isEmpty { lines.append("    not in the corpus (listed by the manifest): \(r.unavailable.joined(separator: ", "))") }
            }
        }
        let t = total
        lines.append("")
        lines.append("pairs: \(results.count), compared: \(compared.count), fully equal: \(fullyEqual), loading alike: \(loadingAlike)")
        lines.append("key/value pairs: \(t.reference) in ibtool's nibs; equal \(t.equal), different \(t.different), missing \(t.missing), extra \(t.extra)")
        lines.append("agreement: \(percent(agreement)) (equal / (reference + extra)); objects matched \(t.matched)/\(t.objects)")
        let legacy = legacyPairs(true)
        if !legacy.compared.isEmpty {
            // Legacy twins are what Interface Builder 3 saved, not ibtool's output: their numbers apart.
            for (label, part) in [("modern", legacyPairs(false)), ("legacy (Interface Builder 3)", legacy)] {
                let p = part.total
                lines.append("\(label): \(part.compared.count) compared, \(part.fullyEqual) fully equal, \(part.loadingAlike) loading alike; "
                             + "equal \(p.equal) of \(p.reference), different \(p.different), missing \(p.missing), extra \(p.extra); agreement \(percent(part.agreement))")
            }
        }
        lines.append("classes holding the rest back (reference pairs not reproduced):")
        for c in classesHoldingBack() { lines.append("  \(c.name): \(c.pairs - c.equal) of \(c.pairs)") }
        if verbose {
            lines.append("keys of matched objects not reproduced:")
            for k in keysHoldingBack() { lines.append("  \(k.key): \(k.count)") }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    func percent(_ x: Double) -> String {
        let v = (x * 1000).rounded() / 10
        return "\(v)%"
    }
}
