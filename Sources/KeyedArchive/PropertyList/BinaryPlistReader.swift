/// Reads `bplist00` bytes into a ``PropertyList`` node table.
///
/// The trailer and offset table are validated once; then every object is scanned exactly once, in
/// table order, into one ``PlistNode``. Containers copy their member refs into `refs`; strings and data
/// stay ranges of the input, which becomes the list's `storage`. Nothing here recurses, and nothing is
/// allocated in proportion to a count read from the input before that count is proved to fit the bytes.
@usableFromInline
internal struct BinaryPlistReader {
    let base: UnsafePointer<UInt8>
    let trailer: BinaryPlistTrailer
    let limits: DecodingLimits
    var nodes: [PlistNode] = []
    var refs: [UInt32] = []
    var wideIntegers: [(high: Int64, low: UInt64)] = []
    /// Member refs of each container, in table order (pass 1 writes them; pass 2 reads them rather than
    /// the containers' nodes).
    var spans: [Int] = []
    /// Bit `i` is set when object `i` is a container (pass 1 sets them; pass 2 reads them instead of
    /// the 16-byte nodes, a table 128 times smaller to look members up in).
    var containerBits: [UInt64] = []
    /// Whether pass 2 found a container held twice (``PropertyList/sharesContainers()``).
    var sharesContainers = false

    init(base: UnsafePointer<UInt8>, trailer: BinaryPlistTrailer, limits: DecodingLimits) {
        self.base = base
        self.trailer = trailer
        self.limits = limits
    }

    /// Parses a whole `bplist00` buffer.
    static func read(_ bytes: [UInt8], limits: DecodingLimits) throws(ArchiveError) -> PropertyList {
        let result: Result<(BinaryPlistReader, acyclic: Bool), ArchiveError> = bytes.withUnsafeBufferPointer { buf in
            do throws(ArchiveError) {
                guard let base = buf.baseAddress, buf.count >= 8 else {
                    throw ArchiveError(.truncated, "input of \(buf.count) bytes is too short for a bplist header", offset: buf.count)
                }
                try checkHeader(base, buf.count)
                let trailer = try BinaryPlistTrailer(validating: base, count: buf.count, limits: limits)
                var reader = BinaryPlistReader(base: base, trailer: trailer, limits: limits)
                try reader.scanAll()
                let acyclic = try reader.checkNesting(maxDepth: max(limits.maxDepth, 1))
                return .success((reader, acyclic))
            } catch {
                return .failure(error)
            }
        }
        let (reader, acyclic) = try result.get()
        var list = PropertyList(format: .binary, root: reader.trailer.topObject, storage: bytes,
                                nodes: reader.nodes, refs: reader.refs, wideIntegers: reader.wideIntegers,
                                containerBits: reader.containerBits, sharesContainers: reader.sharesContainers)
        // Pass 2 proved most tables acyclic already; the rest take the general walk.
        if acyclic { return list }
        do {
            try PlistCycleCheck.run(&list, limits: limits)
        } catch {
            // Cycle and depth errors name an object; add where that object starts.
            var e = error
            if e.offset == nil, let i = e.objectIndex { e.offset = objectOffset(bytes, reader.trailer, i) }
            throw e
        }
        return list
    }

