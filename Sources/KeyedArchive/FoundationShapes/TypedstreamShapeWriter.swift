#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// Builds the typedstream graph `NSArchiver` would write for a Foundation-shaped value: the same
/// classes, versions and type encodings that ``TypedstreamShapes`` reads.
struct TypedstreamShapeWriter {
    var builder: ArchiveGraphBuilder
    var classOfName: [String: Int] = [:]
    var cStrings: [String: Int] = [:]
    var depth = 0
    static let maxDepth = 512

    /// Class versions `NSArchiver` records (seen in real streams; the rest are 0).
    static let versions: [String: Int64] = ["NSString": 1, "NSMutableString": 1, "NSFont": 21]

    init(header: TypedstreamHeader) {
        var m = ArchiveGraph.Metadata(source: .typedstream)
        m.typedstreamHeader = header
        builder = ArchiveGraphBuilder(metadata: m)
    }

    /// The class record of `chain` (class first, `NSObject` last), sharing records already made.
    mutating func classIndex(_ chain: [String]) -> Int {
        var superclass = -1
        var result = -1
        for name in chain.reversed() {
            if let c = classOfName[name] {
                result = c
            } else {
                result = builder.appendClass(ArchiveClass(name: name, chain: [], version: Self.versions[name] ?? 0, superclass: superclass))
                classOfName[name] = result
            }
            superclass = result
        }
        return result
    }

    /// Appends an object of `chain` with `values` (type encoding, value) and returns a reference to it.
    mutating func object(_ chain: [String], _ values: [(String, ArchiveValue)]) -> ArchiveValue {
        let c = classIndex(chain)
        let keyed = values.map { ArchiveKeyedValue(key: builder.internKey($0.0), value: $0.1) }
        return .ref(builder.appendObject(classIndex: c, values: keyed))
    }

    /// A shared C string entry (`NSNumber`'s and `NSValue`'s type).
    mutating func cString(_ s: String) -> ArchiveValue {
        if let n = cStrings[s] { return .ref(n) }
        let n = builder.appendPlain(builder.stringValue(s))
        cStrings[s] = n
        return .ref(n)
    }

    func unsupported(_ what: String) -> ArchiveError {
        ArchiveError(.encodingFailed, "\(what) has no typedstream form this library writes")
    }

