import KeyedArchive

/// How closely one nib graph reproduces another, counted key/value pair by key/value pair: the measure
/// of the XIB compiler against ibtool's output (`Scripts/xib-golden`).
///
/// Both graphs are walked from the top in step, as ``ArchiveGraph/semanticDiff(_:limit:)`` walks them:
/// objects pair up where the same key holds them, strings, numbers and data compare by value, integer
/// widths matter (width 0 matches any), set members compare without order, and table order and
/// numbering are free. Every value of every object reachable in the reference counts once, so a
/// subtree the candidate lacks counts as missing pairs rather than one difference. A nib nested in
/// another (`NSNib.NSNibFileData`, `UINib.archiveData`: table cell prototypes) is compared as a
/// graph in the same way, its pairs counted with the outer nib's; the data pair itself is equal only
/// when the nested nibs are.
public struct NibGraphComparison: Sendable {
    /// Key/value pairs of the reference (inline collection elements count one each).
    public var referencePairs = 0
    /// Pairs the candidate has with an equal value.
    public var equal = 0
    /// Pairs the candidate has with another value (or an object of another class).
    public var different = 0
    /// Pairs only the candidate has.
    public var extra = 0
    /// Reference objects matched by a candidate object of the same class.
    public var objectsMatched = 0
    /// Reference objects reachable from the top.
    public var referenceObjects = 0
    /// Per reference class: (pairs, equal pairs).
    public var byClass: [String: (pairs: Int, equal: Int)] = [:]
    /// The first differences, as `path: what`.
    public var samples: [String] = []
    /// Per `Class.key` of matched reference objects: values the candidate lacks or has different.
    public var keyMisses: [String: Int] = [:]

    /// Reference pairs the candidate lacks.
    public var missing: Int { max(0, referencePairs - equal - different) }
    /// Equal pairs over reference pairs plus extra ones (1 when both are empty).
    public var agreement: Double {
        let denominator = referencePairs + extra
        return denominator == 0 ? 1 : Double(equal) / Double(denominator)
    }
    /// Whether the candidate reproduces the reference exactly (up to the freedoms above).
    public var isFullyEqual: Bool { equal == referencePairs && extra == 0 && different == 0 }

    /// Adds another comparison's counts to this one (a storyboard's nibs add up), keeping at most
    /// `sampleLimit` difference descriptions.
    public mutating func add(_ other: NibGraphComparison, sampleLimit: Int = 20) {
        referencePairs += other.referencePairs
        equal += other.equal
        different += other.different
        extra += other.extra
        objectsMatched += other.objectsMatched
        referenceObjects += other.referenceObjects
        for (k, v) in other.byClass {
            let old = byClass[k] ?? (0, 0)
            byClass[k] = (old.pairs + v.pairs, old.equal + v.equal)
        }
        for (k, v) in other.keyMisses { keyMisses[k, default: 0] += v }
        samples += other.samples.prefix(max(0, sampleLimit - samples.count))
    }

    /// An empty tally, filled in by the walk.
    fileprivate init() {}

    /// Compares `candidate` against `reference`; `ignoredKeys` are left out on both sides, and the
    /// collections held by `unorderedKeys` compare without order (ibtool's known non-determinism:
    /// constraint order, object table order). Keep at most `sampleLimit` difference descriptions.
    public init(reference: ArchiveGraph, candidate: ArchiveGraph, ignoredKeys: Set<String> = [],
                unorderedKeys: Set<String> = [], sampleLimit: Int = 20) {
        var walk = ComparisonWalk(a: reference, b: candidate, ignored: ignoredKeys, unorderedKeys: unorderedKeys, sampleLimit: sampleLimit)
        walk.run()
        self = walk.result
    }

    /// Adds what a nested comparison found, except its reference totals (already counted with the
    /// outer reference); difference samples get `path` in front.
    mutating func absorbMatches(of nested: NibGraphComparison, at path: String, sampleLimit: Int) {
        equal += nested.equal
        different += nested.different
        extra += nested.extra
        objectsMatched += nested.objectsMatched
        for (k, v) in nested.byClass { byClass[k, default: (0, 0)].equal += v.equal }
        for (k, v) in nested.keyMisses { keyMisses[k, default: 0] += v }
        samples += nested.samples.prefix(max(0, sampleLimit - samples.count)).map { "\(path) ▸ \($0)" }
    }

