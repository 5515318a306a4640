extension ArchiveGraph {
    /// Reads a NIBArchive into a graph: graph object *i* is record *i*, and the key, class and value
    /// tables are kept verbatim (duplicates, unused entries and all). Data values are ranges into
    /// ``storage``, which is `bytes` itself (no copy). `top` is object 0's values.
    ///
    /// Every structural rule is checked here, once; nothing is re-checked when the graph is used.
    public init(nibArchive bytes: [UInt8], limits: DecodingLimits = .default) throws(ArchiveError) {
        self = try NIBArchiveReader(limits: limits).read(bytes)
    }
}

/// One-pass validating NIBArchive reader. See ``ArchiveGraph/init(nibArchive:limits:)``.
public struct NIBArchiveReader: Sendable {
    /// Bounds applied while reading.
    public var limits: DecodingLimits

    /// A reader with the given bounds.
    public init(limits: DecodingLimits = .default) {
        self.limits = limits
    }

    /// Validates `bytes` as a NIBArchive and returns its graph; see ``ArchiveGraph/init(nibArchive:limits:)``.
    public func read(_ bytes: [UInt8]) throws(ArchiveError) -> ArchiveGraph {
        let header = try NIBArchiveHeader(parsing: bytes)
        guard (Int(exactly: header.objectCount) ?? Int.max) <= limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded,
                               "header: objectCount \(header.objectCount) exceeds the limit of \(limits.maxObjectCount)",
                               offset: 18)
        }
        let tables = try bytes.withUnsafeBufferPointer { (buf) throws(ArchiveError) -> Tables in
            try readTables(buf, header)
        }

        var metadata = ArchiveGraph.Metadata(source: .nibArchive)
        metadata.nibFormatVersion = header.formatVersion
        metadata.nibCoderVersion = header.coderVersion
        if header.coderVersion != 9, header.coderVersion != 10 {
            metadata.warnings.append("header: coderVersion \(header.coderVersion) is neither 9 nor 10")
        }
        if header.formatVersion != 1 {
            metadata.warnings.append("header: formatVersion \(header.formatVersion) (Apple writes 1)")
        }
        let layout = Self.layout(header, ends: tables.ends, count: bytes.count)
        metadata.trailingBytes = layout.trailing
        metadata.nibLayout = NIBArchiveLayout(
            tableOrder: layout.order, isContiguous: layout.contiguous,
            hasLNETrailer: layout.trailing == 4 && bytes.suffix(4).elementsEqual(NIBArchiveLayout.lneTrailer))

        var top: [ArchiveKeyedValue] = []
        if let root = tables.objects.first {
            if root.valueCount > 0 { top = Array(tables.values[root.valueRange]) }
        } else {
            metadata.warnings.append("objects: the archive has no top-scope object 0")
        }
        try ArchiveGraph.checkTableSizes(storage: bytes.count, objects: tables.objects.count, values: tables.values.count,
                                         items: 0, top: top.count, .limitExceeded)
        return ArchiveGraph(metadata: metadata, storage: bytes, keys: tables.keys, classes: tables.classes,
                            objects: tables.objects, values: tables.values, items: [], top: top, keyHashes: tables.keyHashes)
    }

    struct Tables {
        var keys: [String] = []
        /// ``ByteHash`` of each key's bytes, in key order (the graph's key index reuses them).
        var keyHashes: [UInt64] = []
        var classes: [ArchiveClass] = []
        var objects: [ArchiveObject] = []
        var values: [ArchiveKeyedValue] = []
        /// Byte offset just past each table, in header order (objects, keys, values, classes).
        var ends = [0, 0, 0, 0]
    }

    /// The start of a table, after proving its offset is inside the input and its count can fit.
    func tableStart(_ table: NIBArchiveTable, offset: UInt32, count: UInt32, headerField: Int,
                    length: Int) throws(ArchiveError) -> Int {
        guard let start = Int(exactly: offset), start <= length else {
            throw ArchiveError(.truncated, "header: \(table) table offset \(offset) is past the end of the input (\(length) bytes)",
                               offset: headerField)
        }
        // count × minimum record size ≤ bytes left, so no capacity below exceeds the input size.
        // Minimum sizes: object 3 varints, key 1 varint, value varint + type, class 2 varints + NUL.
        let minimum: UInt64 = switch table {
        case .objects, .classes: 3
        case .keys: 1
        case .values: 2
        }
        guard UInt64(count) * minimum <= UInt64(length - start) else {
            throw ArchiveError(.truncated,
                               "header: \(table) count \(count) cannot fit in the \(length - start) bytes after offset \(start)",
                               offset: headerField - 4)
        }
        return start
    }

    func readTables(_ buf: UnsafeBufferPointer<UInt8>, _ h: NIBArchiveHeader) throws(ArchiveError) -> Tables {
        let length = buf.count
        let objectsStart = try tableStart(.objects, offset: h.objectsOffset, count: h.objectCount, headerField: 22, length: length)
        let keysStart = try tableStart(.keys, offset: h.keysOffset, count: h.keyCount, headerField: 30, length: length)
        let valuesStart = try tableStart(.values, offset: h.valuesOffset, count: h.valueCount, headerField: 38, length: length)
        let classesStart = try tableStart(.classes, offset: h.classesOffset, count: h.classCount, headerField: 46, length: length)

        // Each count is now known to be ≤ the input length, so the Int conversions below are exact.
        var t = Tables()
        var budget = limits.maxTotalBytes
        (t.classes, t.ends[3]) = try readClasses(buf, at: classesStart, count: Int(h.classCount), budget: &budget)
        (t.keys, t.keyHashes, t.ends[1]) = try readKeys(buf, at: keysStart, count: Int(h.keyCount), budget: &budget)
        (t.objects, t.ends[0]) = try readObjects(buf, at: objectsStart, count: Int(h.objectCount),
                                                        classCount: h.classCount, valueCount: h.valueCount)
        (t.values, t.ends[2]) = try readValues(buf, at: valuesStart, count: Int(h.valueCount),
                                                     keyCount: h.keyCount, objectCount: h.objectCount,
                                                     objects: t.objects)
        return t
    }

    // MARK: Tables

    func readClasses(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, count: Int,
                     budget: inout Int) throws(ArchiveError) -> ([ArchiveClass], Int) {
        var s = NIBArchiveScanner(base: buf, pos: start)
        var classes: [ArchiveClass] = []
        classes.reserveCapacity(count)
        let knownClasses = NIBArchiveKnownClasses.table
        for i in 0 ..< count {
            let record = s.pos
            guard let length = s.readVarint() else { throw s.varintError(at: s.pos, "classes[\(i)].length") }
            // The length counts the NUL terminator, so it is at least 1.
            guard length >= 1 else {
                throw ArchiveError(.corrupt, "classes[\(i)]: name length 0 (it must count the NUL)", offset: record)
            }
            let countAt = s.pos
            guard let fallbackCount = s.readVarint() else { throw s.varintError(at: s.pos, "classes[\(i)].fallbackCount") }
            guard UInt64(fallbackCount) * 4 <= UInt64(s.remaining) else {
                throw ArchiveError(.truncated, "classes[\(i)]: \(fallbackCount) fallbacks run past the end of the input",
                                   offset: countAt)
            }
            var fallbacks: [Int] = []
            if fallbackCount > 0 {
                fallbacks.reserveCapacity(Int(fallbackCount))
                for f in 0 ..< Int(fallbackCount) {
                    let at = s.pos
                    guard let fb = s.readUInt32() else {
                        throw ArchiveError(.truncated, "classes[\(i)].fallbacks[\(f)] is cut off", offset: at)
                    }
                    guard fb < UInt32(count) else {
                        throw ArchiveError(.badReference, "classes[\(i)].fallbacks[\(f)] = \(fb), but there are \(count) classes",
                                           offset: at)
                    }
                    fallbacks.append(Int(fb))
                }
            }
            let nameAt = s.pos
            guard Int(length) <= s.remaining else {
                throw ArchiveError(.truncated, "classes[\(i)]: name of \(length) bytes runs past the end of the input",
                                   offset: nameAt)
            }
            guard Int(length) <= limits.maxStringLength, budget >= Int(length) else {
                throw ArchiveError(.limitExceeded, "classes[\(i)]: name of \(length) bytes exceeds the string limits",
                                   offset: nameAt)
            }
            budget -= Int(length)
            let nameBytes = UnsafeBufferPointer(rebasing: buf[nameAt ..< nameAt + Int(length) - 1])
            guard buf[nameAt + Int(length) - 1] == 0 else {
                throw ArchiveError(.corrupt, "classes[\(i)]: name does not end with NUL", offset: nameAt + Int(length) - 1)
            }
            if let nul = nameBytes.firstIndex(of: 0) {
                throw ArchiveError(.corrupt, "classes[\(i)]: name has a NUL before its end", offset: nameAt + nul)
            }
            // A frequent long name is shared, not allocated again (see NIBArchiveKnownClasses).
            guard let name = knownClasses.string(for: nameBytes, hash: ByteHash.hash(nameBytes)) ?? UTF8Text.string(nameBytes) else {
                throw ArchiveError(.corrupt, "classes[\(i)]: name is not valid UTF-8", offset: nameAt)
            }
            s.pos = nameAt + Int(length)
            classes.append(ArchiveClass(name: name, fallbacks: fallbacks))
        }
        return (classes, s.pos)
    }

    func readKeys(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, count: Int,
                  budget: inout Int) throws(ArchiveError) -> ([String], [UInt64], Int) {
        var s = NIBArchiveScanner(base: buf, pos: start)
        var keys: [String] = []
        keys.reserveCapacity(count)
        var hashes: [UInt64] = []
        hashes.reserveCapacity(count)
        let knownKeys = NIBArchiveKnownKeys.table
        for i in 0 ..< count {
            guard let length = s.readVarint() else { throw s.varintError(at: s.pos, "keys[\(i)].length") }
            let at = s.pos
            guard Int(length) <= s.remaining else {
                throw ArchiveError(.truncated, "keys[\(i)]: \(length) bytes run past the end of the input", offset: at)
            }
            guard Int(length) <= limits.maxStringLength, budget >= Int(length) else {
                throw ArchiveError(.limitExceeded, "keys[\(i)]: \(length) bytes exceed the string limits", offset: at)
            }
            budget -= Int(length)
            let bytes = UnsafeBufferPointer(rebasing: buf[at ..< at + Int(length)])
            let hash = ByteHash.hash(bytes)
            if let known = knownKeys.string(for: bytes, hash: hash) {
                keys.append(known)
            } else if let key = UTF8Text.string(bytes) {
                keys.append(key)
            } else {
                throw ArchiveError(.corrupt, "keys[\(i)] is not valid UTF-8", offset: at)
            }
            hashes.append(hash)
            s.pos = at + Int(length)
        }
        return (keys, hashes, s.pos)
    }

    func readObjects(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, count: Int,
                     classCount: UInt32, valueCount: UInt32) throws(ArchiveError) -> ([ArchiveObject], Int) {
        var s = NIBArchiveScanner(base: buf, pos: start)
        var objects: [ArchiveObject] = []
        objects.reserveCapacity(count)
        // Apple's writer gives each value to one object. Runs may overlap (readers must accept it), but
        // everything that walks objects' values (checks, the nib model, load plans) does work in the sum
        // of the runs: beyond the values themselves it may not exceed maxObjectCount, or a small file of
        // many long overlapping runs would cost quadratic time and memory.
        var covered: UInt64 = 0
        let coverLimit = UInt64(valueCount) + UInt64(clamping: limits.maxObjectCount)
        for i in 0 ..< count {
            let record = s.pos
            guard let cls = s.readVarint() else { throw s.varintError(at: s.pos, "objects[\(i)].classIndex").at(object: i) }
            guard let first = s.readVarint() else { throw s.varintError(at: s.pos, "objects[\(i)].firstValue").at(object: i) }
            guard let n = s.readVarint() else { throw s.varintError(at: s.pos, "objects[\(i)].valueCount").at(object: i) }
            guard cls < classCount else {
                throw ArchiveError(.badReference, "objects[\(i)]: classIndex \(cls), but there are \(classCount) classes",
                                   offset: record, objectIndex: i)
            }
            // Any firstValue is fine for an empty object (Apple writes 0; it is kept as read);
            // otherwise the run must fit, summed in 64 bits.
            guard n == 0 || UInt64(first) + UInt64(n) <= UInt64(valueCount) else {
                throw ArchiveError(.badReference,
                                   "objects[\(i)]: values \(first) + \(n) run past the \(valueCount) values",
                                   offset: record, objectIndex: i)
            }
            covered += UInt64(n)
            guard covered <= coverLimit else {
                throw ArchiveError(.limitExceeded,
                                   "objects' value runs cover more than \(coverLimit) values (\(valueCount) values, overlapping runs beyond maxObjectCount \(limits.maxObjectCount))",
                                   offset: record, objectIndex: i)
            }
            objects.append(ArchiveObject(kind: .object, classIndex: Int(cls), valueStart: Int(first), valueCount: Int(n)))
        }
        return (objects, s.pos)
    }

    func readValues(_ buf: UnsafeBufferPointer<UInt8>, at start: Int, count: Int, keyCount: UInt32,
                    objectCount: UInt32, objects: [ArchiveObject]) throws(ArchiveError) -> ([ArchiveKeyedValue], Int) {
        var s = NIBArchiveScanner(base: buf, pos: start)
        var values: [ArchiveKeyedValue] = []
        values.reserveCapacity(count)
        let maxData = limits.maxDataLength
        for i in 0 ..< count {
            let record = s.pos
            guard let key = s.readVarint() else {
                throw s.varintError(at: s.pos, "values[\(i)].keyIndex").at(object: Self.owner(of: i, objects))
            }
            guard key < keyCount else {
                throw valueError(.badReference, i, "keyIndex \(key), but there are \(keyCount) keys", record, objects)
            }
            guard let type = s.readUInt8() else {
                throw valueError(.truncated, i, "type byte is missing", s.pos, objects)
            }
            let payload = s.pos
            let value: ArchiveValue
            switch type {
            case 0:
                guard let v = s.readUInt8() else { throw valueError(.truncated, i, "int8 is cut off", payload, objects) }
                value = .int(Int64(v), width: 1)
            case 1:
                guard let v = s.readUInt16() else { throw valueError(.truncated, i, "int16 is cut off", payload, objects) }
                value = .int(Int64(v), width: 2)
            case 2:
                guard let v = s.readUInt32() else { throw valueError(.truncated, i, "int32 is cut off", payload, objects) }
                value = .int(Int64(v), width: 4)
            case 3:
                guard let v = s.readUInt64() else { throw valueError(.truncated, i, "int64 is cut off", payload, objects) }
                value = .int(Int64(bitPattern: v), width: 8)
            case 4:
                value = .bool(false)
            case 5:
                value = .bool(true)
            case 6:
                guard let v = s.readUInt32() else { throw valueError(.truncated, i, "float32 is cut off", payload, objects) }
                value = .float(Float(bitPattern: v))
            case 7:
                guard let v = s.readUInt64() else { throw valueError(.truncated, i, "float64 is cut off", payload, objects) }
                value = .double(Double(bitPattern: v))
            case 8:
                guard let n = s.readVarint() else {
                    throw s.varintError(at: s.pos, "values[\(i)].length").at(object: Self.owner(of: i, objects))
                }
                guard Int(n) <= s.remaining else {
                    throw valueError(.truncated, i, "data of \(n) bytes runs past the end of the input", s.pos, objects)
                }
                guard Int(n) <= maxData else {
                    throw valueError(.limitExceeded, i, "data of \(n) bytes exceeds maxDataLength", s.pos, objects)
                }
                value = .bytes(ArchiveRange(start: s.pos, count: Int(n)))
                s.pos += Int(n)
            case 9:
                value = .nil
            case 10:
                guard let v = s.readUInt32() else { throw valueError(.truncated, i, "object reference is cut off", payload, objects) }
                guard v < objectCount else {
                    throw valueError(.badReference, i, "object reference \(v), but there are \(objectCount) objects", payload, objects)
                }
                value = .ref(Int(v))
            default:
                throw valueError(.corrupt, i, "unknown value type \(type)", payload - 1, objects)
            }
            values.append(ArchiveKeyedValue(key: Int(key), value: value))
        }
        return (values, s.pos)
    }

    // MARK: Errors and layout

    func valueError(_ code: ArchiveError.Code, _ i: Int, _ what: String, _ offset: Int,
                    _ objects: [ArchiveObject]) -> ArchiveError {
        ArchiveError(code, "values[\(i)]: \(what)", offset: offset, objectIndex: Self.owner(of: i, objects))
    }

    /// The object whose value run holds value `i` (error path only).
    static func owner(of i: Int, _ objects: [ArchiveObject]) -> Int? {
        objects.firstIndex { $0.valueCount > 0 && $0.valueRange.contains(i) }
    }

    /// Tables by file offset (ties: the shorter, then header order), contiguity, and bytes after the last.
    /// `ends` is in header order, as `NIBArchiveTable.allCases` is.
    static func layout(_ h: NIBArchiveHeader, ends: [Int],
                       count: Int) -> (order: [NIBArchiveTable], contiguous: Bool, trailing: Int) {
        let starts = [Int(h.objectsOffset), Int(h.keysOffset), Int(h.valuesOffset), Int(h.classesOffset)]
        let positions = [0, 1, 2, 3].sorted { a, b in
            if starts[a] != starts[b] { return starts[a] < starts[b] }
            return ends[a] != ends[b] ? ends[a] < ends[b] : a < b
        }
        var contiguous = true
        var expected = NIBArchiveHeader.size
        for p in positions {
            if starts[p] != expected { contiguous = false }
            expected = ends[p]
        }
        let last = ends.max() ?? NIBArchiveHeader.size
        let all = NIBArchiveTable.allCases
        return (positions.map { all[$0] }, contiguous, max(0, count - max(last, NIBArchiveHeader.size)))
    }
}

extension ArchiveError {
    /// A copy that names the object the failure belongs to.
    func at(object index: Int?) -> ArchiveError {
        var copy = self
        copy.objectIndex = index
        return copy
    }
}
