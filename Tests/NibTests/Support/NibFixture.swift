import KeyedArchive
@testable import Nib

/// Builds small UIKit or AppKit nib graphs in the NIBArchive shape (`NSString` + `NS.bytes`,
/// `NSInlinedValue` + `UINibEncoderEmptyKey` collections), one rule per test.
struct NibFixture {
    enum V {
        case ref(Int)
        case int(Int64)
        case bool(Bool)
        case double(Double)
        case bytes([UInt8])
        case null
    }
    /// Object 0 is the root; its fields are filled by `graph(…)`.
    var objects: [(cls: String, fields: [(String, V)])] = [("NSObject", [])]

    @discardableResult
    mutating func add(_ cls: String, _ fields: [(String, V)] = []) -> Int {
        objects.append((cls, fields))
        return objects.count - 1
    }

    /// Reserves an index to fill later with `set` (for forward references).
    mutating func reserve() -> Int { add("NSObject") }

    mutating func set(_ i: Int, _ cls: String, _ fields: [(String, V)] = []) { objects[i] = (cls, fields) }

    mutating func string(_ s: String) -> Int { add("NSString", [("NS.bytes", .bytes(Array(s.utf8)))]) }

    mutating func array(_ refs: [Int], cls: String = "NSArray") -> Int {
        add(cls, [("NSInlinedValue", .bool(true))] + refs.map { ("UINibEncoderEmptyKey", .ref($0)) })
    }

    mutating func dictionary(_ pairs: [(String, Int)]) -> Int {
        var fields: [(String, V)] = [("NSInlinedValue", .bool(true))]
        for (k, v) in pairs {
            fields.append(("UINibEncoderEmptyKey", .ref(string(k))))
            fields.append(("UINibEncoderEmptyKey", .ref(v)))
        }
        return add("NSDictionary", fields)
    }

    mutating func proxy(_ id: String) -> Int { add("UIProxyObject", [("UIProxiedObjectIdentifier", .ref(string(id)))]) }

    mutating func outlet(_ label: String, _ source: Int, _ destination: Int) -> Int {
        add("UIRuntimeOutletConnection", [("UILabel", .ref(string(label))), ("UISource", .ref(source)), ("UIDestination", .ref(destination))])
    }

    mutating func event(_ label: String, _ source: Int, _ destination: Int, mask: Int64?) -> Int {
        var f: [(String, V)] = [("UILabel", .ref(string(label))), ("UISource", .ref(source)), ("UIDestination", .ref(destination))]
        if let mask { f.append(("UIEventMask", .int(mask))) }
        return add("UIRuntimeEventConnection", f)
    }

    mutating func outletCollection(_ label: String, _ source: Int, _ destinations: [Int], appends: Bool) -> Int {
        add("UIRuntimeOutletCollectionConnection", [
            ("UILabel", .ref(string(label))), ("UISource", .ref(source)), ("UIDestination", .ref(array(destinations))),
            ("runtimeCollectionClassName", .ref(string("NSArray"))), ("addsContentToExistingCollection", .bool(appends)),
        ])
    }

    mutating func keyValuePair(_ object: Int, _ keyPath: String, _ value: V) -> Int {
        add("UINibKeyValuePair", [("UIObject", .ref(object)), ("UIKeyPath", .ref(string(keyPath))), ("UIValue", value)])
    }

    mutating func swapper(custom: String, original: String, _ fields: [(String, V)] = []) -> Int {
        add("UIClassSwapper", [("UIClassName", .ref(string(custom))), ("UIOriginalClassName", .ref(string(original)))] + fields)
    }

    /// A UIKit nib graph with the given root lists.
    mutating func uikitGraph(topLevel: [Int], objects all: [Int], connections: [Int], keyValuePairs: [Int] = [],
                             visibleWindows: [Int] = []) -> ArchiveGraph {
        let empty = array([])
        objects[0].fields = [
            ("UINibTopLevelObjectsKey", .ref(array(topLevel))),
            ("UINibObjectsKey", .ref(array(all))),
            ("UINibConnectionsKey", .ref(array(connections))),
            ("UINibVisibleWindowsKey", .ref(visibleWindows.isEmpty ? empty : array(visibleWindows))),
            ("UINibAccessibilityConfigurationsKey", .ref(empty)),
            ("UINibKeyValuePairsKey", .ref(keyValuePairs.isEmpty ? empty : array(keyValuePairs))),
        ]
        return build()
    }

    /// An AppKit nib graph: `NSIBObjectData` with the given owner, object → parent list and connections.
    mutating func appKitGraph(root: Int, parents: [(Int, Int)], connections: [Int]) -> ArchiveGraph {
        let keys = array(parents.map(\.0)), values = array(parents.map(\.1))
        let data = add("NSIBObjectData", [
            ("NSRoot", .ref(root)), ("NSVisibleWindows", .ref(array([], cls: "NSMutableSet"))),
            ("NSConnections", .ref(array(connections, cls: "NSMutableArray"))),
            ("NSObjectsKeys", .ref(keys)), ("NSObjectsValues", .ref(values)),
        ])
        objects[0].fields = [("IB.objectdata", .ref(data)), ("IB.systemFontUpdateVersion", .int(1))]
        return build()
    }

    func build() -> ArchiveGraph {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        for (cls, fields) in objects {
            let c = b.internClass(cls)
            var vals: [ArchiveKeyedValue] = []
            for (k, v) in fields {
                let key = b.internKey(k)
                let value: ArchiveValue = switch v {
                case let .ref(i): .ref(i)
                case let .int(i): .int(i, width: 8)
                case let .bool(x): .bool(x)
                case let .double(d): .double(d)
                case let .bytes(bytes): .bytes(b.appendBytes(bytes))
                case .null: .nil
                }
                vals.append(ArchiveKeyedValue(key: key, value: value))
            }
            b.appendObject(classIndex: c, values: vals)
        }
        b.top = b.values.isEmpty ? [] : Array(b.values[b.objects[0].valueRange])
        return b.build()
    }
}
