// The value loop: groups of typed values, objects nested through an explicit frame stack.

extension TypedstreamReader {
    mutating func readBody() throws(ArchiveError) {
        var frames = [Frame(object: -1, valueBase: 0)]
        while let depth = frames.indices.last {
            if frames[depth].program < 0 {
                // Between groups: the end of an object, the end of the stream, or the next type encoding.
                if frames[depth].object < 0 {
                    if p == bytes.count { break }
                } else if p < bytes.count, Int8(bitPattern: bytes[p]) == TypedstreamTag.endOfObject {
                    p += 1
                    finish(frames.removeLast())
                    continue
                }
                let at = p
                guard let s = try sharedString("a type encoding") else {
                    throw ArchiveError(.corrupt, "nil where a type encoding should be", offset: at)
                }
                let prog = try program(for: s, at: at)
                frames[depth].program = prog
                frames[depth].key = programs[prog].key
                frames[depth].opStart = programs[prog].start
                frames[depth].opCount = programs[prog].count
                frames[depth].ip = 0
                continue
            }
            guard frames[depth].ip < frames[depth].opCount else {
                frames[depth].program = -1
                continue
            }
            let op = ops[frames[depth].opStart + frames[depth].ip]
            frames[depth].ip += 1
            switch op {
            case .scalar(UInt8(ascii: "@")):
                let at = p
                let head = Int8(bitPattern: try byte("an object"))
                switch head {
                case TypedstreamTag.nil:
                    emit(.nil, into: &frames[depth])
                case TypedstreamTag.new:
                    guard frames.count < limits.maxDepth else {
                        throw ArchiveError(.limitExceeded, "objects nest deeper than \(limits.maxDepth)", offset: at)
                    }
                    let n = try register(ArchiveObject(kind: .object, classIndex: -1, valueStart: 0, valueCount: 0), at: at)
                    emit(.ref(n), into: &frames[depth])
                    guard let cls = try classChain() else {
                        throw ArchiveError(.corrupt, "object \(n) has a nil class", offset: at, objectIndex: n)
                    }
                    builder.objects[n].classIndex = cls
                    frames.append(Frame(object: n, valueBase: pending.count))
                default:
                    let n = try reference(head: head, count: builder.objects.count, "an object reference")
                    guard builder.objects[n].kind == .object else {
                        throw ArchiveError(.typeMismatch, "an object reference to entry \(n), which is a class or C string",
                                           offset: at, objectIndex: n)
                    }
                    emit(.ref(n), into: &frames[depth])
                }
            case .scalar(let code):
                emit(try scalar(code), into: &frames[depth])
            case .charArray(let count):
                emit(.bytes(try range(count, "a [\(count)c] array")), into: &frames[depth])
            case .arrayBegin(let count, let end):
                if count == 0 {
                    emit(.array(builder.appendItems([])), into: &frames[depth])
                    frames[depth].ip = end + 1
                } else {
                    frames[depth].loops.append((frames[depth].ip - 1, count))
                    frames[depth].open.append([])
                }
            case .arrayEnd(let begin):
                let last = frames[depth].loops.count - 1
                frames[depth].loops[last].remaining -= 1
                if frames[depth].loops[last].remaining > 0 {
                    frames[depth].ip = begin + 1
                } else {
                    frames[depth].loops.removeLast()
                    close(&frames[depth])
                }
            case .structBegin:
                frames[depth].open.append([])
            case .structEnd:
                close(&frames[depth])
            }
        }
        guard frames.count == 1, frames[0].program < 0 else {
            throw truncated(frames.count > 1 ? "object \(frames[frames.count - 1].object)" : "a group of values")
        }
        builder.top = pending
        finishClasses()
    }

    /// The program for shared string `s` used as a type encoding, compiled on first use.
    mutating func program(for s: Int, at: Int) throws(ArchiveError) -> Int {
        let known = programOfString[s]
        if known >= 0 { return Int(known) }
        let r = strings[s]
        let encoding = try TypedstreamTypeEncoding(bytes[r.range], offset: at)
        let key = builder.internKey(try text(s, "a type encoding", at: at))
        programs.append((key, ops.count, encoding.ops.count))
        ops.append(contentsOf: encoding.ops)
        programOfString[s] = Int32(programs.count - 1)
        return programs.count - 1
    }