    /// Adds a nested reference's totals (pairs, objects, per-class pairs).
    mutating func addReferenceTotals(of nested: NibGraphComparison) {
        referencePairs += nested.referencePairs
        referenceObjects += nested.referenceObjects
        for (k, v) in nested.byClass { byClass[k, default: (0, 0)].pairs += v.pairs }
    }
}

/// One graph's identifying texts by object, worked out once per comparison.
final class IdentifyingTexts {
    var byObject: [Int: String] = [:]
}

struct ComparisonWalk {
    let a: ArchiveGraph
    let b: ArchiveGraph
    let ignored: Set<String>
    let unorderedKeys: Set<String>
    let sampleLimit: Int
    var result = NibGraphComparison()
    /// Reference collection objects whose members compare without order.
    var unorderedObjects = Set<Int>()
    var aToB: [Int: Int] = [:]
    var queue: [(Int, Int, String)] = []
    /// Members compared without order, held back until the ordered structure has paired what it can.
    var deferred: [(xs: [ArchiveValue], ys: [ArchiveValue], path: String, owner: Int?, key: String)] = []
    /// How many nibs this one is nested in (0 for a file); bounded by `maxNestedArchiveDepth`.
    var depth = 0
    /// Reference objects that hold a nested nib, with it parsed (counted by ``countReference()``).
    var nestedReference: [Int: ArchiveGraph] = [:]

    static let valueClasses: Set<String> = ["NSString", "NSMutableString", "NSNumber", "NSData", "NSMutableData"]
    static let setClasses: Set<String> = ["NSSet", "NSMutableSet"]
    /// Keys whose texts (every one an object has) order unordered members of one class.
    static let maxIdentifyingText = 80
    static let maxReferredTexts = 16
    let referenceTexts = IdentifyingTexts(), candidateTexts = IdentifyingTexts()
    static let identifyingKeys = ["NSClassName", "NSFrame", "NSFrameSize", "NSWindowRect", "NSContents", "NSTitle", "NSName", "NSLabel", "UILabel"]

    init(a: ArchiveGraph, b: ArchiveGraph, ignored: Set<String>, unorderedKeys: Set<String>, sampleLimit: Int) {
        self.a = a
        self.b = b
        self.ignored = ignored
        self.unorderedKeys = unorderedKeys
        self.sampleLimit = sampleLimit
    }

    mutating func run() {
        countReference()
        compareKeyed(scope(a), scope(b), path: "$top", owner: nil)
        var next = 0, nextDeferred = 0, nextLeftover = 0
        var leftovers: [(xs: [ArchiveValue], ys: [ArchiveValue], path: String, owner: Int?, key: String)] = []
        while true {
            while next < queue.count {
                let (i, j, path) = queue[next]
                next += 1
                compareKeyed(Array(a.values(ofObject: i)), Array(b.values(ofObject: j)), path: path, owner: i, candidateOwner: j)
            }
            // Unordered lists after the ordered structure: first what pairs without a guess (which may reach
            // more structure), then, once nothing else is left, the rest of each list.
            if nextDeferred < deferred.count {
                let d = deferred[nextDeferred]
                nextDeferred += 1
                currentKey = d.key
                if d.xs.count != d.ys.count { note(d.path, "\(d.xs.count) values in ibtool's nib, \(d.ys.count) in ours") }
                let rest = compareUnordered(d.xs, d.ys, path: d.path, owner: d.owner, final: false)
                if !rest.xs.isEmpty || !rest.ys.isEmpty { leftovers.append((rest.xs, rest.ys, d.path, d.owner, d.key)) }
                continue
            }
            guard nextLeftover < leftovers.count else { break }
            let d = leftovers[nextLeftover]
            nextLeftover += 1
            currentKey = d.key
            compareUnordered(d.xs, d.ys, path: d.path, owner: d.owner)
        }
    }

