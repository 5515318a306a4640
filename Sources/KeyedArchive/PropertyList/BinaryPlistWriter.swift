/// Writes a ``PropertyList`` as `bplist00`, following CoreFoundation's layout rules.
///
/// Pass 1 flattens from the root in pre-order (a container, then its members; a dict's keys before its
/// values), uniquing strings, numbers, dates and data by (type, value) and containers by table identity;
/// UIDs are never uniqued. A node the list shares (a read list keeps one node per object of its input) is
/// uniqued once and named by its output id after that. Pass 2 (``BinaryPlistObjectTable/serialise()``)
/// sizes every object, picks the smallest ref and offset widths, and writes everything into one
/// exactly-sized buffer. Output depends only on the table, never on hashing.
struct BinaryPlistWriter {
    typealias Object = BinaryPlistObjectTable.Object

    let list: PropertyList
    var table: BinaryPlistObjectTable
    /// Output id + 1 of each node other than a UID already flattened (0: not yet).
    var outputIDs: [UInt32]

    init(_ list: PropertyList) {
        self.list = list
        outputIDs = [UInt32](repeating: 0, count: list.nodes.count)
        table = BinaryPlistObjectTable(storage: list.storage, expectedObjects: list.nodes.count, expectedMembers: list.refs.count)
    }

    static func write(_ list: PropertyList) -> [UInt8] {
        guard list.root >= 0, list.root < list.nodes.count else { return [] }
        var w = BinaryPlistWriter(list)
        w.flatten()
        let bytes = w.table.serialise()
        w.table.parkTables()
        return bytes
    }

    // MARK: Pass 1: flatten

    mutating func flatten() {
        // Pending (node, member slot to fill); slot -1 is the root. Children are pushed in reverse.
        var stack: [(node: Int, slot: Int)] = [(list.root, -1)]
        while let (node, slot) = stack.popLast() {
            let id = outputID(node, &stack)
            if slot >= 0 { table.members[slot] = UInt32(id) }
        }
    }

    /// The output id of `node`, creating (and scheduling the members of) a new object when needed.
    mutating func outputID(_ node: Int, _ stack: inout [(node: Int, slot: Int)]) -> Int {
        let n = list.nodes[node]
        if n.kind == .uid { return table.uid(n.payload) }
        // Uniquing a node again would give the same id: the table keeps every object it made.
        if outputIDs[node] != 0 { return Int(outputIDs[node]) - 1 }
        let id: Int
        switch n.kind {
        case .array, .set, .dict:
            let tag: UInt8 = n.kind == .array ? 0xA0 : n.kind == .set ? 0xC0 : 0xD0
            let slot: Int
            (id, slot) = table.container(tag: tag, count: Int(n.count))
            let total = n.kind == .dict ? 2 * Int(n.count) : Int(n.count)
            let first = Int(truncatingIfNeeded: n.payload)
            var i = total - 1
            while i >= 0 {
                // A member already flattened keeps its id, so it is named now instead of visited later.
                let member = Int(list.refs[first + i])
                let known = outputIDs[member]
                if known != 0 {
                    table.members[slot + i] = known - 1
                } else {
                    stack.append((member, slot + i))
                }
                i -= 1
            }
        default:
            id = table.uniqued(scalarObject(n))
        }
        outputIDs[node] = UInt32(id + 1)
        return id
    }

    /// The output form of a scalar node (strings transcoded to their written encoding).
    mutating func scalarObject(_ n: PlistNode) -> Object {
        switch n.kind {
        case .null: return Object(tag: 0x00, count: 0, payload: 0, high: 0)
        case .fill: return Object(tag: 0x0F, count: 0, payload: 0, high: 0)
        case .bool: return Object(tag: n.extra != 0 ? 0x09 : 0x08, count: 0, payload: 0, high: 0)
        case .integer:
            switch n.extra {
            case 0: return BinaryPlistObjectTable.integer(Int64(bitPattern: n.payload))
            case 1: return BinaryPlistObjectTable.integer(n.payload)
            default:
                let w = list.wideIntegers[Int(n.payload)]
                return table.wideInteger(high: UInt64(bitPattern: w.high), low: w.low)
            }
        case .real:
            if n.extra == 4 {
                return Object(tag: 0x22, count: 0, payload: UInt64(Float(Double(bitPattern: n.payload)).bitPattern), high: 0)
            }
            return Object(tag: 0x23, count: 0, payload: n.payload, high: 0)
        case .date: return Object(tag: 0x33, count: 0, payload: n.payload, high: 0)
        case .data: return Object(tag: 0x40, count: Int(n.count), payload: n.payload, high: 0)
        case .string:
            let start = Int(truncatingIfNeeded: n.payload)
            switch PlistStringEncoding(rawValue: n.extra) ?? .utf8 {
            case .ascii: return table.utf8String(start: start, count: Int(n.count), knownASCII: true)
            case .utf8: return table.utf8String(start: start, count: Int(n.count))
            case .utf16BigEndian: return table.utf16String(start: start, units: Int(n.count))
            }
        case .uid, .array, .set, .dict: return Object(tag: 0x00, count: 0, payload: 0, high: 0)
        }
    }
}

extension PropertyList {
    /// This list as `bplist00` bytes, laid out as CoreFoundation does (see ``BinaryPlistWriter``).
    ///
    /// Deterministic: the same table always gives the same bytes.
    public func binaryData() -> [UInt8] {
        BinaryPlistWriter.write(self)
    }
}