    /// Where object `index` starts, from the (already validated) offset table.
    static func objectOffset(_ bytes: [UInt8], _ trailer: BinaryPlistTrailer, _ index: Int) -> Int? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        return bytes.withUnsafeBufferPointer { buf -> Int? in
            guard let base = buf.baseAddress else { return nil }
            let at = trailer.offsetTableOffset + index * trailer.offsetIntSize
            return Int(exactly: BinaryPlistBytes.loadBigEndian(base + at, trailer.offsetIntSize))
        }
    }

    /// Where object `index` starts, from the (already validated) offset table.
    func objectOffset(_ index: Int) -> Int? {
        guard index >= 0, index < trailer.objectCount else { return nil }
        let at = trailer.offsetTableOffset + index * trailer.offsetIntSize
        return Int(exactly: BinaryPlistBytes.loadBigEndian(base + at, trailer.offsetIntSize))
    }

    /// `bplist0` and any eighth byte, as Apple's reader accepts; exact errors for everything else.
    static func checkHeader(_ base: UnsafePointer<UInt8>, _ count: Int) throws(ArchiveError) {
        let magic: [UInt8] = Array("bplist".utf8)
        for i in 0 ..< 6 where base[i] != magic[i] {
            throw ArchiveError(.unknownFormat, "input does not start with \"bplist\": it is not a binary property list", offset: i)
        }
        if base[6] == UInt8(ascii: "0") { return }
        let version = [base[6], base[7]].map { $0 >= 0x20 && $0 < 0x7F ? String(UnicodeScalar($0)) : "\\x" + String($0, radix: 16) }.joined()
        if base[6] == UInt8(ascii: "1"), base[7] == UInt8(ascii: "5") || base[7] == UInt8(ascii: "6") {
            throw ArchiveError(.unsupportedFormat, "bplist\(version) is a private Apple format (CoreFoundation's bplist15/bplist16), not supported", offset: 6)
        }
        throw ArchiveError(.unsupportedFormat, "binary property list version \"\(version)\" is not one Apple's reader accepts (bplist0 followed by any byte)", offset: 6)
    }

    // MARK: - Pass 1: objects

    /// Pass 1 scans every object, in table order, into exactly-sized `nodes`, and copies the containers'
    /// member refs into `refs` (checked against the object count: the first that names no object is
    /// thrown once every object has scanned); pass 2 (``checkNesting(maxDepth:)``) checks their nesting.
    mutating func scanAll() throws(ArchiveError) {
        let n = trailer.objectCount
        let scanner = BinaryPlistObjectScanner(base: base, trailer: trailer, limits: limits)
        var wide: [(high: Int64, low: UInt64)] = []
        var failure: ArchiveError?
        // n ≥ 1 and n × offsetIntSize ≤ input length (trailer check), so this allocation is bounded.
        // The scanner writes all n nodes before any is read (or throws, and the table is dropped).
        var table = TableScratch.overwritable(\.nodes, count: n)
        // n ≤ input length, so this is at most an eighth of it.
        var bits = TableScratch.filled(\.containerBits, count: (n &+ 63) &>> 6, with: 0)
        // At most one span per object; written before read, one per container.
        var spanTable = TableScratch.overwritable(\.spans, count: n)
        // Refs start at two per object and double as containers need, up to what the object table can
        // hold (refBudget); at least one, so that the table has a base address.
        let refBudget = scanner.refBudget
        var refTable = TableScratch.overwritable(\.refs, count: max(min(refBudget, max(2 &* n, 64)), 1))
        var next = 0
        var progress = BinaryPlistObjectScanner.Progress()
        while next < n {
            table.withUnsafeMutableBufferPointer { buf in
                bits.withUnsafeMutableBufferPointer { bitBuf in
                    spanTable.withUnsafeMutableBufferPointer { spanBuf in
                        refTable.withUnsafeMutableBufferPointer { refBuf in
                            // Every table has at least one element (n ≥ 1), so none lacks a base address.
                            guard let out = buf.baseAddress, let containerWords = bitBuf.baseAddress,
                                  let spanBase = spanBuf.baseAddress, let refBase = refBuf.baseAddress else {
                                failure = ArchiveError(.corrupt, "a reader table has no storage")
                                return
                            }
                            var sink = BinaryPlistObjectScanner.Sink(refs: refBase, refRoom: refBuf.count, spans: spanBase, progress: progress)
                            do throws(ArchiveError) {
                                next = try scanner.scanAll(from: next, count: n, into: out, containers: containerWords, sink: &sink, wide: &wide)
                            } catch {
                                failure = error
                            }
                            progress = sink.progress
                        }
                    }
                }
            }
            if failure != nil { break }
            // Object `next` is a container whose refs do not fit: double the room (its need is within
            // refBudget, which the scanner checked), keeping the refs written.
            if next < n { Self.grow(&refTable, keeping: progress.written, toAtLeast: min(refBudget, max(2 &* refTable.count, progress.written &+ 1))) }
        }
        containerBits = bits
        if let failure { throw failure }
        if let bad = progress.firstBadRef { throw Self.badRef(bad.ref, bad.index, at: bad.offset, count: UInt64(truncatingIfNeeded: n)) }
        nodes = table
        refTable.removeLast(refTable.count - progress.written)
        refs = refTable
        spanTable.removeLast(n - progress.containers)
        spans = spanTable
        wideIntegers = wide
    }

    /// `table` with room for `count` refs, its first `written` kept (an overwritable table: the rest
    /// are written before they are read).
    static func grow(_ table: inout [UInt32], keeping written: Int, toAtLeast count: Int) {
        let old = table
        table = [UInt32](unsafeUninitializedCapacity: count) { buffer, initialized in
            HugePages.advise(buffer)
            old.withUnsafeBufferPointer { from in
                guard let src = from.baseAddress, let dst = buffer.baseAddress else { return }
                dst.initialize(from: src, count: written)
            }
            initialized = count
        }
    }

    /// Index of the first byte ≥ 0x80 in `count` bytes at `p`, eight bytes at a time.
    @inline(__always)
    static func firstNonASCII(_ p: UnsafePointer<UInt8>, _ count: Int) -> Int? {
        var i = 0
        let raw = UnsafeRawPointer(p)
        while i + 8 <= count {
            if raw.loadUnaligned(fromByteOffset: i, as: UInt64.self) & 0x8080_8080_8080_8080 != 0 { break }
            i += 8
        }
        while i < count {
            if p[i] >= 0x80 { return i }
            i += 1
        }
        return nil
    }
}

extension String {
    /// `prefix` + the byte as two hex digits + `suffix`.
    init(format16 prefix: String, _ byte: UInt8, _ suffix: String) {
        let hex = String(byte, radix: 16, uppercase: true)
        self = prefix + (hex.count == 1 ? "0" + hex : hex) + suffix
    }
}

extension PropertyList {
    /// Parses a binary property list: `bplist0` and any eighth byte, as Apple's reader accepts.
    ///
    /// - Parameters:
    ///   - binary: The whole file. It becomes ``storage``: strings and data are not copied.
    ///   - limits: Bounds on object count, depth and lengths.
    /// - Throws: ``ArchiveError`` with a byte offset (and object index where one applies):
    ///   `.truncated`, `.corrupt`, `.badReference`, `.containerCycle`, `.limitExceeded`,
    ///   `.unsupportedFormat` for `bplist15`/`bplist16` and other versions, `.unknownFormat` for anything else.
    public init(binary: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        self = try BinaryPlistReader.read(binary, limits: limits)
    }

    /// Parses a `bplist00` binary property list from any byte collection (copied once).
    public init<C: Collection>(binary: C, limits: DecodingLimits = .default) throws(ArchiveError) where C.Element == UInt8 {
        try self.init(binary: Array(binary), limits: limits)
    }
}
