// The value loop of the writer: the reader's loop, run backwards.

extension TypedstreamWriter {
    mutating func writeValues() throws(ArchiveError) {
        var frames = [Frame(object: -1, next: 0, end: graph.top.count)]
        while let depth = frames.indices.last {
            if frames[depth].key < 0 {
                guard frames[depth].next < frames[depth].end else {
                    if frames[depth].object >= 0 { tag(TypedstreamTag.endOfObject) }
                    frames.removeLast()
                    continue
                }
                // The next group: its key is the type encoding of the value that starts it.
                let key = entry(frames[depth], frames[depth].next).key
                try startGroup(&frames[depth], key: key)
                continue
            }
            let key = frames[depth].key
            guard let encoding = programs[key] else { throw failure("no type encoding for key \(key)", object: frames[depth].object) }
            guard frames[depth].ip < encoding.ops.count else {
                frames[depth].key = -1
                continue
            }
            let op = encoding.ops[frames[depth].ip]
            frames[depth].ip += 1
            switch op {
            case .scalar(UInt8(ascii: "@")):
                let v = try take(&frames[depth])
                switch v {
                case .nil: tag(TypedstreamTag.nil)
                case .ref(let n):
                    guard n >= 0, n < graph.objects.count, graph.objects[n].kind == .object else {
                        throw failure("an object value refers to \(n), which is not an object", object: frames[depth].object, key: key)
                    }
                    if objectNumbers[n] >= 0 { reference(objectNumbers[n]); break }
                    let o = graph.objects[n]
                    // A built graph may hold anything: an object needs a class and a range inside the value table.
                    guard o.classIndex >= 0, o.valueStart >= 0, o.valueCount >= 0, o.valueStart <= graph.values.count,
                          o.valueCount <= graph.values.count - o.valueStart else {
                        throw failure("object \(n) has no class or a value range outside the value table", object: n)
                    }
                    tag(TypedstreamTag.new)
                    objectNumbers[n] = nextObjectNumber
                    nextObjectNumber += 1
                    try classChain(o.classIndex, object: n)
                    frames.append(Frame(object: n, next: o.valueStart, end: o.valueStart + o.valueCount))
                default:
                    throw failure("an object value holds a \(v.kindName)", object: frames[depth].object, key: key)
                }
            case .scalar(let code):
                let v = try take(&frames[depth])
                try scalar(code, v, object: frames[depth].object, key: key)
            case .charArray(let count):
                let v = try take(&frames[depth])
                guard case .bytes(let r) = v, r.count == count, r.start >= 0, r.start <= graph.storage.count - count else {
                    throw failure("a [\(count)c] value holds a \(v.kindName) of another size", object: frames[depth].object, key: key)
                }
                out.append(contentsOf: graph.storage[r.range])
            case .arrayBegin(let count, let end):
                let members = try members(&frames[depth], count: count)
                if count == 0 {
                    frames[depth].ip = end + 1
                } else {
                    frames[depth].loops.append((frames[depth].ip - 1, count))
                    frames[depth].open.append((members, members.startIndex))
                }
            case .arrayEnd(let begin):
                let last = frames[depth].loops.count - 1
                frames[depth].loops[last].remaining -= 1
                if frames[depth].loops[last].remaining > 0 {
                    frames[depth].ip = begin + 1
                } else {
                    frames[depth].loops.removeLast()
                    try closeMembers(&frames[depth])
                }
            case .structBegin:
                let members = try members(&frames[depth], count: nil)
                frames[depth].open.append((members, members.startIndex))
            case .structEnd:
                try closeMembers(&frames[depth])
            }
        }
    }

    /// The keyed value at position `i` of a frame (the top level or an object's value range).
    func entry(_ f: Frame, _ i: Int) -> ArchiveKeyedValue {
        f.object < 0 ? graph.top[i] : graph.values[i]
    }

    /// Writes the type encoding of a group that starts at the frame's next value.
    mutating func startGroup(_ f: inout Frame, key: Int) throws(ArchiveError) {
        guard key >= 0, key < graph.keys.count else { throw failure("key index \(key) outside the key table", object: f.object) }
        if keyNumbers[key] >= 0 {
            reference(keyNumbers[key])
        } else {
            let bytes = ArraySlice(Array(graph.keys[key].utf8))
            programs[key] = try TypedstreamTypeEncoding(bytes, offset: out.count)
            keyNumbers[key] = sharedString(bytes)
        }
        f.key = key
        f.ip = 0
    }

