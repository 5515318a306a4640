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
    /// Member refs of all containers (pass 1 counts them, pass 2 copies them).
    var pendingRefs = 0
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
                let acyclic = try reader.copyRefs(maxDepth: max(limits.maxDepth, 1))
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

    /// Pass 1 scans every object, in table order, into exactly-sized `nodes` (containers keep the byte
    /// position of their refs); pass 2 (``copyRefs(maxDepth:)``) copies the refs.
    mutating func scanAll() throws(ArchiveError) {
        let n = trailer.objectCount
        let scanner = BinaryPlistObjectScanner(base: base, trailer: trailer, limits: limits)
        var total = 0
        var wide: [(high: Int64, low: UInt64)] = []
        var failure: ArchiveError?
        // n ≥ 1 and n × offsetIntSize ≤ input length (trailer check), so this allocation is bounded.
        // The scanner writes all n nodes before any is read (or throws, and the table is dropped).
        var table = TableScratch.overwritable(\.nodes, count: n)
        // n ≤ input length, so this is at most an eighth of it.
        var bits = TableScratch.filled(\.containerBits, count: (n &+ 63) &>> 6, with: 0)
        table.withUnsafeMutableBufferPointer { buf in
            bits.withUnsafeMutableBufferPointer { bitBuf in
                guard let out = buf.baseAddress, let containers = bitBuf.baseAddress else { return }
                do throws(ArchiveError) {
                    try scanner.scanAll(count: n, into: out, containers: containers, refs: &total, wide: &wide)
                } catch {
                    failure = error
                }
            }
        }
        containerBits = bits
        if let failure { throw failure }
        nodes = table
        pendingRefs = total
        wideIntegers = wide
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