    /// Adds an entry to the shared-object table.
    mutating func register(_ o: ArchiveObject, at: Int) throws(ArchiveError) -> Int {
        guard builder.objects.count < limits.maxObjectCount else {
            throw ArchiveError(.limitExceeded, "more than \(limits.maxObjectCount) objects", offset: at)
        }
        builder.objects.append(o)
        return builder.objects.count - 1
    }

    mutating func emit(_ v: ArchiveValue, into f: inout Frame) {
        if f.open.isEmpty {
            pending.append(ArchiveKeyedValue(key: f.key, value: v))
        } else {
            f.open[f.open.count - 1].append(v)
        }
    }

    /// Closes the innermost struct or array into one inline array value.
    mutating func close(_ f: inout Frame) {
        let members = f.open.removeLast()
        emit(.array(builder.appendItems(members)), into: &f)
    }

    /// Stores a finished object's values.
    mutating func finish(_ f: Frame) {
        let count = pending.count - f.valueBase
        let start = count == 0 ? 0 : builder.values.count
        builder.values.append(contentsOf: pending[f.valueBase...])
        pending.removeSubrange(f.valueBase...)
        builder.objects[f.object].valueStart = start
        builder.objects[f.object].valueCount = count
    }

    /// A class and its superclasses, up to nil or a class already seen; returns the first one's class
    /// index, or nil for a nil class.
    mutating func classChain() throws(ArchiveError) -> Int? {
        var first: Int?
        var previous = -1
        while true {
            let at = p
            let head = Int8(bitPattern: try byte("a class"))
            let cls: Int
            switch head {
            case TypedstreamTag.nil:
                return first
            case TypedstreamTag.new:
                let n = try register(ArchiveObject(kind: .classDescription, classIndex: -1, valueStart: 0, valueCount: 0), at: at)
                let nameAt = p
                guard let s = try sharedString("a class name") else {
                    throw ArchiveError(.corrupt, "a class record with a nil name", offset: nameAt, objectIndex: n)
                }
                let name = try text(s, "a class name", at: nameAt)
                let version = try integer("the version of class \(name)")
                cls = builder.appendClass(ArchiveClass(name: name, version: version))
                entryOfClass.append(n)
                builder.objects[n].classIndex = cls
            default:
                let n = try reference(head: head, count: builder.objects.count, "a class reference")
                guard builder.objects[n].kind == .classDescription else {
                    throw ArchiveError(.typeMismatch, "a class reference to entry \(n), which is not a class", offset: at, objectIndex: n)
                }
                cls = builder.objects[n].classIndex
                // Set when the record was read, before anything could refer to it.
                guard cls >= 0 else { throw ArchiveError(.corrupt, "a class record referred to before its name", offset: at, objectIndex: n) }
            }
            if previous >= 0 { builder.classes[previous].superclass = cls } else { first = cls }
            if head != TypedstreamTag.new { return first }
            previous = cls
        }
    }

    /// Each class's chain of names, from its superclass links (bounded: a hostile loop stops).
    mutating func finishClasses() {
        for c in builder.classes.indices {
            var chain = [builder.classes[c].name]
            var s = builder.classes[c].superclass
            while s >= 0, chain.count <= builder.classes.count {
                chain.append(builder.classes[s].name)
                s = builder.classes[s].superclass
            }
            builder.classes[c].chain = chain
        }
    }

