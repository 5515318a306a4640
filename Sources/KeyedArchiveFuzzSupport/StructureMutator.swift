import KeyedArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A structure-aware mutator for keyed-archive inputs: `LLVMFuzzerCustomMutator` and
/// `LLVMFuzzerCustomCrossOver` bodies for the harnesses whose inputs are keyed archives.
///
/// Byte-level mutation spends most executions on inputs that the bplist or keyed-archive checks reject
/// before any class decodes. This mutator reads the input into an ``ArchiveGraph``, changes the graph
/// (a value's type or width, a reference retargeted or turned into a cycle, a key duplicated or dropped,
/// a class renamed from the dictionary, a reference wrapped in a new array, an object spliced in from
/// another input, an integer set to a boundary value) and writes a valid archive again, binary or XML.
/// A share of the calls (and every input that does not read as a keyed archive) goes to libFuzzer's own
/// byte mutation, so the readers stay covered.
public struct StructureMutator: Sendable {
    /// Bytes before the archive that the harness reads as options (the mode byte); mutated bytewise.
    public var prefixLength: Int
    /// Class names worth trying: the harness's own classes and Foundation's.
    public var classNames: [String]
    /// One call in `byteShare` goes to byte-level mutation.
    public var byteShare: UInt64

    /// Creates a mutator.
    public init(prefixLength: Int = 1, classNames: [String] = StructureMutator.foundationClassNames, byteShare: UInt64 = 4) {
        self.prefixLength = prefixLength
        self.classNames = classNames
        self.byteShare = max(1, byteShare)
    }

    /// Foundation's archived classes, the names a class-swap mutation draws from.
    public static let foundationClassNames = [
        "NSArray", "NSMutableArray", "NSDictionary", "NSMutableDictionary", "NSSet", "NSMutableSet", "NSString",
        "NSMutableString", "NSData", "NSMutableData", "NSDate", "NSURL", "NSUUID", "NSNull", "NSNumber", "NSValue",
        "NSOrderedSet", "NSCountedSet", "NSIndexSet", "NSAttributedString", "NSError", "NSObject",
    ]

    /// The mutator for `FuzzUnarchiver`, `FuzzCodable` and ``ClassFuzzer`` inputs with the test classes.
    public static let unarchiver = StructureMutator(classNames: ["FuzzPerson", "FuzzNode"] + foundationClassNames)

    /// `FUZZ_BYTE_MUTATION_ONLY` is set: the hooks below hand every call to byte mutation (for comparisons).
    public static let byteMutationOnly = getenv("FUZZ_BYTE_MUTATION_ONLY") != nil

