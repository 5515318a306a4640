/// Checks that NIBArchive bytes have the exact shape Apple's UIKit encoder produces
/// (`nibarchive-format.md` §11), beyond merely parsing: the check our writer's output must pass,
/// and the one WinObjC's xib2nib output fails (pitfall 43).
public enum NIBArchiveShapeCheck {
    /// One rule broken, with where.
    public struct Violation: Sendable, Hashable, CustomStringConvertible {
        /// Short rule name: `versions`, `layout`, `varint`, `keys`, `width`, `geometry`, `firstValue`, `duplicateKey`, `top`, `parses`.
        public var rule: String
        /// What was found, and where.
        public var detail: String
        /// Byte offset, when the rule concerns one spot.
        public var offset: Int?
        public var description: String { "\(rule): \(detail)" + (offset.map { " (at byte \($0))" } ?? "") }
    }

    /// Every violation found (empty when the bytes are Apple-shaped). A file that does not parse at all
    /// yields one `parses` violation. `geometryKeys` names the keys whose values must be `0x07` blobs
    /// (which keys those are is nib meaning: the `Nib` module passes `NibGeometryKind.uiKitKeys`).
    public static func violations(_ bytes: [UInt8], allowedCoderVersions: Set<UInt32> = [9, 10],
                                  geometryKeys: [String: NibGeometryKind] = [:]) -> [Violation] {
        var out: [Violation] = []
        func add(_ rule: String, _ detail: String, _ offset: Int? = nil) {
            out.append(Violation(rule: rule, detail: detail, offset: offset))
        }
        let graph: ArchiveGraph
        let header: NIBArchiveHeader
        do {
            header = try NIBArchiveHeader(parsing: bytes)
            graph = try ArchiveGraph(nibArchive: bytes)
        } catch {
            add("parses", "\(error)")
            return out
        }
        if header.formatVersion != 1 { add("versions", "formatVersion \(header.formatVersion), not 1", 10) }
        if !allowedCoderVersions.contains(header.coderVersion) {
            add("versions", "coderVersion \(header.coderVersion), not \(allowedCoderVersions.sorted())", 14)
        }
        let layout = graph.metadata.nibLayout ?? NIBArchiveLayout()
        if layout.tableOrder != NIBArchiveTable.allCases || !layout.isContiguous {
            add("layout", "tables are not contiguous from 50 in the order objects, keys, values, classes")
        }
        if graph.metadata.trailingBytes != 0, !(layout.hasLNETrailer && graph.topValue(forKey: "IBUINibLNEVersionKey") == .int(1, width: 1)) {
            add("layout", "\(graph.metadata.trailingBytes) bytes follow the class table")
        }
        if graph.className(ofObject: 0) != "NSObject" { add("top", "object 0 is not NSObject") }

        // Varints must be minimal: re-encode every record and compare with the bytes.
        bytes.withUnsafeBufferPointer { buf in
            var s = NIBArchiveScanner(base: buf, pos: Int(header.objectsOffset))
            var expectedFirst = 0
            for i in 0 ..< graph.objects.count {
                let o = graph.objects[i]
                for _ in 0 ..< 3 { checkMinimal(&s, "objects[\(i)]", add) }
                if o.valueCount == 0, o.valueStart != 0 { add("firstValue", "empty objects[\(i)] has firstValue \(o.valueStart), not 0") }
                if o.valueCount > 0 {
                    if o.valueStart != expectedFirst {
                        add("firstValue", "objects[\(i)] starts at value \(o.valueStart), not \(expectedFirst) (values are not grouped in object order)")
                    }
                    expectedFirst = o.valueStart + o.valueCount
                }
            }
            if expectedFirst != graph.values.count { add("firstValue", "objects own \(expectedFirst) of \(graph.values.count) values") }
            s.pos = Int(header.keysOffset)
            var seenKeys: Set<String> = []
            for (i, k) in graph.keys.enumerated() {
                let at = s.pos
                checkMinimal(&s, "keys[\(i)]", add)
                s.pos += k.utf8.count
                if k.utf8.last == 0 { add("keys", "keys[\(i)] length includes a NUL", at) }
                if !seenKeys.insert(k).inserted { add("keys", "keys[\(i)] \"\(k)\" appears twice", at) }
            }
            s.pos = Int(header.valuesOffset)
            for (i, kv) in graph.values.enumerated() {
                checkMinimal(&s, "values[\(i)]", add)
                s.pos += 1
                switch kv.value {
                case let .int(v, width):
                    if width != NIBArchiveWriter.appleWidth(v) {
                        add("width", "values[\(i)] stores \(v) in \(width) bytes, not \(NIBArchiveWriter.appleWidth(v))")
                    }
                    s.pos += Int(width)
                case let .bytes(r):
                    checkMinimal(&s, "values[\(i)].length", add)
                    s.pos = r.start + r.count
                    if let kind = geometryKeys[graph.keys[kv.key]], graph.bytes(r).first != 0x07 || r.count != 1 + 8 * kind.elementCount {
                        add("geometry", "values[\(i)] \(graph.keys[kv.key]) is not a 0x07 blob of \(kind.elementCount) doubles")
                    }
                case .float, .ref: s.pos += 4
                case .double: s.pos += 8
                default: break
                }
            }
            s.pos = Int(header.classesOffset)
            for (i, c) in graph.classes.enumerated() {
                checkMinimal(&s, "classes[\(i)].length", add)
                checkMinimal(&s, "classes[\(i)].fallbackCount", add)
                s.pos += 4 * c.fallbacks.count + c.name.utf8.count + 1
            }
        }
        // No key twice in one object, except the collection-element key.
        for i in graph.objects.indices {
            var seen: Set<Int> = []
            for kv in graph.values(ofObject: i) {
                let canonical = graph.keyIndex(graph.keys[kv.key]) ?? kv.key
                if graph.keys[kv.key] != ArchiveGraph.NibKeys.emptyKey, !seen.insert(canonical).inserted {
                    add("duplicateKey", "objects[\(i)] has \"\(graph.keys[kv.key])\" twice")
                }
            }
        }
        return out
    }

    private static func checkMinimal(_ s: inout NIBArchiveScanner, _ field: String,
                                     _ add: (String, String, Int?) -> Void) {
        let at = s.pos
        guard let v = s.readVarint() else { return }
        if s.pos - at != NIBArchiveVarint.minimalLength(v) {
            add("varint", "\(field): \(s.pos - at)-byte varint for \(v)", at)
        }
    }
}
