/// One kind of information that writing a property list in another format cannot keep.
///
/// The binary format holds everything a property list can contain. XML cannot say some of it:
/// ``PropertyList/conversionLosses(to:)`` lists what a conversion would lose, so that a tool can say
/// so (or refuse) instead of dropping it without a word.
public struct PlistConversionLoss: Sendable, Hashable {
    /// What is lost.
    public enum Kind: String, Sendable, Hashable, CaseIterable {
        /// A 32-bit real is written as its exact value and reads back as a 64-bit real.
        case float32Width
        /// A date with a fraction of a second is written in whole seconds.
        case subsecondDate
        /// A set is written as an array.
        case setAsArray
        /// A string holding an unpaired UTF-16 surrogate is written with U+FFFD in its place.
        case unpairedSurrogate
        /// A null object (bplist `0x00`) is written as an empty string.
        case null
        /// A fill byte object (bplist `0x0F`) is written as an empty string.
        case fill
        /// A 128-bit integer outside −2⁶³…2⁶⁴−1 is written in decimal, which no XML reader reads back.
        case wideInteger
        /// A one-entry dictionary `{"CF$UID": n}` with a number `n` reads back from XML as a UID (or, for a
        /// real no 32-bit integer holds, as an error), as in CoreFoundation.
        case uidLookalikeDictionary

        /// A few words for messages: "float32 width".
        public var words: String {
            switch self {
            case .float32Width: "float32 width (read back as float64)"
            case .subsecondDate: "sub-second dates (rounded down to whole seconds)"
            case .setAsArray: "sets (written as arrays)"
            case .unpairedSurrogate: "unpaired UTF-16 surrogates (replaced by U+FFFD)"
            case .null: "null objects (written as empty strings)"
            case .fill: "fill objects (written as empty strings)"
            case .wideInteger: "128-bit integers (not readable from XML)"
            case .uidLookalikeDictionary: "dictionaries of one CF$UID number (read back as UIDs)"
            }
        }
    }

    /// What is lost.
    public var kind: Kind
    /// How many objects of the list lose it.
    public var count: Int
    /// Where the first one is, from the root: `["root", "$objects", "[4]", "NS.time"]`.
    public var firstKeyPath: [String]

    /// Creates a loss record.
    public init(kind: Kind, count: Int, firstKeyPath: [String]) {
        self.kind = kind
        self.count = count
        self.firstKeyPath = firstKeyPath
    }
}

extension PropertyList {
    /// What writing this list in `format` would lose, one entry per kind, in ``PlistConversionLoss/Kind``
    /// order; empty for `.binary`, which holds everything. Each object is examined once, however many
    /// containers share it, so the cost is linear in the table.
    public func conversionLosses(to format: Format) -> [PlistConversionLoss] {
        guard format == .xml else { return [] }
        var counts: [PlistConversionLoss.Kind: (count: Int, first: Int)] = [:]
        let walk = PlistReachability(self)
        for i in walk.order {
            for kind in lossKinds(of: i) {
                if let c = counts[kind] { counts[kind] = (c.count + 1, c.first) } else { counts[kind] = (1, i) }
            }
        }
        return PlistConversionLoss.Kind.allCases.compactMap { kind in
            counts[kind].map { PlistConversionLoss(kind: kind, count: $0.count, firstKeyPath: walk.keyPath(to: $0.first, in: self)) }
        }
    }

    /// The key path of the first dictionary key (in a depth-first walk from the root) that is not a
    /// string, or nil when every key is a string. XML, JSON objects and keyed archives need string keys.
    public func firstNonStringKeyPath() -> [String]? {
        let walk = PlistReachability(self)
        for i in walk.order where kind(i) == .dict {
            for (j, k) in dictKeys(i).enumerated() where kind(k) != .string {
                return walk.keyPath(to: i, in: self) + ["{key \(j): \(kind(k))}"]
            }
        }
        return nil
    }

