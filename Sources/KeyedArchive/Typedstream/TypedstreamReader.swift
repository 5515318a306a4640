/// Reads a typedstream into an ``ArchiveGraph``, in one pass and without recursion.
///
/// The stream's shared-object table becomes the graph's object table, index for index: an object is
/// an `.object` entry, a class record a `.classDescription` entry (with its ``ArchiveClass``), a C string
/// (`*`) a `.plain` string entry. So a reference number in the stream is an object index in the graph.
/// An object's values keep their stream order; each is stored under the key of the type encoding it
/// was written with (`@`, `iI`, `{_NSRect=…}`), and a group of *n* values shares that key *n* times.
/// Structs and arrays other than `[N c]` are inline arrays of their members.
struct TypedstreamReader {
    let bytes: [UInt8]
    let limits: DecodingLimits
    var p = 0
    var header = TypedstreamHeader()
    var builder: ArchiveGraphBuilder
    /// Shared strings: their ranges in ``bytes`` (= graph storage).
    var strings: [ArchiveRange] = []
    /// Per shared string used as a type encoding: its program index (compiled on first use), or -1.
    var programOfString: [Int32] = []
    /// Programs: their key index and their ops, a range of ``ops``.
    var programs: [(key: Int, start: Int, count: Int)] = []
    /// Every program's ops, one after another (a flat table: stepping through one copies nothing).
    var ops: [TypedstreamTypeEncoding.Op] = []
    /// The values of every object being read, innermost last; each frame owns a suffix from its
    /// ``Frame/valueBase``, moved to the graph when its object ends.
    var pending: [ArchiveKeyedValue] = []
    /// Class index → the object-table entry of its class record.
    var entryOfClass: [Int] = []

    /// One object being read (or the top level, `object == -1`) and where it is in its current group.
    struct Frame {
        var object: Int
        /// Where this object's values start in ``pending``.
        var valueBase: Int
        /// The current group's key, or -1 between groups.
        var key = -1
        /// The current group's ops: ``ops[opStart + ip]``, `ip < opCount`.
        var opStart = 0
        var opCount = 0
        /// The current group's program index, or -1 between groups.
        var program = -1
        var ip = 0
        /// Open `[N type]` loops: the begin op and iterations still to run.
        var loops: [(begin: Int, remaining: Int)] = []
        /// Members of the structs and arrays being read, innermost last.
        var open: [[ArchiveValue]] = []
    }

    init(bytes: [UInt8], limits: DecodingLimits) {
        self.bytes = bytes
        self.limits = limits
        var b = ArchiveGraphBuilder(metadata: ArchiveGraph.Metadata(source: .typedstream))
        b.storage = bytes
        self.builder = b
    }

    // MARK: Primitives

    func truncated(_ what: String) -> ArchiveError {
        ArchiveError(.truncated, "the stream ends inside \(what)", offset: p)
    }

    mutating func byte(_ what: String) throws(ArchiveError) -> UInt8 {
        guard p < bytes.count else { throw truncated(what) }
        defer { p += 1 }
        return bytes[p]
    }

    /// `count` bytes as a range of storage.
    mutating func range(_ count: Int, _ what: String) throws(ArchiveError) -> ArchiveRange {
        guard count >= 0, count <= bytes.count - p else { throw truncated(what) }
        defer { p += count }
        return ArchiveRange(start: p, count: count)
    }

    /// A fixed-width integer in the stream's byte order.
    mutating func fixed(_ width: Int, _ what: String) throws(ArchiveError) -> UInt64 {
        guard width <= bytes.count - p else { throw truncated(what) }
        var v: UInt64 = 0
        for i in 0 ..< width {
            let b = UInt64(bytes[p + (header.isBigEndian ? i : width - 1 - i)])
            v = v << 8 | b
        }
        p += width
        return v
    }

