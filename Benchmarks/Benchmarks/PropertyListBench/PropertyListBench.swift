import Benchmark
import BenchHarness
import BenchSupport
import Foundation
import KeyedArchive

// Workloads (3) and (4): plain property lists, ours vs PropertyListSerialization, with a byte-sum floor.
// Inputs: the keyed archive of the model workload and a generic dict/array plist of the same records,
// at 10k and 100k records. Every input is generated at setup, deterministically.

/// One input plist in both representations.
struct PlistInput {
    let bytes: [UInt8]
    let data: Data
    let objects: Int
}

enum PlistInputs {
    /// The model archive in NSKeyedArchiver's layout. Foundation's own archiver is O(N²) on this model
    /// on Linux (see ModelWorkload.flat), so the bytes come from KeyedArchiveLayout; Foundation's
    /// parse at setup proves they are a valid plist.
    static func keyedArchive(_ n: Int) throws -> PlistInput {
        try input(Data(KeyedArchiveLayout.archive(ModelWorkload.records(count: n))))
    }

    static func generic(_ n: Int, format: PropertyListSerialization.PropertyListFormat) throws -> PlistInput {
        let object = GenericPlistWorkload.foundationObject(ModelWorkload.records(count: n))
        return try input(PropertyListSerialization.data(fromPropertyList: object, format: format, options: 0))
    }

    private static func input(_ data: Data) throws -> PlistInput {
        var format = PropertyListSerialization.PropertyListFormat.binary
        _ = try PropertyListSerialization.propertyList(from: data, options: [], format: &format)
        return PlistInput(bytes: [UInt8](data), data: data, objects: countObjects(data))
    }

    /// bplist object count from the trailer; for XML, the number of element start tags (an estimate).
    private static func countObjects(_ data: Data) -> Int {
        let b = [UInt8](data)
        if b.starts(with: Array("bplist00".utf8)), b.count >= 32 {
            return b[(b.count - 24) ..< (b.count - 16)].reduce(0) { $0 << 8 | Int($1) }
        }
        return b.indices.dropLast().filter { b[$0] == UInt8(ascii: "<") && b[$0 + 1] != UInt8(ascii: "/") }.count
    }
}

let benchmarks: @Sendable () -> Void = {
    let sizes = [(10_000, "10k"), (100_000, "100k")]

    for (n, label) in sizes {
        let inputs: [(String, () throws -> PlistInput)] = [
            ("keyed-\(label)", { try PlistInputs.keyedArchive(n) }),
            ("generic-\(label)", { try PlistInputs.generic(n, format: .binary) }),
        ]
        for (variant, make) in inputs {
            // Parse: Foundation materialises everything; ours builds the index (materialisation is its own group).
            register("bplist-parse", variant, .foundation, setup: make) { input in
                let v = try PropertyListSerialization.propertyList(from: input.data, options: [], format: nil)
                blackHole(v)
                return (input.bytes.count, input.objects)
            }
            register("bplist-parse", variant, .ours, setup: make) { input in
                let list = try PropertyList(binary: input.bytes)
                blackHole(list)
                return (input.bytes.count, input.objects)
            }
            register("bplist-parse", variant, .floor, setup: make) { input in
                blackHole(byteSum(input.bytes))
                return (input.bytes.count, input.objects)
            }
            // Full materialisation (index + every value as a PlistValue tree) vs Foundation's parse.
            register("bplist-materialize", variant, .ours, setup: make) { input in
                let value = try PropertyList(binary: input.bytes).value()
                blackHole(value)
                return (input.bytes.count, input.objects)
            }
            register("bplist-materialize", variant, .foundation, setup: make) { input in
                let v = try PropertyListSerialization.propertyList(from: input.data, options: [], format: nil)
                blackHole(v)
                return (input.bytes.count, input.objects)
            }
            // Write: each side from its own already-parsed form of the same plist.
            register("bplist-write", variant, .ours, setup: { () throws -> (PropertyList, Int, Int) in
                let input = try make()
                return (try PropertyList(binary: input.bytes), input.bytes.count, input.objects)
            }) { state in
                let out = state.0.binaryData()
                blackHole(out)
                return (state.1, state.2)
            }
            register("bplist-write", variant, .foundation, setup: { () throws -> (Any, Int, Int) in
                let input = try make()
                return (try PropertyListSerialization.propertyList(from: input.data, options: [], format: nil),
                        input.bytes.count, input.objects)
            }) { state in
                let out = try PropertyListSerialization.data(fromPropertyList: state.0, format: .binary, options: 0)
                blackHole(out)
                return (state.1, state.2)
            }
        }

        let makeXML = { try PlistInputs.generic(n, format: .xml) }
        register("xml-parse", "generic-\(label)", .foundation, setup: makeXML) { input in
            let v = try PropertyListSerialization.propertyList(from: input.data, options: [], format: nil)
            blackHole(v)
            return (input.bytes.count, input.objects)
        }
        register("xml-parse", "generic-\(label)", .ours, setup: makeXML) { input in
            let list = try PropertyList(xml: input.bytes)
            blackHole(list)
            return (input.bytes.count, input.objects)
        }
        register("xml-parse", "generic-\(label)", .floor, setup: makeXML) { input in
            blackHole(byteSum(input.bytes))
            return (input.bytes.count, input.objects)
        }
        register("xml-write", "generic-\(label)", .ours, setup: { () throws -> (PropertyList, Int, Int) in
            let input = try makeXML()
            return (try PropertyList(xml: input.bytes), input.bytes.count, input.objects)
        }) { state in
            let out = try state.0.xmlData()
            blackHole(out)
            return (state.1, state.2)
        }
        register("xml-write", "generic-\(label)", .foundation, setup: { () throws -> (Any, Int, Int) in
            let input = try makeXML()
            return (try PropertyListSerialization.propertyList(from: input.data, options: [], format: nil),
                    input.bytes.count, input.objects)
        }) { state in
            let out = try PropertyListSerialization.data(fromPropertyList: state.0, format: .xml, options: 0)
            blackHole(out)
            return (state.1, state.2)
        }
    }
}
