/// An Objective-C type encoding (`@i`, `{_NSRect={_NSPoint=ff}{_NSSize=ff}}`, `[36c]`), compiled once
/// per distinct string into a flat program the reader and writer step through without recursion.
struct TypedstreamTypeEncoding: Sendable {
    /// One step of the program.
    enum Op: Sendable, Equatable {
        /// A scalar or reference value of this type code (`c C s S i I l L q Q f d @ # : * % + ?`).
        case scalar(UInt8)
        /// `[N c]` / `[N C]`: N raw bytes, stored as one bytes value.
        case charArray(Int)
        /// `[N type]`: the ops up to the matching `arrayEnd` run N times; `end` indexes that op.
        case arrayBegin(count: Int, end: Int)
        /// Closes the array opened at `begin`.
        case arrayEnd(begin: Int)
        /// `{name=…}`: the fields that follow, up to `structEnd`, form one value.
        case structBegin
        /// Closes a struct.
        case structEnd
    }

    /// The flat program.
    let ops: [Op]
    /// How many values the encoding describes at its top level (`@i` is 2, `{…}` is 1).
    let valueCount: Int

    /// Type codes that are one value each.
    static let scalarCodes: Set<UInt8> = Set("cCsSiIlLqQfd@#:*%+".utf8)
    /// Longest type encoding accepted, and deepest bracket nesting.
    static let maxLength = 4096
    static let maxNesting = 32

    /// Compiles `bytes`; `offset` locates errors (the encoding's position in the stream).
    init(_ bytes: ArraySlice<UInt8>, offset: Int) throws(ArchiveError) {
        func bad(_ why: String) -> ArchiveError {
            ArchiveError(.badTypeEncoding, "type encoding \"\(String(decoding: bytes, as: UTF8.self))\": \(why)", offset: offset)
        }
        guard !bytes.isEmpty else { throw bad("empty") }
        guard bytes.count <= Self.maxLength else { throw bad("longer than \(Self.maxLength) bytes") }
        var ops: [Op] = []
        // Open brackets: the op index where each began, and whether its contents read at least one byte
        // (an array element must, so that every iteration consumes input and no count can spin).
        var open: [(begin: Int, isArray: Bool, consumes: Bool)] = []
        var top = 0
        var i = bytes.startIndex
        func noteLeaf(consumes: Bool) {
            if open.isEmpty { top += 1 } else if consumes { open[open.count - 1].consumes = true }
        }
        while i < bytes.endIndex {
            let c = bytes[i]
            switch c {
            case UInt8(ascii: "r"), UInt8(ascii: "n"), UInt8(ascii: "N"), UInt8(ascii: "o"), UInt8(ascii: "O"),
                 UInt8(ascii: "R"), UInt8(ascii: "V"):
                // Method qualifiers (const, in, inout, …) do not change the stored value.
                i += 1
            case UInt8(ascii: "["):
                guard open.count < Self.maxNesting else { throw bad("nested deeper than \(Self.maxNesting)") }
                i += 1
                var n = 0
                let digits = i
                while i < bytes.endIndex, bytes[i] >= 0x30, bytes[i] <= 0x39 {
                    let (m, o1) = n.multipliedReportingOverflow(by: 10)
                    let (s, o2) = m.addingReportingOverflow(Int(bytes[i] - 0x30))
                    guard !o1, !o2, s <= Int(Int32.max) else { throw bad("array count too large") }
                    n = s
                    i += 1
                }
                guard i > digits else { throw bad("array without a count at byte \(i - bytes.startIndex)") }
                // `[N c]` is read as raw bytes; any other element type loops.
                if i + 1 < bytes.endIndex, bytes[i] == UInt8(ascii: "c") || bytes[i] == UInt8(ascii: "C"),
                   bytes[i + 1] == UInt8(ascii: "]") {
                    ops.append(.charArray(n))
                    noteLeaf(consumes: n > 0)
                    i += 2
                } else {
                    open.append((ops.count, true, false))
                    ops.append(.arrayBegin(count: n, end: -1))
                }
            case UInt8(ascii: "]"):
                guard let o = open.popLast(), o.isArray else { throw bad("unbalanced ]") }
                guard case .arrayBegin(let n, _) = ops[o.begin] else { throw bad("unbalanced ]") }
                guard o.consumes || n == 0 else { throw bad("array of a type that reads no bytes") }
                ops[o.begin] = .arrayBegin(count: n, end: ops.count)
                ops.append(.arrayEnd(begin: o.begin))
                noteLeaf(consumes: o.consumes && n > 0)
                i += 1
            case UInt8(ascii: "{"), UInt8(ascii: "("):
                guard open.count < Self.maxNesting else { throw bad("nested deeper than \(Self.maxNesting)") }
                // Skip the name up to `=`, or to the closing brace of a struct with no field list.
                i += 1
                var j = i
                while j < bytes.endIndex, bytes[j] != UInt8(ascii: "="), bytes[j] != UInt8(ascii: "}"), bytes[j] != UInt8(ascii: ")") { j += 1 }
                guard j < bytes.endIndex, bytes[j] == UInt8(ascii: "=") else { throw bad("struct without a field list") }
                guard c == UInt8(ascii: "{") else { throw bad("unions are not archivable") }
                i = j + 1
                open.append((ops.count, false, false))
                ops.append(.structBegin)
            case UInt8(ascii: "}"):
                guard let o = open.popLast(), !o.isArray else { throw bad("unbalanced }") }
                ops.append(.structEnd)
                noteLeaf(consumes: o.consumes)
                i += 1
            default:
                guard Self.scalarCodes.contains(c) else {
                    throw bad("unsupported type code '\(Unicode.Scalar(c))' at byte \(i - bytes.startIndex)")
                }
                ops.append(.scalar(c))
                noteLeaf(consumes: true)
                i += 1
                // Bit-field widths and frame offsets (digits after a code) carry no value.
                while i < bytes.endIndex, bytes[i] >= 0x30, bytes[i] <= 0x39 { i += 1 }
            }
        }
        guard open.isEmpty else { throw bad("unclosed \(open.last?.isArray == true ? "[" : "{")") }
        // Every group holds at least one value: a stream cannot say "no values of no type".
        guard top > 0 else { throw bad("describes no value") }
        self.ops = ops
        self.valueCount = top
    }
}