    /// The integer that follows a head byte already read: the byte itself, or a 2- or 4-byte value.
    mutating func integer(head: Int8, _ what: String) throws(ArchiveError) -> Int64 {
        switch head {
        case TypedstreamTag.int16: return Int64(Int16(truncatingIfNeeded: try fixed(2, what)))
        case TypedstreamTag.int32: return Int64(Int32(truncatingIfNeeded: try fixed(4, what)))
        default:
            guard !TypedstreamTag.isTag(head) else {
                throw ArchiveError(.corrupt, "tag byte 0x\(String(UInt8(bitPattern: head), radix: 16)) where \(what) should be", offset: p - 1)
            }
            return Int64(head)
        }
    }

    mutating func integer(_ what: String) throws(ArchiveError) -> Int64 {
        let h = Int8(bitPattern: try byte(what))
        return try integer(head: h, what)
    }

    /// A reference number after its head byte: an index into a table of `count` entries.
    mutating func reference(head: Int8, count: Int, _ what: String) throws(ArchiveError) -> Int {
        let at = p - 1
        let n = try integer(head: head, what) - TypedstreamTag.firstReference
        guard n >= 0, n < Int64(count) else {
            throw ArchiveError(.badReference, "\(what) refers to entry \(n) of a table of \(count)", offset: at)
        }
        return Int(n)
    }

    /// A shared string: nil, a new string (added to the table), or a reference to an earlier one.
    mutating func sharedString(_ what: String) throws(ArchiveError) -> Int? {
        let head = Int8(bitPattern: try byte(what))
        switch head {
        case TypedstreamTag.nil: return nil
        case TypedstreamTag.new:
            let at = p
            let n = try integer("the length of \(what)")
            guard n >= 0, n <= Int64(bytes.count - p) else {
                throw ArchiveError(.truncated, "\(what) of \(n) bytes runs past the end of the stream", offset: at)
            }
            strings.append(try range(Int(n), what))
            programOfString.append(-1)
            return strings.count - 1
        default:
            return try reference(head: head, count: strings.count, what)
        }
    }

    func text(_ s: Int, _ what: String, at: Int) throws(ArchiveError) -> String {
        let r = strings[s]
        guard let t = UTF8Text.string(bytes[r.range]) else {
            throw ArchiveError(.corrupt, "\(what) is not UTF-8", offset: at)
        }
        return t
    }

    // MARK: Header

    mutating func readHeader() throws(ArchiveError) {
        let version = try byte("the header")
        guard version == 3 || version == 4 else {
            throw ArchiveError(.unsupportedFormat, "typedstream streamer version \(version) (3 and 4 exist)", offset: 0)
        }
        guard try byte("the header") == 11 else { throw ArchiveError(.corrupt, "the signature is not 11 bytes long", offset: 1) }
        let sig = try range(11, "the signature")
        switch Array(bytes[sig.range]) {
        case Array("typedstream".utf8): header.isBigEndian = true
        case Array("streamtyped".utf8): header.isBigEndian = false
        default: throw ArchiveError(.unknownFormat, "neither the typedstream nor the streamtyped signature", offset: 2)
        }
        header.streamerVersion = version
        header.systemVersion = try integer("the system version")
        builder.metadata.typedstreamHeader = header
    }
}

extension ArchiveGraph {
    /// Reads a typedstream (`NSArchiver`'s format, either byte order, streamer version 3 or 4).
    ///
    /// Object *i* of the graph is reference number *i* of the stream: objects, class records
    /// (`.classDescription`, with version and superclass in ``ArchiveClass``) and C strings (`.plain`).
    /// Each object's values are in stream order, keyed by the type encoding they were written with.
    ///
    /// - Parameters:
    ///   - bytes: The stream.
    ///   - limits: Bounds on objects and nesting.
    /// - Throws: ``ArchiveError`` with the byte offset of the problem.
    public init(typedstream bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        var r = TypedstreamReader(bytes: bytes, limits: limits)
        try r.readHeader()
        try r.readBody()
        let b = r.builder
        try ArchiveGraph.checkTableSizes(storage: b.storage.count, objects: b.objects.count, values: b.values.count,
                                         items: b.items.count, top: b.top.count, .limitExceeded)
        self = b.build()
    }
}
