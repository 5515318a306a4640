import KeyedArchive

/// The object graph a compile builds, in NIBArchive conventions (`nib-object-model.md`): strings and
/// numbers are `NSString`/`NSNumber` objects, collections are objects whose elements follow under
/// `UINibEncoderEmptyKey`, UIKit geometry is `0x07` blobs. Objects are added first and filled in
/// later, so encoders can refer to an object before (or while) it is encoded; equal strings and
/// numbers are shared, as ibtool shares them. ``archiveGraph(coderVersion:)`` turns it into an
/// ``ArchiveGraph`` for the writers.
struct NibGraph {
    /// One value of an object.
    enum Value: Equatable {
        case ref(Int)
        case int(Int64)
        case bool(Bool)
        case float(Float)
        case double(Double)
        case null
        case bytes([UInt8])
    }

    struct Object {
        var className: String
        var values: [(key: String, value: Value)] = []
    }

    private(set) var objects: [Object] = []
    private var strings: [String: Int] = [:]
    private var integers: [Int64: Int] = [:]
    private var doubles: [UInt64: Int] = [:]
    private var booleans: [Bool: Int] = [:]

    /// Adds an object of class `className` with no values yet; returns its index.
    mutating func add(_ className: String) -> Int {
        objects.append(Object(className: className))
        return objects.count - 1
    }

    /// Changes an object's class (an encoder that learns its class late, such as a class swapper).
    mutating func setClass(_ object: Int, _ className: String) {
        objects[object].className = className
    }

    /// Sets a value: collection elements (`UINibEncoderEmptyKey`) append, any other key set again
    /// replaces its earlier value in place (an encoder refining what a base encoder wrote).
    mutating func set(_ object: Int, _ key: String, _ value: Value) {
        if key != NibGraph.elementKey, let i = objects[object].values.firstIndex(where: { $0.key == key }) {
            objects[object].values[i].value = value
        } else {
            objects[object].values.append((key, value))
        }
    }

    /// Removes `key` from an object (an encoder undoing what a base encoder wrote).
    mutating func remove(_ object: Int, _ key: String) {
        objects[object].values.removeAll { $0.key == key }
    }

    /// The key of every element of an inline collection.
    static let elementKey = "UINibEncoderEmptyKey"

    /// The object's value for `key`, if set.
    func value(_ object: Int, _ key: String) -> Value? {
        objects[object].values.first { $0.key == key }?.value
    }

    /// An `NSString` with `text` (shared with every equal string).
    mutating func string(_ text: String) -> Value {
        if let i = strings[text] { return .ref(i) }
        let i = add("NSString")
        set(i, "NS.bytes", .bytes(Array(text.utf8)))
        strings[text] = i
        return .ref(i)
    }

    /// An `NSNumber` holding an integer (shared with every equal integer).
    mutating func number(_ v: Int64) -> Value {
        if let i = integers[v] { return .ref(i) }
        // ibtool uniques numbers by NSNumber equality: 11 reuses an earlier 11.0.
        if let d = Double(exactly: v), let i = doubles[d.bitPattern] { return .ref(i) }
        let i = add("NSNumber")
        set(i, "NS.intval", .int(v))
        integers[v] = i
        return .ref(i)
    }

    /// An `NSNumber` holding a boolean (`NS.boolval`, shared with every equal boolean).
    mutating func boolNumber(_ v: Bool) -> Value {
        if let i = booleans[v] { return .ref(i) }
        let i = add("NSNumber")
        set(i, "NS.boolval", .bool(v))
        booleans[v] = i
        return .ref(i)
    }

    /// A new `NSData` holding `bytes`.
    mutating func data(_ bytes: [UInt8]) -> Value {
        let i = add("NSData")
        set(i, "NS.bytes", .bytes(bytes))
        return .ref(i)
    }

    /// An `NSNumber` holding a double (shared with every bit-equal double).
    mutating func number(_ v: Double) -> Value {
        if let i = doubles[v.bitPattern] { return .ref(i) }
        if let n = Int64(exactly: v), let i = integers[n] { return .ref(i) }
        let i = add("NSNumber")
        set(i, "NS.dblval", .double(v))
        doubles[v.bitPattern] = i
        return .ref(i)
    }

    /// A new collection object (`NSArray`, `NSMutableArray`, `NSMutableSet`, …) of `elements`.
    mutating func collection(_ className: String, _ elements: [Value]) -> Value {
        let i = add(className)
        set(i, "NSInlinedValue", .bool(true))
        for e in elements { set(i, "UINibEncoderEmptyKey", e) }
        return .ref(i)
    }

    /// A new dictionary object: keys and values alternate under `UINibEncoderEmptyKey`.
    mutating func dictionary(_ className: String, _ entries: [(Value, Value)]) -> Value {
        let i = add(className)
        set(i, "NSInlinedValue", .bool(true))
        for (k, v) in entries {
            set(i, "UINibEncoderEmptyKey", k)
            set(i, "UINibEncoderEmptyKey", v)
        }
        return .ref(i)
    }

    /// The finished graph: object 0 must be the root `NSObject`.
    func archiveGraph(coderVersion: UInt32 = 10) -> ArchiveGraph {
        var meta = ArchiveGraph.Metadata(source: .built)
        meta.nibFormatVersion = 1
        meta.nibCoderVersion = coderVersion
        var b = ArchiveGraphBuilder(metadata: meta)
        for o in objects {
            let cls = b.internClass(o.className)
            var values: [ArchiveKeyedValue] = []
            values.reserveCapacity(o.values.count)
            for (key, v) in o.values {
                let k = b.internKey(key)
                let value: ArchiveValue
                switch v {
                case .ref(let i): value = .ref(i)
                case .int(let n): value = .int(n, width: 0)
                case .bool(let x): value = .bool(x)
                case .float(let x): value = .float(x)
                case .double(let x): value = .double(x)
                case .null: value = .nil
                case .bytes(let bytes): value = .bytes(b.appendBytes(bytes))
                }
                values.append(ArchiveKeyedValue(key: k, value: value))
            }
            b.appendObject(classIndex: cls, values: values)
        }
        return b.build()
    }
}
