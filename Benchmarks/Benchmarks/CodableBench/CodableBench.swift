import Benchmark
import BenchHarness
import BenchSupport
import Foundation
import KeyedArchive

// The Codable bridge (issue #15): the model records as Codable structs through KeyedArchiveEncoder and
// KeyedArchiveDecoder, against Foundation's PropertyListEncoder/PropertyListDecoder on the same values
// (side "Foundation") and against our KeyedCoding path on the same values and keys (group
// "codable-keyedcoding-…", side "ours"). Every setup checks that the coders agree on the values. The
// floors are the Encodable and Decodable protocols' own walks of the values, writing and reading nothing.
// The contact records (``ContactModel``) add the shapes app models have beside scalars: UUIDs, URLs,
// optionals, string enums, nested structs, dictionaries and sets.

let sizes: [(n: Int, label: String)] = [(1_000, "1k"), (10_000, "10k"), (100_000, "100k")]

let benchmarks: @Sendable () -> Void = {
    for (n, label) in [(1_000, "1k"), (10_000, "10k")] {
        let values = { ContactWorkload.values(count: n) }
        register("codable-encode", "contacts-\(label)", .ours, setup: { () throws -> [ContactModel] in
            let v = values()
            guard try ContactWorkload.decode(ContactWorkload.encode(v)) == v else { throw WorkloadMismatch(what: "contacts round trip", index: -1) }
            return v
        }) { v in
            let bytes = try ContactWorkload.encode(v)
            blackHole(bytes)
            return (bytes.count, v.count)
        }
        register("codable-encode", "contacts-\(label)", .foundation, setup: values) { v in
            let data = try ContactWorkload.encodeFoundation(v)
            blackHole(data)
            return (data.count, v.count)
        }
        register("codable-decode", "contacts-\(label)", .ours, setup: { try ContactWorkload.encode(values()) }) { bytes in
            let v = try ContactWorkload.decode(bytes)
            blackHole(v)
            return (bytes.count, v.count)
        }
        register("codable-decode", "contacts-\(label)", .foundation, setup: { () throws -> Data in
            let v = values()
            let data = try ContactWorkload.encodeFoundation(v)
            guard try ContactWorkload.decodeFoundation(data) == v else { throw WorkloadMismatch(what: "contacts plist round trip", index: -1) }
            return data
        }) { data in
            let v = try ContactWorkload.decodeFoundation(data)
            blackHole(v)
            return (data.count, v.count)
        }
    }
    for (n, label) in sizes {
        // At 100k, five calls a side after one untimed call, on both sides: Foundation's call takes
        // 1.5–1.9 s, so the default one-second budget stopped it after one (cold, for the encode)
        // call while ours made five, and the two p90s were of different things.
        let long = n >= 100_000
        let iterations = long ? 5 : 100
        let warmup = 1
        let duration: Duration = long ? .seconds(30) : .seconds(1)
        let values = { CodableModelWorkload.values(ModelWorkload.records(count: n)) }

        register("codable-encode", "model-\(label)", .ours, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: { () throws -> [CodableModel] in
                     let v = values()
                     guard try CodableModelWorkload.decode(CodableModelWorkload.encode(v)) == v else { throw WorkloadMismatch(what: "codable round trip", index: -1) }
                     return v
                 }) { v in
            let bytes = try CodableModelWorkload.encode(v)
            blackHole(bytes)
            return (bytes.count, v.count)
        }
        register("codable-encode", "model-\(label)", .foundation, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: values) { v in
            let data = try CodableModelWorkload.encodeFoundation(v)
            blackHole(data)
            return (data.count, v.count)
        }
        // The floor: the `Encodable` walk of the same values with nothing written (``CodableFloor``); the
        // byte count is our archive's, so its MB/s reads against ours.
        register("codable-encode", "model-\(label)", .floor, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: { () throws -> ([CodableModel], Int) in
                     let v = values()
                     return (v, try CodableModelWorkload.encode(v).count)
                 }) { input in
            blackHole(try CodableFloor.visit(input.0))
            return (input.1, input.0.count)
        }
        register("codable-keyedcoding-encode", "model-\(label)", .ours, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: { CodableModelWorkload.objects(values()) }) { objects in
            let bytes = try CodableModelWorkload.encodeKeyedCoding(objects)
            blackHole(bytes)
            return (bytes.count, objects.count)
        }

        register("codable-decode", "model-\(label)", .ours, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: { () throws -> [UInt8] in
                     let v = values()
                     let bytes = try CodableModelWorkload.encode(v)
                     // Our KeyedCoding class reads the Codable archive into the same values.
                     guard CodableModelWorkload.fields(try CodableModelWorkload.decodeKeyedCoding(bytes)) == v.map(Optional.some) else {
                         throw WorkloadMismatch(what: "KeyedCoding read of the Codable archive", index: -1)
                     }
                     return bytes
                 }) { bytes in
            let v = try CodableModelWorkload.decode(bytes)
            blackHole(v)
            return (bytes.count, v.count)
        }
        register("codable-decode", "model-\(label)", .foundation, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: { () throws -> Data in
                     let v = values()
                     let data = try CodableModelWorkload.encodeFoundation(v)
                     guard try CodableModelWorkload.decodeFoundation(data) == v else { throw WorkloadMismatch(what: "plist round trip", index: -1) }
                     return data
                 }) { data in
            let v = try CodableModelWorkload.decodeFoundation(data)
            blackHole(v)
            return (data.count, v.count)
        }
        // The decode floor: the `Decodable` walk of as many records from a decoder that reads nothing
        // (``CodableFloor/decodeWalk(count:)``); the byte count is our archive's.
        register("codable-decode", "model-\(label)", .floor, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: { try CodableModelWorkload.encode(values()).count }) { bytes in
            let v = try CodableFloor.decodeWalk(count: n)
            blackHole(v)
            return (bytes, v.count)
        }
        register("codable-keyedcoding-decode", "model-\(label)", .ours, maxDuration: duration, maxIterations: iterations, warmup: warmup,
                 setup: { try CodableModelWorkload.encode(values()) }) { bytes in
            let objects = try CodableModelWorkload.decodeKeyedCoding(bytes)
            blackHole(objects)
            return (bytes.count, objects.count)
        }
    }
}