    /// One value of a scalar type code other than `@`.
    mutating func scalar(_ code: UInt8) throws(ArchiveError) -> ArchiveValue {
        let at = p
        switch code {
        case UInt8(ascii: "c"): return .int(Int64(Int8(bitPattern: try byte("a char"))), width: 1)
        case UInt8(ascii: "C"): return .int(Int64(try byte("an unsigned char")), width: 1)
        case UInt8(ascii: "s"), UInt8(ascii: "S"), UInt8(ascii: "i"), UInt8(ascii: "I"),
             UInt8(ascii: "l"), UInt8(ascii: "L"), UInt8(ascii: "q"), UInt8(ascii: "Q"):
            let width: UInt8 = switch code {
            case UInt8(ascii: "s"), UInt8(ascii: "S"): 2
            case UInt8(ascii: "q"), UInt8(ascii: "Q"): 8
            default: 4
            }
            let v = try integer("an integer")
            let unsigned = code == UInt8(ascii: "S") || code == UInt8(ascii: "I") || code == UInt8(ascii: "L") || code == UInt8(ascii: "Q")
            if width == 8 {
                return unsigned && v < 0 ? .unsignedInt(UInt64(bitPattern: v)) : .int(v, width: 8)
            }
            // Unsigned values are written as the signed integer of their width with the same bits.
            let bits = Int(width) * 8
            guard v >= -(Int64(1) << (bits - 1)), v < Int64(1) << (bits - 1) else {
                throw ArchiveError(.overflow, "\(v) does not fit the \(bits)-bit '\(Unicode.Scalar(code))' it is stored as", offset: at)
            }
            let mask = (Int64(1) << bits) - 1
            return .int(unsigned ? v & mask : v, width: width)
        case UInt8(ascii: "f"), UInt8(ascii: "d"):
            let head = Int8(bitPattern: try byte("a real"))
            if head == TypedstreamTag.real {
                if code == UInt8(ascii: "f") { return .float(Float(bitPattern: UInt32(try fixed(4, "a float")))) }
                return .double(Double(bitPattern: try fixed(8, "a double")))
            }
            // An integral real is written as an integer.
            let v = try integer(head: head, "a real")
            return code == UInt8(ascii: "f") ? .float(Float(v)) : .double(Double(v))
        case UInt8(ascii: "+"):
            let n = try integer("a byte count")
            guard n >= 0, n <= Int64(bytes.count - p) else {
                throw ArchiveError(.truncated, "\(n) bytes run past the end of the stream", offset: at)
            }
            return .bytes(try range(Int(n), "bytes"))
        case UInt8(ascii: ":"), UInt8(ascii: "%"):
            guard let s = try sharedString(code == UInt8(ascii: ":") ? "a selector" : "an atom") else { return .nil }
            return stringValue(strings[s])
        case UInt8(ascii: "#"):
            guard let cls = try classChain() else { return .nil }
            return .ref(entryOfClass[cls])
        case UInt8(ascii: "*"):
            let head = Int8(bitPattern: try byte("a C string"))
            switch head {
            case TypedstreamTag.nil: return .nil
            case TypedstreamTag.new:
                let sAt = p
                guard let s = try sharedString("a C string") else {
                    throw ArchiveError(.corrupt, "a new C string with a nil body", offset: sAt)
                }
                let n = try register(ArchiveObject(kind: .plain, classIndex: -1, valueStart: 0, valueCount: 0,
                                                   plainValue: stringValue(strings[s])), at: at)
                return .ref(n)
            default:
                let n = try reference(head: head, count: builder.objects.count, "a C string reference")
                guard builder.objects[n].kind == .plain else {
                    throw ArchiveError(.typeMismatch, "a C string reference to entry \(n), which is not a C string", offset: at, objectIndex: n)
                }
                return .ref(n)
            }
        default:
            throw ArchiveError(.badTypeEncoding, "type code '\(Unicode.Scalar(code))' has no reader", offset: at)
        }
    }

    /// A shared string as a string value when it is UTF-8, else as bytes (NeXTSTEP-encoded text).
    func stringValue(_ r: ArchiveRange) -> ArchiveValue {
        let slice = bytes[r.range]
        if slice.withUnsafeBufferPointer(UTF8Text.isASCII) { return .string(r, encoding: .ascii) }
        if UTF8Text.string(slice) != nil { return .string(r, encoding: .utf8) }
        return .bytes(r)
    }
}