    /// A walk over a nested pair of nibs, with this walk's settings, one level deeper.
    func nestedWalk(_ x: ArchiveGraph, _ y: ArchiveGraph) -> ComparisonWalk {
        var w = ComparisonWalk(a: x, b: y, ignored: ignored, unorderedKeys: unorderedKeys, sampleLimit: sampleLimit)
        w.depth = depth + 1
        return w
    }

    /// The nib nested in object `i` of `g`, when it holds one that parses within the nesting limit.
    func nested(_ g: ArchiveGraph, _ i: Int) -> ArchiveGraph? {
        (try? g.nestedArchive(ofObject: i, depth: depth)).flatMap { $0 }
    }

    func scope(_ g: ArchiveGraph) -> [ArchiveKeyedValue] {
        if g.top.isEmpty, g.metadata.source != .keyedArchive, !g.objects.isEmpty { return Array(g.values(ofObject: 0)) }
        return g.top
    }

    func key(_ g: ArchiveGraph, _ k: Int) -> String { k >= 0 && k < g.keys.count ? g.keys[k] : "" }

    func className(_ g: ArchiveGraph, _ i: Int) -> String { g.className(ofObject: i) ?? "" }

    func isValueObject(_ g: ArchiveGraph, _ i: Int) -> Bool {
        g.objects[i].kind == .plain || Self.valueClasses.contains(className(g, i))
    }

    /// Every pair of every reference object reachable from the top, and the per-class totals.
    mutating func countReference() {
        var seen = Set<Int>()
        var pending: [Int] = []
        func visit(_ v: ArchiveValue, _ pending: inout [Int], _ seen: inout Set<Int>) {
            if case .ref(let i) = v, i >= 0, i < a.objects.count, !isValueObject(a, i), seen.insert(i).inserted { pending.append(i) }
            for m in a.items(v) { visit(m, &pending, &seen) }
        }
        for kv in scope(a) where !ignored.contains(key(a, kv.key)) {
            result.referencePairs += 1
            visit(kv.value, &pending, &seen)
        }
        while let i = pending.popLast() {
            guard a.objects[i].kind == .object else { continue }
            result.referenceObjects += 1
            let cls = className(a, i)
            for kv in a.values(ofObject: i) where !ignored.contains(key(a, kv.key)) {
                result.referencePairs += 1
                result.byClass[cls, default: (0, 0)].pairs += 1
                visit(kv.value, &pending, &seen)
            }
            // A nested nib's pairs count with this one's, whether or not the candidate has it.
            if ArchiveGraph.nestedArchiveKeys.contains(where: { !ignored.contains($0) && a.value(ofObject: i, forKey: $0) != nil }), let inner = nested(a, i) {
                nestedReference[i] = inner
                var w = nestedWalk(inner, ArchiveGraphBuilder(metadata: .init(source: .built)).build())
                w.countReference()
                                result.addReferenceTotals(of: w.result)
            }
        }
    }

    mutating func note(_ path: String, _ what: String) {
        if result.samples.count < sampleLimit { result.samples.append("\(path): \(what)") }
    }