    mutating func value(_ v: ArchivedValue) throws(ArchiveError) -> ArchiveValue {
        guard depth < Self.maxDepth else { throw ArchiveError(.limitExceeded, "values nest deeper than \(Self.maxDepth)") }
        depth += 1
        defer { depth -= 1 }
        let number = ["NSNumber", "NSValue", "NSObject"]
        switch v {
        case .null:
            return object(["NSNull", "NSObject"], [])
        case .bool(let b):
            return object(number, [("*", cString("c")), ("c", .int(b ? 1 : 0, width: 1))])
        case .int(let x):
            guard let i = Int32(exactly: x) else { throw unsupported("the integer \(x), wider than 32 bits,") }
            return object(number, [("*", cString("i")), ("i", .int(Int64(i), width: 4))])
        case .unsignedInt(let x):
            throw unsupported("the unsigned integer \(x)")
        case .float(let f):
            return object(number, [("*", cString("f")), ("f", .float(f))])
        case .double(let d):
            return object(number, [("*", cString("d")), ("d", .double(d))])
        case .string(let s):
            return object(["NSString", "NSObject"], [("+", .bytes(builder.appendBytes(Array(s.utf8))))])
        case .data(let d):
            var values: [(String, ArchiveValue)] = [("i", .int(Int64(d.count), width: 4))]
            if !d.isEmpty { values.append(("[\(d.count)c]", .bytes(builder.appendBytes(d)))) }
            return object(["NSData", "NSObject"], values)
        case .date(let d):
            return object(["NSDate", "NSObject"], [("d", .double(d.timeIntervalSinceReferenceDate))])
        case .array(let xs):
            var values: [(String, ArchiveValue)] = [("i", .int(Int64(xs.count), width: 4))]
            for x in xs { values.append(("@", try value(x))) }
            return object(["NSArray", "NSObject"], values)
        case .set(let xs):
            var values: [(String, ArchiveValue)] = [("I", .int(Int64(xs.count), width: 4))]
            for x in xs { values.append(("@", try value(x))) }
            return object(["NSSet", "NSObject"], values)
        case .dictionary(let es):
            var values: [(String, ArchiveValue)] = [("i", .int(Int64(es.count), width: 4))]
            for e in es {
                values.append(("@", try value(e.key)))
                values.append(("@", try value(e.value)))
            }
            return object(["NSDictionary", "NSObject"], values)
        case .attributedString(let a):
            var values: [(String, ArchiveValue)] = [("@", try value(.string(a.string)))]
            var distinct: [[ArchivedValue.Entry]] = []
            for run in a.runs {
                if let i = distinct.firstIndex(of: run.attributes) {
                    values.append(("iI", .int(Int64(i + 1), width: 4)))
                    values.append(("iI", .int(Int64(run.length), width: 4)))
                } else {
                    distinct.append(run.attributes)
                    values.append(("iI", .int(Int64(distinct.count), width: 4)))
                    values.append(("iI", .int(Int64(run.length), width: 4)))
                    values.append(("@", try value(.dictionary(run.attributes))))
                }
            }
            let chain = a.isMutable ? ["NSMutableAttributedString", "NSAttributedString", "NSObject"] : ["NSAttributedString", "NSObject"]
            return object(chain, values)
        case .color(let c):
            var values: [(String, ArchiveValue)] = [("c", .int(Int64(c.space), width: 1))]
            switch c.space {
            case 1, 2, 3, 4, 5:
                let reals = c.components.map { ArchiveValue.float(Float($0)) }
                values += reals.map { (String(repeating: "f", count: reals.count), $0) }
            case 6:
                let catalog = try c.catalog.map { s throws(ArchiveError) in try value(.string(s)) } ?? .nil
                let name = try c.name.map { s throws(ArchiveError) in try value(.string(s)) } ?? .nil
                let fallback = try c.fallback.first.map { f throws(ArchiveError) in try value(.color(f)) } ?? .nil
                values += [("@@@", catalog), ("@@@", name), ("@@@", fallback)]
            default:
                throw unsupported("an NSColor of colour space \(c.space)")
            }
            return object(["NSColor", "NSObject"], values)
        case .geometry(let g):
            let (type, members): (String, [ArchiveValue])
            switch g {
            case .point(let x, let y): (type, members) = ("{_NSPoint=ff}", [.float(Float(x)), .float(Float(y))])
            case .size(let w, let h): (type, members) = ("{_NSSize=ff}", [.float(Float(w)), .float(Float(h))])
            case .rect(let x, let y, let w, let h):
                let origin = ArchiveValue.array(builder.appendItems([.float(Float(x)), .float(Float(y))]))
                let size = ArchiveValue.array(builder.appendItems([.float(Float(w)), .float(Float(h))]))
                (type, members) = ("{_NSRect={_NSPoint=ff}{_NSSize=ff}}", [origin, size])
            case .range(let location, let length):
                guard let l = UInt32(exactly: location), let n = UInt32(exactly: length) else { throw unsupported("a range beyond 32 bits") }
                (type, members) = ("{_NSRange=II}", [.int(Int64(l), width: 4), .int(Int64(n), width: 4)])
            case .edgeInsets, .cArray:
                throw unsupported("this NSValue")
            }
            return object(["NSValue", "NSObject"], [("*", cString(type)), (type, .array(builder.appendItems(members)))])
        case .font: throw unsupported("NSFont")
        case .url(let url):
            let text = try value(.string(url.relativeString))
            guard let base = url.baseURL else { return object(["NSURL", "NSObject"], [("c", .int(0, width: 1)), ("@", text)]) }
            let baseRef = try value(.url(base))
            return object(["NSURL", "NSObject"], [("c", .int(1, width: 1)), ("@", baseRef), ("@", text)])
        case .uuid: throw unsupported("NSUUID")
        case .orderedSet: throw unsupported("NSOrderedSet")
        case .countedSet: throw unsupported("NSCountedSet")
        case .indexSet, .indexPath: throw unsupported("an index set or path")
        case .error: throw unsupported("NSError")
        case .object(let o): throw unsupported("an instance of \(type(of: o))")
        }
    }
}

extension ArchivedValue {
    /// Writes this value as `NSArchiver` would archive the Foundation object it stands for
    /// (`archivedDataWithRootObject:`): strings, numbers, data, dates, URLs, arrays, sets, dictionaries,
    /// attributed strings, colours and points, sizes, rects and ranges.
    ///
    /// - Parameter header: Byte order and versions (default: little-endian, as on a current Mac).
    /// - Returns: The typedstream.
    /// - Throws: ``ArchiveError/Code/encodingFailed`` for a value with no typedstream form (UUID,
    ///   ordered and counted sets, index sets, errors, fonts, class instances, integers wider than 32 bits).
    public func typedstreamBytes(header: TypedstreamHeader = TypedstreamHeader()) throws(ArchiveError) -> [UInt8] {
        var w = TypedstreamShapeWriter(header: header)
        let root = try w.value(self)
        w.builder.top = [ArchiveKeyedValue(key: w.builder.internKey("@"), value: root)]
        return try w.builder.build().typedstreamBytes()
    }
}