    /// The kinds of loss object `i` incurs in XML.
    private func lossKinds(of i: Int) -> [PlistConversionLoss.Kind] {
        let n = nodes[i]
        switch n.kind {
        case .real where n.extra == 4: return [.float32Width]
        case .date:
            let d = Double(bitPattern: n.payload)
            return d.isFinite && d.rounded(.down) != d ? [.subsecondDate] : []
        case .set: return [.setAsArray]
        case .null: return [.null]
        case .fill: return [.fill]
        case .integer where n.extra == 2: return [.wideInteger]
        case .string where n.extra == PlistStringEncoding.utf16BigEndian.rawValue:
            return hasUnpairedSurrogate(i) ? [.unpairedSurrogate] : []
        case .dict where n.count == 1:
            let k = dictKeys(i)[0], v = dictValues(i)[0]
            guard stringEquals(k, "CF$UID"), nodes[v].kind.becomesCFUID else { return [] }
            return [.uidLookalikeDictionary]
        default: return []
        }
    }

    /// Whether a UTF-16 string holds a surrogate without its partner.
    private func hasUnpairedSurrogate(_ i: Int) -> Bool {
        guard let (_, r) = stringBytes(i) else { return false }
        var j = r.lowerBound
        while j + 1 < r.upperBound {
            let u = UInt16(storage[j]) << 8 | UInt16(storage[j + 1])
            j += 2
            if u & 0xFC00 == 0xD800 {
                guard j + 1 < r.upperBound, (UInt16(storage[j]) << 8 | UInt16(storage[j + 1])) & 0xFC00 == 0xDC00 else { return true }
                j += 2
            } else if u & 0xFC00 == 0xDC00 {
                return true
            }
        }
        return false
    }
}

/// The objects reachable from a list's root, each once, in depth-first pre-order, with the parent
/// and member position that first reached it (so a key path costs its depth, not a search).
struct PlistReachability {
    /// Reachable objects in pre-order.
    var order: [Int] = []
    /// Per object: the container that first reached it (-1 for the root and unreached objects).
    var parent: [Int32]
    /// Per object: its member position in that container (for a dict, the entry's index).
    var slot: [UInt32]

    init(_ list: PropertyList) {
        parent = [Int32](repeating: -1, count: list.count)
        slot = [UInt32](repeating: 0, count: list.count)
        guard list.root >= 0, list.root < list.count else { return }
        var seen = [Bool](repeating: false, count: list.count)
        var stack = [list.root]
        seen[list.root] = true
        while let i = stack.popLast() {
            order.append(i)
            let kind = list.kind(i)
            guard kind == .array || kind == .set || kind == .dict else { continue }
            let members = kind == .dict ? Array(list.dictValues(i)) : Array(list.elements(i))
            for (j, m) in members.enumerated().reversed() where !seen[m] {
                seen[m] = true
                parent[m] = Int32(i)
                slot[m] = UInt32(j)
                stack.append(m)
            }
            // Dict keys are objects too (the binary format allows any kind).
            if kind == .dict {
                for (j, k) in list.dictKeys(i).enumerated() where !seen[k] {
                    seen[k] = true
                    parent[k] = Int32(i)
                    slot[k] = UInt32(j)
                    stack.append(k)
                }
            }
        }
    }

    /// `["root", "key", "[3]", …]` for object `i`.
    func keyPath(to i: Int, in list: PropertyList) -> [String] {
        var path: [String] = []
        var at = i
        while parent[at] >= 0 {
            let p = Int(parent[at])
            let j = Int(slot[at])
            if list.kind(p) == .dict {
                let key = list.dictKeys(p)[j]
                path.append(list.dictValues(p)[j] == at ? (list.string(key) ?? "{key \(j)}") : "{key \(j)}")
            } else {
                path.append("[\(j)]")
            }
            at = p
        }
        path.append("root")
        return path.reversed()
    }
}