    mutating func compareKeyed(_ va: [ArchiveKeyedValue], _ vb: [ArchiveKeyedValue], path: String, owner: Int?, candidateOwner: Int? = nil) {
        var ga: [String: [ArchiveValue]] = [:], gb: [String: [ArchiveValue]] = [:]
        var order: [String] = []
        for kv in va {
            let k = key(a, kv.key)
            guard !ignored.contains(k) else { continue }
            if ga[k] == nil { order.append(k) }
            ga[k, default: []].append(kv.value)
        }
        for kv in vb {
            let k = key(b, kv.key)
            guard !ignored.contains(k) else { continue }
            gb[k, default: []].append(kv.value)
        }
        let unordered = owner.map { Self.setClasses.contains(className(a, $0)) || unorderedObjects.contains($0) } ?? false
        for (k, ys) in gb where ga[k] == nil {
            result.extra += ys.count
            note("\(path).\(k)", "only in the compiled nib")
        }
        for k in order {
            guard var xs = ga[k] else { continue }
            guard var ys = gb[k] else {
                note("\(path).\(k)", "missing")
                if let owner { result.keyMisses["\(className(a, owner)).\(k)", default: 0] += xs.count }
                continue
            }
            if unorderedKeys.contains(k) {
                for case .ref(let i) in xs { unorderedObjects.insert(i) }
            }
            currentKey = k
            if unordered {
                deferred.append((xs, ys, "\(path).\(k)", owner, k))
                continue
            } else if k == ArchiveGraph.NibKeys.emptyKey, let owner, ArchiveGraph.nibDictionaryClasses.contains(className(a, owner)),
                      xs.count % 2 == 0, ys.count % 2 == 0 {
                compareEntries(xs, ys, path: "\(path).\(k)", owner: owner)
                continue
            } else if xs.count > 1 {
                // Constraint order is not deterministic: runs of constraints compare without order.
                (xs, ys) = (sortedConstraintRuns(a, xs, referenceTexts), sortedConstraintRuns(b, ys, candidateTexts))
            }
            if ys.count > xs.count { result.extra += ys.count - xs.count }
            if xs.count != ys.count { note("\(path).\(k)", "\(xs.count) values in ibtool's nib, \(ys.count) in ours") }
            if ArchiveGraph.nestedArchiveKeys.contains(k), let owner, let candidateOwner, let inner = nestedReference[owner],
               let theirs = nested(b, candidateOwner) {
                compareNested(inner, theirs, path: "\(path).\(k)", owner: owner)
                continue
            }
            for (x, y) in zip(xs, ys) { compareValue(x, y, path: "\(path).\(k)", owner: owner) }
        }
    }

    /// Members compared without order, in two rounds. The first (`final` false) pairs what needs no
    /// guess: members the structure already paired, and members whose ``memberKey(_:_:_:)`` is unique on
    /// both sides; it returns the rest, which wait until the structure those pairs reach is compared. The
    /// final round pairs the rest in ``memberKey(_:_:_:)`` order within their group (a value's text, an
    /// object's class); a member without a partner in its group is missing (reference) or extra
    /// (candidate), so one absent member does not shift every later one.
    @discardableResult
    mutating func compareUnordered(_ xs: [ArchiveValue], _ ys: [ArchiveValue], path: String, owner: Int?,
                                   final: Bool = true) -> (xs: [ArchiveValue], ys: [ArchiveValue]) {
        // Members the structure already paired stay paired.
        // (Each object's positions are used in order through a cursor: a list of one object many times
        // costs its length, not its square.)
        var positions: [Int: [Int]] = [:], used: [Int: Int] = [:]
        for (p, y) in ys.enumerated() { if case .ref(let j) = y { positions[j, default: []].append(p) } }
        var taken = Set<Int>()
        var restX: [ArchiveValue] = []
        for x in xs {
            if case .ref(let i) = x, let j = aToB[i], let list = positions[j], used[j, default: 0] < list.count {
                let p = list[used[j, default: 0]]
                used[j, default: 0] += 1
                taken.insert(p)
                compareValue(x, ys[p], path: path, owner: owner)
            } else {
                restX.append(x)
            }
        }
        var restY = ys.indices.filter { !taken.contains($0) }.map { ys[$0] }
        guard final else {
            // Members one of a kind on both sides pair now.
            let kx = restX.map { memberKey(a, $0, referenceTexts) }, ky = restY.map { memberKey(b, $0, candidateTexts) }
            var countX: [String: Int] = [:], countY: [String: Int] = [:]
            for k in kx { countX[k, default: 0] += 1 }
            for k in ky { countY[k, default: 0] += 1 }
            var yAt: [String: Int] = [:]
            for (p, k) in ky.enumerated() where countY[k] == 1 { yAt[k] = p }
            var pairedY = Set<Int>()
            var leftX: [ArchiveValue] = []
            for (x, k) in zip(restX, kx) {
                if countX[k] == 1, let p = yAt[k] {
                    pairedY.insert(p)
                    compareValue(x, restY[p], path: path, owner: owner)
                } else {
                    leftX.append(x)
                }
            }
            restY = restY.indices.filter { !pairedY.contains($0) }.map { restY[$0] }
            return (leftX, restY)
        }
        func keyed(_ g: ArchiveGraph, _ vs: [ArchiveValue], _ texts: IdentifyingTexts) -> [(group: Substring, value: ArchiveValue)] {
            vs.enumerated().map { (offset: $0.offset, key: memberKey(g, $0.element, texts), value: $0.element) }
                .map { (group: Self.memberGroup($0.key), key: $0.key, offset: $0.offset, value: $0.value) }
                .sorted { ($0.group, $0.key, $0.offset) < ($1.group, $1.key, $1.offset) }
                .map { (group: $0.group, value: $0.value) }
        }
        let sx = keyed(a, restX, referenceTexts), sy = keyed(b, restY, candidateTexts)
        var i = 0, j = 0
        while i < sx.count || j < sy.count {
            if i < sx.count, j < sy.count, sx[i].group == sy[j].group {
                compareValue(sx[i].value, sy[j].value, path: path, owner: owner)
                i += 1
                j += 1
            } else if j >= sy.count || (i < sx.count && sx[i].group < sy[j].group) {
                if let owner { result.keyMisses["\(className(a, owner)).\(currentKey)", default: 0] += 1 }
                i += 1
            } else {
                result.extra += 1
                j += 1
            }
        }
        return ([], [])
    }

