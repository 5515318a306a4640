import KeyedArchive

/// What differs between two documents by meaning, not bytes: the report `keyed-archive diff` prints.
///
/// Two property lists are compared value by value along key paths. Two archives are compared as object
/// graphs (``KeyedArchive/ArchiveGraph/semanticDiff(_:limit:)``): objects are matched by walking both
/// graphs from the top, so table order does not matter, but classes, keys, value types, values,
/// element order and sharing do. A keyed nib and a NIBArchive are compared in NIBArchive conventions.
/// For archives the report adds the classes whose object counts differ and the nib connections
/// (``NibConnectionSummary``) only one side has.
public struct ArchiveDiff: Sendable {
    /// How one difference changes the first document into the second.
    public enum Kind: String, Sendable, Hashable {
        case added, removed, changed
    }

    /// One difference, at a key path (`root.items[2].name`, or a graph path from `$top`).
    public struct Difference: Sendable, Hashable {
        /// Added, removed or changed.
        public var kind: Kind
        /// Where: from a property list's root (`root.items[2]`), or from `$top` through the objects walked (`$top.root → #12.title`).
        public var path: String
        /// What differs: `"Ada" ≠ "Grace"`, `only in the first plist`, ….
        public var message: String
        /// A difference of `kind` at `path`.
        public init(kind: Kind, path: String, message: String) {
            self.kind = kind
            self.path = path
            self.message = message
        }
    }

    /// A class whose number of objects differs: `first` objects before, `second` after.
    public struct ClassCountChange: Sendable, Hashable {
        /// The archived class name.
        public var className: String
        /// Objects of the class in the first document.
        public var first: Int
        /// Objects of the class in the second document.
        public var second: Int
    }

    /// The input (0: first, 1: second) that could not be compared, and why.
    public struct InputError: Error, Sendable {
        /// 0 for the first document, 1 for the second.
        public var input: Int
        /// Why it could not be compared.
        public var error: ArchiveError
    }

    /// Value and graph differences, at most `limit` of them, in walk order.
    public var differences: [Difference] = []
    /// Classes whose object counts differ, by name.
    public var classCounts: [ClassCountChange] = []
    /// Connections (as ``NibConnectionSummary`` lines) only in the first document, and only in the second.
    public var connectionsOnlyInFirst: [String] = []
    /// Connections only in the second document.
    public var connectionsOnlyInSecond: [String] = []

    /// Whether the documents are equivalent.
    public var isEmpty: Bool {
        differences.isEmpty && classCounts.isEmpty && connectionsOnlyInFirst.isEmpty && connectionsOnlyInSecond.isEmpty
    }

    /// Compares two documents, stopping after `limit` value differences. `limits` bound the materialised
    /// values of property lists, whose shared containers may expand far beyond their bytes.
    ///
    /// - Throws: ``InputError`` when one document cannot be read in full (a property list value that
    ///   does not decode, a keyed nib that does not convert) or a property list is compared with an archive.
    public init(_ first: ArchiveDocument, _ second: ArchiveDocument, limit: Int = 200,
                limits: DecodingLimits = .default) throws(InputError) {
        switch (first, second) {
        case let (.plist(p), .plist(q)):
            let x: PlistValue, y: PlistValue
            do { x = try p.value(at: nil, limits: limits) } catch { throw InputError(input: 0, error: error) }
            do { y = try q.value(at: nil, limits: limits) } catch { throw InputError(input: 1, error: error) }
            differences = PlistDiff.compare(x, y, limit: limit)
        default:
            var graphs: [ArchiveGraph] = []
            for (i, document) in [first, second].enumerated() {
                guard let g = document.graph else {
                    throw InputError(input: i, error: ArchiveError(.typeMismatch, "is a plain property list; the other input is an archive"))
                }
                graphs.append(g)
            }
            var ga = graphs[0], gb = graphs[1]
            // A keyed nib and a NIBArchive are compared in NIBArchive conventions.
            if ga.metadata.source != gb.metadata.source {
                do { if ga.metadata.source == .keyedArchive { ga = try ga.convertedToNIBArchive() } } catch { throw InputError(input: 0, error: error) }
                do { if gb.metadata.source == .keyedArchive { gb = try gb.convertedToNIBArchive() } } catch { throw InputError(input: 1, error: error) }
            }
            for d in ga.semanticDiff(gb, limit: limit) {
                let kind: Kind = d.message == "only in the first graph" ? .removed
                    : d.message == "only in the second graph" ? .added : .changed
                differences.append(Difference(kind: kind, path: d.path, message: d.message))
            }
            classCounts = Self.classCountChanges(ga, gb)
            let ca = NibConnectionSummary.describe(ga), cb = NibConnectionSummary.describe(gb)
            connectionsOnlyInFirst = Self.multisetDifference(ca, cb)
            connectionsOnlyInSecond = Self.multisetDifference(cb, ca)
        }
    }

    /// Objects per class name, counted over the whole object table, where the counts differ.
    static func classCountChanges(_ a: ArchiveGraph, _ b: ArchiveGraph) -> [ClassCountChange] {
        func counts(_ g: ArchiveGraph) -> [String: Int] {
            var c: [String: Int] = [:]
            for i in g.objects.indices { if let n = g.className(ofObject: i) { c[n, default: 0] += 1 } }
            return c
        }
        let x = counts(a), y = counts(b)
        return Set(x.keys).union(y.keys).sorted().compactMap { n in
            let (p, q) = (x[n] ?? 0, y[n] ?? 0)
            return p == q ? nil : ClassCountChange(className: n, first: p, second: q)
        }
    }

    /// Elements of `a` not matched one-for-one in `b`, in `a`'s order.
    static func multisetDifference(_ a: [String], _ b: [String]) -> [String] {
        var remaining: [String: Int] = [:]
        for s in b { remaining[s, default: 0] += 1 }
        var out: [String] = []
        for s in a {
            if let n = remaining[s], n > 0 { remaining[s] = n - 1 } else { out.append(s) }
        }
        return out
    }
}