    /// The body of a harness's `LLVMFuzzerCustomMutator`: ``mutate(_:_:_:_:byteMutate:)``, or byte mutation
    /// alone under ``byteMutationOnly``.
    public func customMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: UInt32,
                              byteMutate: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int) -> Int {
        guard let data else { return 0 }
        if Self.byteMutationOnly { return byteMutate(data, size, maxSize) }
        return mutate(data, size, maxSize, seed, byteMutate: byteMutate)
    }

    /// The body of a harness's `LLVMFuzzerCustomCrossOver`: ``crossOver(_:_:_:_:_:_:_:)``, or 0 (libFuzzer's
    /// own cross-over) under ``byteMutationOnly``.
    public func customCrossOver(_ data1: UnsafePointer<UInt8>?, _ size1: Int, _ data2: UnsafePointer<UInt8>?, _ size2: Int,
                                _ out: UnsafeMutablePointer<UInt8>?, _ maxOutSize: Int, _ seed: UInt32) -> Int {
        guard !Self.byteMutationOnly, let data1, let data2, let out else { return 0 }
        return crossOver(data1, size1, data2, size2, out, maxOutSize, seed)
    }

    /// `LLVMFuzzerCustomMutator`: mutates `data[0 ..< size]` in place, at most `maxSize` bytes; returns
    /// the new size. `byteMutate` is `LLVMFuzzerMutate`, which only the harness executable can name.
    public func mutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int, _ seed: UInt32,
                       byteMutate: (UnsafeMutablePointer<UInt8>, Int, Int) -> Int) -> Int {
        var rng = SplitMix(UInt64(seed) &* 0x9E37_79B9_7F4A_7C15 &+ UInt64(size))
        guard size > prefixLength, rng.below(byteShare) != 0 else { return byteMutate(data, size, maxSize) }
        let input = Array(UnsafeBufferPointer(start: data, count: size))
        guard let out = mutated(input, other: nil, &rng), out.count <= maxSize else { return byteMutate(data, size, maxSize) }
        out.withUnsafeBufferPointer { if let base = $0.baseAddress { data.update(from: base, count: out.count) } }
        return out.count
    }

    /// `LLVMFuzzerCustomCrossOver`: an object of the second input spliced into the first; returns the size
    /// written to `out` (0: libFuzzer falls back to its own cross-over).
    public func crossOver(_ data1: UnsafePointer<UInt8>, _ size1: Int, _ data2: UnsafePointer<UInt8>, _ size2: Int,
                          _ out: UnsafeMutablePointer<UInt8>, _ maxOutSize: Int, _ seed: UInt32) -> Int {
        var rng = SplitMix(UInt64(seed) ^ 0xC2B2_AE3D_27D4_EB4F)
        let a = Array(UnsafeBufferPointer(start: data1, count: size1))
        let b = Array(UnsafeBufferPointer(start: data2, count: size2))
        guard a.count > prefixLength, b.count > prefixLength,
              let other = try? ArchiveGraph(keyedArchiveBytes: Array(b[prefixLength...]), limits: FuzzLimits.standard),
              let result = mutated(a, other: other, &rng), result.count <= maxOutSize else { return 0 }
        result.withUnsafeBufferPointer { if let base = $0.baseAddress { out.update(from: base, count: result.count) } }
        return result.count
    }

    /// The input with one to three graph mutations, or nil when it does not read as a keyed archive or
    /// the result cannot be written.
    func mutated(_ input: [UInt8], other: ArchiveGraph?, _ rng: inout SplitMix) -> [UInt8]? {
        let prefix = Array(input.prefix(prefixLength))
        guard let graph = try? ArchiveGraph(keyedArchiveBytes: Array(input[prefixLength...]), limits: FuzzLimits.standard),
              !graph.objects.isEmpty else { return nil }
        var b = ArchiveGraphBuilder(copying: graph)
        if let other, let spliced = splice(from: other, into: &b, &rng) {
            retarget(&b, to: spliced, &rng)
        }
        for _ in 0 ..< 1 + Int(rng.below(3)) { mutateOnce(&b, &rng) }
        let format: PropertyList.Format = rng.below(8) == 0 ? .xml : (graph.metadata.plistFormat ?? .binary)
        guard let plist = try? PropertyList(keyedArchive: b.build(), format: format) else { return nil }
        let bytes: [UInt8]
        switch format {
        case .binary: bytes = plist.binaryData()
        case .xml: guard let x = try? plist.xmlData() else { return nil }; bytes = x
        }
        return prefix + bytes
    }

    /// One graph-level change.
    func mutateOnce(_ b: inout ArchiveGraphBuilder, _ rng: inout SplitMix) {
        let objectCount = b.objects.count
        switch rng.below(8) {
        case 0, 1:
            // A value's type or width, or a boundary integer.
            guard !b.values.isEmpty else { return }
            let i = Int(rng.below(UInt64(b.values.count)))
            b.values[i].value = replacement(for: b.values[i].value, &b, objectCount: objectCount, &rng)
        case 2:
            // A reference retargeted, often to its own object or an early one (cycles).
            guard !b.values.isEmpty else { return }
            let i = Int(rng.below(UInt64(b.values.count)))
            let owner = b.objects.firstIndex { $0.kind == .object && $0.valueRange.contains(i) } ?? 0
            b.values[i].value = .ref(rng.below(2) == 0 ? owner : Int(rng.below(UInt64(objectCount))))
        case 3:
            // A key duplicated (a sibling's key) or dropped (a key nobody asks for).
            guard b.values.count > 1 else { return }
            let i = Int(rng.below(UInt64(b.values.count)))
            if rng.below(2) == 0 {
                b.values[i].key = b.values[Int(rng.below(UInt64(b.values.count)))].key
            } else {
                b.values[i].key = b.internKey("fuzz\(rng.below(4))")
            }
        case 4:
            // A class renamed: another class of this archive, or one from the dictionary.
            guard !b.classes.isEmpty, !classNames.isEmpty else { return }
            let c = Int(rng.below(UInt64(b.classes.count)))
            b.classes[c].name = classNames[Int(rng.below(UInt64(classNames.count)))]
        case 5:
            // An object given another class record.
            guard !b.classes.isEmpty else { return }
            let n = Int(rng.below(UInt64(objectCount)))
            guard b.objects[n].kind == .object else { return }
            b.objects[n].classIndex = Int(rng.below(UInt64(b.classes.count)))
        case 6:
            // Deeper nesting: a reference wrapped in a new NSArray.
            guard !b.values.isEmpty else { return }
            let i = Int(rng.below(UInt64(b.values.count)))
            guard case .ref = b.values[i].value else { return }
            let members = b.appendItems([b.values[i].value])
            let array = b.appendObject(classIndex: b.internClass("NSArray", chain: ["NSArray", "NSObject"]),
                                       values: [ArchiveKeyedValue(key: b.internKey("NS.objects"), value: .array(members))])
            b.values[i].value = .ref(array)
        default:
            // A member of an inline collection changed (NS.objects, NS.keys).
            guard !b.items.isEmpty else { return }
            let i = Int(rng.below(UInt64(b.items.count)))
            b.items[i] = replacement(for: b.items[i], &b, objectCount: objectCount, &rng)
        }
    }

    /// Another value for `v`: a different kind, width or boundary.
    func replacement(for v: ArchiveValue, _ b: inout ArchiveGraphBuilder, objectCount: Int, _ rng: inout SplitMix) -> ArchiveValue {
        let boundaries: [Int64] = [0, 1, -1, 2, 255, 256, 65_535, 65_536, Int64(Int32.max), Int64(Int32.max) + 1,
                                   Int64(Int32.min), Int64(UInt32.max), Int64.max, Int64.min]
        switch rng.below(9) {
        case 0: return .int(boundaries[Int(rng.below(UInt64(boundaries.count)))], width: 0)
        case 1:
            if case .int(let x, _) = v { return .int(x &+ Int64(rng.below(5)) &- 2, width: 0) }
            return .int(Int64(bitPattern: rng.next()), width: 0)
        case 2: return .double([0, -0.0, 1e308, -1e308, .infinity, .nan, 0.5][Int(rng.below(7))])
        case 3: return .bool(rng.below(2) == 0)
        case 4: return b.stringValue(["", "NSObject", "root", "$null", String(repeating: "A", count: 40)][Int(rng.below(5))])
        case 5: return .ref(Int(rng.below(UInt64(max(1, objectCount)))))
        case 6: return .nil
        case 7: return .unsignedInt(UInt64.max - rng.below(3))
        default: return .bytes(b.appendBytes((0 ..< Int(rng.below(24))).map { _ in UInt8(truncatingIfNeeded: rng.next()) }))
        }
    }

    /// Copies one object of `other` (class and values, references mapped to existing objects) into `b`.
    func splice(from other: ArchiveGraph, into b: inout ArchiveGraphBuilder, _ rng: inout SplitMix) -> Int? {
        let candidates = other.objects.indices.filter { other.objects[$0].kind == .object }
        guard !candidates.isEmpty, !b.objects.isEmpty else { return nil }
        let n = candidates[Int(rng.below(UInt64(candidates.count)))]
        guard let name = other.className(ofObject: n) else { return nil }
        let target = b.objects.count
        var values: [ArchiveKeyedValue] = []
        for kv in other.values(ofObject: n).prefix(64) {
            let key = b.internKey(other.key(kv.key))
            var value = kv.value
            switch value {
            case .ref: value = .ref(Int(rng.below(UInt64(target))))
            case .string(let r, let encoding):
                value = .string(b.appendBytes(other.bytes(r)), encoding: encoding)
            case .bytes(let r):
                value = .bytes(b.appendBytes(other.bytes(r)))
            case .array, .set, .dict: value = .nil
            default: break
            }
            values.append(ArchiveKeyedValue(key: key, value: value))
        }
        let chain = other.objects[n].classIndex >= 0 && other.objects[n].classIndex < other.classes.count ? other.classes[other.objects[n].classIndex].chain : []
        return b.appendObject(classIndex: b.internClass(name, chain: chain), values: values)
    }

    /// Points a random reference (or the root) at object `n`.
    func retarget(_ b: inout ArchiveGraphBuilder, to n: Int, _ rng: inout SplitMix) {
        let refs = b.values.indices.filter { if case .ref = b.values[$0].value { return true }; return false }
        if let i = refs.isEmpty ? nil : refs[Int(rng.below(UInt64(refs.count)))] {
            b.values[i].value = .ref(n)
        } else if !b.top.isEmpty {
            b.top[0].value = .ref(n)
        }
    }
}

/// A small deterministic generator (SplitMix64), seeded by libFuzzer's seed.
struct SplitMix {
    var state: UInt64
    init(_ seed: UInt64) { state = seed }
    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
    /// A value in `0 ..< n` (n ≥ 1).
    mutating func below(_ n: UInt64) -> UInt64 { n <= 1 ? 0 : next() % n }
}
