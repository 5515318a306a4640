// Arrays of Int, String and Double written straight as an NSArray's members, and read straight from
// them, without an encoder or decoder per member. On reading, anything unusual (a member of another
// kind, an overflow, nil, a shared or in-progress object, a spent budget) returns nil, and the caller
// takes the full path, which decodes or reports the error exactly as before: this path only ever
// agrees with it.

extension ArchiveDecodingState {
    /// An array, set or ordered set object's `NS.objects` members, read in place (nil for any other
    /// object or form, and for typedstream graphs, which keep members their own way).
    func inlineMembers(ofObject n: Int) -> ArraySlice<ArchiveValue>? {
        guard source != .typedstream else { return nil }
        switch family(ofObject: n) {
        case .array, .set, .orderedSet: break
        default: return nil
        }
        var cursor = -1
        switch value(ofObject: n, graphKey: "NS.objects", cursor: &cursor) {
        case .array(let r)?, .set(let r)?: return items[r.range]
        default: return nil
        }
    }

    /// Object `n`'s members as `[Int]`, when every one converts without error; counts against the decode
    /// budget as the full path does. (Concrete, not generic: a generic `T?` result would ask the runtime
    /// for `Optional<T>`'s metadata at every call.)
    func intsInPlace(objectAt n: Int) -> [Int]? { readInPlace(n, ints) }

    /// Object `n`'s members as `[String]`; see ``intsInPlace(objectAt:)``.
    func stringsInPlace(objectAt n: Int) -> [String]? { readInPlace(n, strings) }

    /// Object `n`'s members as `[Double]`; see ``intsInPlace(objectAt:)``.
    func doublesInPlace(objectAt n: Int) -> [Double]? { readInPlace(n, doubles) }

    /// `read` over object `n`'s members, when the full path's checks (sharing, cycles, depth, the decode
    /// budget) would pass and its members are stored inline; a result counts against the budget.
    @inline(__always)
    private func readInPlace<E>(_ n: Int, _ read: (ArraySlice<ArchiveValue>) -> [E]?) -> [E]? {
        guard n >= 0, n < objects.count, !isShared(n), !inProgress[n], depth < maxDepth,
              decodedValues < options.limits.maxObjectCount, let members = inlineMembers(ofObject: n),
              let out = read(members) else { return nil }
        decodedValues += 1
        return out
    }

    private func ints(_ members: ArraySlice<ArchiveValue>) -> [Int]? {
        var out: [Int] = []
        out.reserveCapacity(members.count)
        for v in members {
            guard case .int(let x, _) = resolvedScalar(v), let i = Int(exactly: x) else { return nil }
            out.append(i)
        }
        return out
    }

    private func strings(_ members: ArraySlice<ArchiveValue>) -> [String]? {
        var out: [String] = []
        out.reserveCapacity(members.count)
        for v in members {
            let p = resolvedScalar(v)
            guard case .string = p else { return nil }
            let s: String?
            if case .ref(let n) = v { s = string(p, ofPlainEntry: n) } else { s = string(p) }
            guard let s else { return nil }
            out.append(s)
        }
        return out
    }

    private func doubles(_ members: ArraySlice<ArchiveValue>) -> [Double]? {
        var out: [Double] = []
        out.reserveCapacity(members.count)
        for v in members {
            switch resolvedScalar(v) {
            case .double(let x): out.append(x)
            case .float(let x): out.append(Double(x))
            default: return nil
            }
        }
        return out
    }
}

/// The scalar arrays read in place (``CodableTypeTraits/scalarArray``).
enum ArchiveScalarArrayKind {
    case none, ints, strings, doubles
}

extension ArchiveEncodingState {
    /// `value` (an `[Int]`, `[String]` or `[Double]`, as `kind` says) as an `NSArray` object written
    /// straight into the archiver: the objects, values and items an array container's box would write
    /// and flush, in the same order (each member's archived scalar as a collection member: a number's
    /// shared plain entry, a string's reference), without an encoder, a box or a per-member encoder.
    func writeScalarArray<T>(_ value: T, _ kind: ArchiveScalarArrayKind) -> ArchiveValue {
        let uid = appendContainerObject(classIndex: archiver.classIndex(name: "NSArray", chain: ["NSArray", "NSObject"]))
        scalarMembers.removeAll(keepingCapacity: true)
        switch kind {
        case .ints:
            for x in unsafeBitCast(value, to: [Int].self) { scalarMembers.append(archiver.encodePlain(.int(Int64(x), width: 0))) }
        case .strings:
            for x in unsafeBitCast(value, to: [String].self) { scalarMembers.append(archiver.encodePlainString(x)) }
        case .doubles:
            for x in unsafeBitCast(value, to: [Double].self) { scalarMembers.append(archiver.encodePlain(.double(x))) }
        case .none:
            break
        }
        let start = archiver.values.count
        archiver.reserveValues(1)
        archiver.values.append(ArchiveKeyedValue(key: keyNSObjects, value: archiver.inlineArray(scalarMembers)))
        archiver.objects[uid].valueStart = start
        archiver.objects[uid].valueCount = 1
        return .ref(uid)
    }
}