    /// A dictionary's entries (key, value, key, value, … in NIBArchive conventions) paired by their keys,
    /// not by position: a dictionary has no order, and ibtool's follows its hash table. A matched key
    /// counts as equal and its values are compared; an entry without a partner is missing (two pairs)
    /// or extra.
    mutating func compareEntries(_ xs: [ArchiveValue], _ ys: [ArchiveValue], path: String, owner: Int) {
        var theirs: [String: [Int]] = [:], next: [String: Int] = [:]
        for e in stride(from: 0, to: ys.count, by: 2) { theirs[memberKey(b, ys[e], candidateTexts), default: []].append(e) }
        var used = Set<Int>()
        for e in stride(from: 0, to: xs.count, by: 2) {
            let key = memberKey(a, xs[e], referenceTexts)
            guard let candidates = theirs[key], next[key, default: 0] < candidates.count else {
                note(path, "entry \(valueText(a, xs[e])) missing")
                result.keyMisses["\(className(a, owner)).\(currentKey)", default: 0] += 2
                continue
            }
            let f = candidates[next[key, default: 0]]
            next[key, default: 0] += 1
            used.insert(f)
            compareValue(xs[e], ys[f], path: path, owner: owner)
            compareValue(xs[e + 1], ys[f + 1], path: path, owner: owner)
        }
        let extra = stride(from: 0, to: ys.count, by: 2).filter { !used.contains($0) }
        if !extra.isEmpty { note(path, "\(extra.count) entries only in the compiled nib") }
        result.extra += 2 * extra.count
    }

    /// The part of a member key that must be equal for two members to pair: an object's class
    /// (its details only order the members of one class), or a value's whole text.
    static func memberGroup(_ key: String) -> Substring {
        guard key.hasPrefix("o"), let bar = key.firstIndex(of: "|") else { return Substring(key) }
        return key[..<bar]
    }

    /// Two nested nibs, compared as graphs: their pairs add to this comparison's, and the data pair
    /// holding them is equal when they are fully equal.
    mutating func compareNested(_ x: ArchiveGraph, _ y: ArchiveGraph, path: String, owner: Int) {
        var w = nestedWalk(x, y)
        w.run()
        result.absorbMatches(of: w.result, at: path, sampleLimit: sampleLimit)
        if !w.result.isFullyEqual { note(path, "the nested nibs differ") }
        credit(owner, equal: w.result.isFullyEqual)
    }