    /// The next value of the current group: a member of the innermost struct or array, else the
    /// frame's next value, which must carry the group's key.
    mutating func take(_ f: inout Frame) throws(ArchiveError) -> ArchiveValue {
        if let last = f.open.indices.last {
            let i = f.open[last].next
            guard i < f.open[last].members.endIndex else { throw failure("a struct or array has too few members", object: f.object, key: f.key) }
            f.open[last].next += 1
            return f.open[last].members[i]
        }
        guard f.next < f.end else { throw failure("the values end inside a group of \(graph.keys[f.key])", object: f.object, key: f.key) }
        let kv = entry(f, f.next)
        let known = kv.key >= 0 && kv.key < graph.keys.count
        guard kv.key == f.key || (known && graph.keys[kv.key] == graph.keys[f.key]) else {
            throw failure("a group of \(graph.keys[f.key]) is cut short by a value of \(known ? graph.keys[kv.key] : "?")",
                          object: f.object, key: f.key)
        }
        f.next += 1
        return kv.value
    }

    /// The members of the struct or array value the group takes next.
    mutating func members(_ f: inout Frame, count: Int?) throws(ArchiveError) -> ArraySlice<ArchiveValue> {
        let v = try take(&f)
        guard case .array(let r) = v, r.start >= 0, r.count >= 0, r.start <= graph.items.count, r.count <= graph.items.count - r.start else {
            throw failure("a struct or array value holds a \(v.kindName)", object: f.object, key: f.key)
        }
        if let count, count != r.count {
            throw failure("an array of \(count) holds \(r.count) members", object: f.object, key: f.key)
        }
        return graph.items[r.range]
    }

    mutating func closeMembers(_ f: inout Frame) throws(ArchiveError) {
        guard let o = f.open.popLast(), o.next == o.members.endIndex else {
            throw failure("a struct or array has more members than its type encoding", object: f.object, key: f.key)
        }
    }

    /// One value of a scalar type code other than `@`.
    mutating func scalar(_ code: UInt8, _ v: ArchiveValue, object: Int, key: Int) throws(ArchiveError) {
        func mismatch() -> ArchiveError {
            failure("a '\(Unicode.Scalar(code))' value holds a \(v.kindName)", object: object, key: key)
        }
        switch code {
        case UInt8(ascii: "c"), UInt8(ascii: "C"):
            guard case .int(let x, _) = v, x >= -128, x <= 255 else { throw mismatch() }
            out.append(UInt8(truncatingIfNeeded: x))
        case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "i"), UInt8(ascii: "I"),
             UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "q"), UInt8(ascii: "Q"):
            let x: Int64
            switch v {
            case .int(let i, _): x = i
            case .unsignedInt(let u): x = Int64(bitPattern: u)
            case .bool(let b): x = b ? 1 : 0
            default: throw mismatch()
            }
            // Unsigned values are written as the signed integer of their width with the same bits.
            let signed: Int64 = switch code {
            case UInt8(ascii: "S"): Int64(Int16(truncatingIfNeeded: x))
            case UInt8(ascii: "I"), UInt8(ascii: "L"): Int64(Int32(truncatingIfNeeded: x))
            default: x
            }
            guard integer(signed) else { throw failure("\(x) needs more than 32 bits", object: object, key: key) }
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            let d: Double
            switch v {
            case .float(let f): d = Double(f)
            case .double(let x): d = x
            case .int(let i, _): d = Double(i)
            default: throw mismatch()
            }
            // An integral real that fits 32 bits is written as an integer.
            if let i = Int32(exactly: d) {
                integer(Int64(i))
            } else {
                tag(TypedstreamTag.real)
                if code == UInt8(ascii: "f") { fixed(UInt64(Float(d).bitPattern), width: 4) } else { fixed(d.bitPattern, width: 8) }
            }
        case UInt8(ascii: "+"):
            guard let bytes = text(v) else { throw mismatch() }
            integer(Int64(bytes.count))
            out.append(contentsOf: bytes)
        case UInt8(ascii: ":"), UInt8(ascii: "%"):
            if case .nil = v { tag(TypedstreamTag.nil); return }
            guard let s = text(v) else { throw mismatch() }
            sharedString(s)
        case UInt8(ascii: "#"):
            switch v {
            case .nil: tag(TypedstreamTag.nil)
            case .ref(let n) where n >= 0 && n < graph.objects.count && graph.objects[n].kind == .classDescription:
                try classChain(graph.objects[n].classIndex, object: object)
            default: throw mismatch()
            }
        case UInt8(ascii: "*"):
            switch v {
            case .nil: tag(TypedstreamTag.nil)
            case .ref(let n) where n >= 0 && n < graph.objects.count && graph.objects[n].kind == .plain:
                if objectNumbers[n] >= 0 { reference(objectNumbers[n]); return }
                guard let s = text(graph.objects[n].plainValue) else { throw mismatch() }
                tag(TypedstreamTag.new)
                objectNumbers[n] = nextObjectNumber
                nextObjectNumber += 1
                sharedString(s)
            default:
                guard let s = text(v) else { throw mismatch() }
                tag(TypedstreamTag.new)
                nextObjectNumber += 1
                sharedString(s)
            }
        default:
            throw failure("type code '\(Unicode.Scalar(code))' has no writer", object: object, key: key)
        }
    }
}
