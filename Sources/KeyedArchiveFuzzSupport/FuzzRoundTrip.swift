import KeyedArchive

/// `FuzzRoundTrip`: whatever decodes is re-encoded in the same format and decoded again; the two
/// decodes must be equal, and encoding the second must give the same bytes as encoding the first
/// (writers are deterministic and idempotent). Any mismatch is a ``RoundTripFailure``.
enum FuzzRoundTrip {
    static func run(_ bytes: [UInt8]) throws(RoundTripFailure) {
        switch ArchiveFormat.detect(bytes) {
        case .binaryPlist, .xmlPlist:
            guard let plist = try? PropertyList(parsing: bytes, limits: FuzzLimits.standard) else { return }
            try PlistRoundTrip.check(plist)
            try KeyedRoundTrip.check(plist)
        case .nibArchive:
            try NIBArchiveRoundTrip.check(bytes)
        case .binaryPlistPrivate, .typedstream, nil:
            return
        }
    }
}

/// Property list → bytes in the format it was read from → property list.
enum PlistRoundTrip {
    /// The bytes of `plist` in `format`, and the reader for that format.
    static func encode(_ plist: PropertyList, as format: PropertyList.Format) throws(RoundTripFailure) -> [UInt8] {
        if format == .binary { return plist.binaryData() }
        // Lists read from XML (and keyed archives we wrote) only have string keys, so XML takes them.
        do { return try plist.xmlData() } catch { throw RoundTripFailure("XML plist", "the XML writer refused: \(error)") }
    }

    static func decode(_ bytes: [UInt8], as format: PropertyList.Format) throws(ArchiveError) -> PropertyList {
        format == .binary
            ? try PropertyList(binary: bytes, limits: FuzzLimits.standard)
            : try PropertyList(xml: bytes, limits: FuzzLimits.standard)
    }

    static func check(_ first: PropertyList) throws(RoundTripFailure) {
        let format = first.format
        let surface = format == .binary ? "bplist00" : "XML plist"
        let encoded = try encode(first, as: format)
        let second: PropertyList
        do {
            second = try decode(encoded, as: format)
        } catch where error.code == .limitExceeded {
            return
        } catch {
            throw RoundTripFailure(surface, "our own output does not parse: \(error)")
        }
        if let v1 = try? first.value(limits: FuzzLimits.materialise),
           let v2 = try? second.value(limits: FuzzLimits.materialise), v1 != v2 {
            throw RoundTripFailure(surface, "the values differ")
        }
        guard try encode(second, as: format) == encoded else {
            throw RoundTripFailure(surface, "re-encoding the decoded output gives different bytes")
        }
    }
}

/// Keyed archive → ``ArchiveGraph`` → keyed archive (in the source's plist format) → ``ArchiveGraph``.
enum KeyedRoundTrip {
    static func check(_ plist: PropertyList) throws(RoundTripFailure) {
        guard let first = try? ArchiveGraph(keyedArchive: plist, limits: FuzzLimits.standard),
              let written = try? PropertyList(keyedArchive: first) else { return }
        let format = plist.format
        let encoded = try PlistRoundTrip.encode(written, as: format)
        // The direct writer must lay out exactly what the property-list path lays out.
        let direct = Result { () throws(ArchiveError) in try first.keyedArchiveBinaryData() }
        guard case .success(let bytes) = direct, bytes == written.binaryData() else {
            throw RoundTripFailure("keyed archive", "the direct binary writer differs from the property-list path: \(direct)")
        }
        let second: ArchiveGraph
        do {
            let reread = try PlistRoundTrip.decode(encoded, as: format)
            second = try ArchiveGraph(keyedArchive: reread, limits: FuzzLimits.standard)
        } catch where error.code == .limitExceeded {
            return
        } catch {
            throw RoundTripFailure("keyed archive", "our own output does not read back: \(error)")
        }
        if let d = difference(first, second) { throw RoundTripFailure("keyed archive", d) }
        guard let again = try? PropertyList(keyedArchive: second), try PlistRoundTrip.encode(again, as: format) == encoded else {
            throw RoundTripFailure("keyed archive", "re-encoding the decoded output gives different bytes")
        }
    }

    /// Objects keep their indices; the writer may append class descriptions after the last object.
    static func difference(_ a: ArchiveGraph, _ b: ArchiveGraph) -> String? {
        let cmp = GraphComparison(a: a, b: b)
        guard b.objects.count >= a.objects.count else {
            return "\(a.objects.count) objects became \(b.objects.count)"
        }
        for i in a.objects.indices {
            let (x, y) = (a.objects[i], b.objects[i])
            guard x.kind == y.kind else { return "object \(i): \(x.kind) became \(y.kind)" }
            switch x.kind {
            case .plain:
                if let d = cmp.difference(x.plainValue, y.plainValue) { return "object \(i): \(d)" }
            case .object, .classDescription:
                let (cx, cy) = (a.className(ofObject: i) ?? className(a, x), b.className(ofObject: i) ?? className(b, y))
                guard cx == cy else { return "object \(i): class \(cx) became \(cy)" }
                if let d = cmp.difference(a.values(ofObject: i), b.values(ofObject: i), where: "object \(i)") { return d }
            }
        }
        return cmp.difference(a.top, b.top, where: "$top")
    }

    private static func className(_ g: ArchiveGraph, _ o: ArchiveObject) -> String {
        o.classIndex >= 0 && o.classIndex < g.classes.count ? g.classes[o.classIndex].name : "#\(o.classIndex)"
    }
}

/// NIBArchive → ``ArchiveGraph`` → NIBArchive (verbatim) → ``ArchiveGraph``.
enum NIBArchiveRoundTrip {
    static func check(_ bytes: [UInt8]) throws(RoundTripFailure) {
        guard let first = try? ArchiveGraph(nibArchive: bytes, limits: FuzzLimits.standard) else { return }
        // Every graph the reader accepts can be written back verbatim.
        let encoded: [UInt8]
        do {
            encoded = try first.nibArchiveData()
        } catch {
            throw RoundTripFailure("NIBArchive", "a graph the reader accepted cannot be written: \(error)")
        }
        let second: ArchiveGraph
        do {
            second = try ArchiveGraph(nibArchive: encoded, limits: FuzzLimits.standard)
        } catch {
            throw RoundTripFailure("NIBArchive", "our own output does not parse: \(error)")
        }
        if let d = difference(first, second) { throw RoundTripFailure("NIBArchive", d) }
        guard let again = try? second.nibArchiveData(), again == encoded else {
            throw RoundTripFailure("NIBArchive", "re-encoding the decoded output gives different bytes")
        }
    }

    /// Verbatim means table for table: the same keys, classes, records and values, in order.
    static func difference(_ a: ArchiveGraph, _ b: ArchiveGraph) -> String? {
        guard a.keys == b.keys else { return "the key table changed" }
        guard a.classes == b.classes else { return "the class table changed" }
        guard a.objects == b.objects else { return "the object table changed" }
        guard a.metadata.nibCoderVersion == b.metadata.nibCoderVersion,
              a.metadata.nibFormatVersion == b.metadata.nibFormatVersion else { return "the header versions changed" }
        let cmp = GraphComparison(a: a, b: b)
        return cmp.difference(a.values, b.values, where: "value table")
    }
}