    /// `xs` with each run of consecutive `NSLayoutConstraint` references in ``memberKey(_:_:_:)`` order.
    func sortedConstraintRuns(_ g: ArchiveGraph, _ xs: [ArchiveValue], _ texts: IdentifyingTexts) -> [ArchiveValue] {
        func isConstraint(_ v: ArchiveValue) -> Bool {
            if case .ref(let i) = v, i >= 0, i < g.objects.count { return className(g, i) == "NSLayoutConstraint" }
            return false
        }
        var out = xs
        var start = 0
        while start < out.count {
            guard isConstraint(out[start]) else { start += 1; continue }
            var end = start
            while end < out.count, isConstraint(out[end]) { end += 1 }
            if end - start > 1 { out.replaceSubrange(start ..< end, with: sortedMembers(g, Array(out[start ..< end]), texts)) }
            start = end
        }
        return out
    }

    /// Members in a canonical order: by ``memberKey(_:_:_:)``, equal keys in stored order.
    func sortedMembers(_ g: ArchiveGraph, _ xs: [ArchiveValue], _ texts: IdentifyingTexts) -> [ArchiveValue] {
        xs.enumerated().map { (key: memberKey(g, $0.element, texts), index: $0.offset, value: $0.element) }
            .sorted { ($0.key, $0.index) < ($1.key, $1.index) }.map(\.value)
    }

    /// A member's order-free identity: its text or number, or its class (constraints also by their
    /// attributes, constant and items' classes, AppKit connectors by their label and ends' classes).
    func memberKey(_ g: ArchiveGraph, _ v: ArchiveValue, _ texts: IdentifyingTexts) -> String {
        if case .ref(let i) = v, i >= 0, i < g.objects.count {
            if let s = try? g.string(of: v) { return "s" + s }
            if let n = try? g.number(of: v) { return "n" + numberText(n) }
            let cls = className(g, i)
            if cls.hasPrefix("NSNib"), cls.hasSuffix("Connector"), let label = g.value(ofObject: i, forKey: "NSLabel") {
                // Connectors with one label (two `delegate` outlets) tell apart by their ends' classes.
                return "o" + cls + "|" + valueText(g, label) + "|" + endClass(g, i, "NSSource") + "|" + endClass(g, i, "NSDestination")
            }
            guard cls == "NSLayoutConstraint" else {
                // Objects of one class tell apart by what names or places them, where they have it, then
                // by what names or places the objects they refer to (a cell by its control's frame, a
                // column by its header's title, a button cell by its image's name).
                // (The referred texts are sorted: the two sides may store an object's keys in other orders.)
                // (At most `maxReferredTexts` of them: a key stays short whatever the object holds.)
                var referred: [String] = []
                for kv in g.values(ofObject: i) {
                    guard case .ref(let j) = kv.value, j != i, j >= 0, j < g.objects.count, !isValueObject(g, j) else { continue }
                    let text = identifyingText(g, j, texts)
                    if !text.isEmpty { referred.append("|" + key(g, kv.key) + "{" + text + "}") }
                }
                return "o" + cls + identifyingText(g, i, texts) + referred.sorted().prefix(Self.maxReferredTexts).joined()
            }
            var key = "o" + cls
            for name in ["NSFirstAttribute", "NSSecondAttribute", "NSConstant", "NSRelation"] {
                key += "|" + (g.value(ofObject: i, forKey: name).map { valueText(g, $0) } ?? "-")
            }
            // Constraints alike but for their items tell apart by the items' classes.
            return key + "|" + endClass(g, i, "NSFirstItem") + "|" + endClass(g, i, "NSSecondItem")
        }
        return v.kindName
    }

    /// The texts of object `i`'s identifying keys (``identifyingKeys``) and its image's resource name.
    /// Worked out once per object (`texts` is the graph's cache), each text cut to
    /// `maxIdentifyingText` characters, so member keys cost what their own objects hold.
    func identifyingText(_ g: ArchiveGraph, _ i: Int, _ texts: IdentifyingTexts) -> String {
        if let known = texts.byObject[i] { return known }
        var text = ""
        for name in Self.identifyingKeys + ["NSResourceName"] {
            if let v = g.value(ofObject: i, forKey: name), let s = try? g.string(of: v) { text += "|" + name + "=" + s.prefix(Self.maxIdentifyingText) }
        }
        texts.byObject[i] = text
        return text
    }

