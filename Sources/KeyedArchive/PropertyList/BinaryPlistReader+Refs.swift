extension BinaryPlistReader {
    /// Pass 2: container payloads change from "refs at this byte offset" to "first index in `refs`".
    mutating func copyRefs() throws(ArchiveError) {
        let total = pendingRefs
        let rs = trailer.objectRefSize
        let limit = UInt32(truncatingIfNeeded: trailer.objectCount)
        let base = self.base
        var failure: ArchiveError?
        var refs: [UInt32] = []
        nodes.withUnsafeMutableBufferPointer { nodes in
            // total ≤ refBudget ≤ input length / refSize, checked while scanning.
            refs = [UInt32](unsafeUninitializedCapacity: total) { buf, initialized in
                guard let out = buf.baseAddress else { return }
                var at = 0
                for i in 0 ..< nodes.count {
                    let kind = nodes[i].kind
                    guard kind == .array || kind == .dict || kind == .set else { continue }
                    let count = kind == .dict ? 2 * Int(nodes[i].count) : Int(nodes[i].count)
                    var q = base + Int(truncatingIfNeeded: nodes[i].payload)
                    nodes[i].payload = UInt64(at)
                    for _ in 0 ..< count {
                        let r: UInt32
                        switch rs {
                        case 1: r = UInt32(q.pointee)
                        case 2: r = UInt32(UInt16(bigEndian: UnsafeRawPointer(q).loadUnaligned(as: UInt16.self)))
                        default:
                            let wide = BinaryPlistBytes.loadBigEndian(q, rs)
                            r = wide > UInt64(UInt32.max) ? UInt32.max : UInt32(wide)
                        }
                        // Every member ref names an object in the table.
                        guard r < limit else {
                            failure = ArchiveError(.badReference, "object \(i) refers to object \(r), but there are only \(limit)",
                                                   offset: q - base, objectIndex: i)
                            initialized = at
                            return
                        }
                        (out + at).initialize(to: r)
                        at += 1
                        q += rs
                    }
                }
                initialized = at
            }
        }
        if let failure { throw failure }
        self.refs = refs
    }
}