    /// The class of the object a connector's `end` refers to (a class swapper's custom class), or `-`.
    func endClass(_ g: ArchiveGraph, _ connector: Int, _ end: String) -> String {
        guard case .ref(let j)? = g.value(ofObject: connector, forKey: end), j >= 0, j < g.objects.count else { return "-" }
        let cls = className(g, j)
        if cls.hasSuffix("ClassSwapper") || cls == "NSCustomObject" || cls == "NSCustomView",
           let name = g.value(ofObject: j, forKey: "NSClassName") {
            return cls + ":" + valueText(g, name)
        }
        return cls
    }

    /// The key being compared, for ``NibGraphComparison/keyMisses``.
    var currentKey = ""

    mutating func credit(_ owner: Int?, equal: Bool) {
        if equal {
            result.equal += 1
            if let owner { result.byClass[className(a, owner), default: (0, 0)].equal += 1 }
        } else {
            result.different += 1
            if let owner { result.keyMisses["\(className(a, owner)).\(currentKey)", default: 0] += 1 }
        }
    }

    mutating func compareValue(_ x: ArchiveValue, _ y: ArchiveValue, path: String, owner: Int?) {
        switch (x, y) {
        case let (.ref(i), .ref(j)):
            guard i >= 0, i < a.objects.count, j >= 0, j < b.objects.count else { return credit(owner, equal: false) }
            if isValueObject(a, i) || isValueObject(b, j) {
                let same = valueText(a, x) == valueText(b, y)
                if !same { note(path, "\(valueText(a, x)) in ibtool's nib, \(valueText(b, y)) in ours") }
                return credit(owner, equal: same)
            }
            let ca = className(a, i), cb = className(b, j)
            guard ca == cb else {
                note(path, "class \(ca) in ibtool's nib, \(cb) in ours")
                return credit(owner, equal: false)
            }
            credit(owner, equal: true)
            if aToB[i] == nil {
                aToB[i] = j
                result.objectsMatched += 1
                queue.append((i, j, "\(path)→\(ca)"))
            }
        case let (.int(v, w), .int(u, z)):
            let same = v == u && (w == z || w == 0 || z == 0)
            if !same { note(path, "int \(v) (width \(w)) in ibtool's nib, \(u) (width \(z)) in ours") }
            credit(owner, equal: same)
        default:
            let same = valueText(a, x) == valueText(b, y)
            if !same { note(path, "\(valueText(a, x)) in ibtool's nib, \(valueText(b, y)) in ours") }
            credit(owner, equal: same)
        }
    }

    /// A value's kind and content as text, for comparing scalars and value objects.
    func valueText(_ g: ArchiveGraph, _ v: ArchiveValue) -> String {
        if case .ref(let i) = v, i >= 0, i < g.objects.count {
            if let s = try? g.string(of: v) { return "string \"\(s.prefix(60))\"" }
            if let n = try? g.number(of: v) { return "number \(numberText(n))" }
            if let d = try? g.data(of: v) { return "data(\(d.count)) \(d.prefix(16).map { String($0, radix: 16) }.joined())" }
            return "object \(className(g, i))"
        }
        switch v {
        case .nil: return "nil"
        case .bool(let b): return "bool \(b)"
        case let .int(n, _): return "int \(n)"
        case .float(let f): return "float \(f)"
        case .double(let d): return "double \(d)"
        case .bytes(let r): return "bytes \(g.bytes(r).map { String($0, radix: 16) }.joined(separator: " "))"
        case .string: return "string \"\(g.string(v) ?? "")\""
        default: return v.kindName
        }
    }

    func numberText(_ n: ArchiveValue) -> String {
        switch n {
        case let .int(x, _): return "int \(x)"
        case .double(let d): return "double \(d)"
        case .float(let f): return "float \(f)"
        case .bool(let b): return "bool \(b)"
        default: return n.kindName
        }
    }
}
