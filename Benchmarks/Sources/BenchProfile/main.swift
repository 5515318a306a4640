import BenchSupport
import Foundation
import KeyedArchive
import Nib
import NibCompiler

// A plain executable for profilers (callgrind, perf): runs one hot path of ours in a loop, with the
// input prepared first. The benchmark harness's own threads and interposers would otherwise dominate
// a profile.
//
//   .build/release/BenchProfile bplist-scan 100000 20
//   valgrind --tool=callgrind --callgrind-out-file=/tmp/cg.out .build/release/BenchProfile keyed-decode 10000 3
//
// Workloads: bplist-scan, bplist-write, keyed-graph, keyed-decode, keyed-decode-flat (no [Int] field),
// keyed-decode-bytes[-unparked] (the one-call bytes API; -unparked frees the read tables after each decode), keyed-encode, nib-graph, nib-open,
// nib-open-file (the nib at the path in N's place), nib-instantiate (every corpus NIBArchive; N is ignored), write-keyed (N records to the path in REPEAT's place),
// keyed-decode-file / keyed-graph-file (the archive at the path in N's place; for peak RSS),
// keyed-encode-write (our archive of N objects to the path in REPEAT's place), validate-file (ArchiveValidation on the file at the path in N's place), xml-parse,
// codable-{decode,encode}, codable-decode-graph (the graph-based decode alone), codable-contacts-decode[-graph], codable-encode-write (our Codable archive of N records to the path in REPEAT's place),
// codable-decode-phases (a decode's phases against the byte floor and the bare Decodable walk, REPEAT rounds),
// codable-keyedcoding-{decode,encode}, codable-foundation-{decode,encode},
// codable-paired-{encode,decode} (ours and Foundation's Codable coders alternating, REPEAT rounds; prints
// both medians and the median of the rounds' ratios), codable-paired-contacts-{encode,decode} (the same for
// N contact records, ContactModel), codable-floor-encode / codable-floor-decode (the Encodable / Decodable walk alone, nothing read or written),
// xib-wide / xib-columns / storyboard-uikit / storyboard-appkit (compiling a generated source of N
// subviews, columns or scenes: GeneratedSources).

let args = CommandLine.arguments
guard args.count >= 2 else {
    print("usage: BenchProfile WORKLOAD [N] [REPEAT]")
    exit(2)
}
let workload = args[1]
let n = args.count > 2 ? Int(args[2]) ?? 10_000 : 10_000
let repeats = args.count > 3 ? Int(args[3]) ?? 10 : 10
let records = ModelWorkload.records(count: n)

func run(_ body: () throws -> Void) rethrows {
    for _ in 0 ..< repeats { try body() }
}

switch workload {
case "bplist-scan":
    let bytes = KeyedArchiveLayout.archive(records)
    try run { _ = try PropertyList(binary: bytes) }
case "bplist-write":
    let list = try PropertyList(binary: KeyedArchiveLayout.archive(records))
    run { _ = list.binaryData() }
case "keyed-graph":
    let bytes = KeyedArchiveLayout.archive(records)
    try run { _ = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes)) }
case "codable-decode":
    let bytes = try CodableModelWorkload.encode(CodableModelWorkload.values(records))
    try run { _ = try CodableModelWorkload.decode(bytes) }
case "codable-contacts-decode":
    // Our decode of N contact records alone (ContactModel), for profilers.
    let bytes = try ContactWorkload.encode(ContactWorkload.values(count: n))
    try run { _ = try ContactWorkload.decode(bytes) }
case "codable-contacts-decode-graph":
    let bytes = try ContactWorkload.encode(ContactWorkload.values(count: n))
    try run { _ = try ContactWorkload.decode(bytes, direct: false) }
case "codable-decode-graph":
    // The graph-based decode alone (the direct decode switched off), for comparing the two paths.
    let bytes = try CodableModelWorkload.encode(CodableModelWorkload.values(records))
    try run { _ = try CodableModelWorkload.decode(bytes, direct: false) }
case "codable-encode-write":
    // Our Codable archive of N records, written to the path in REPEAT's place.
    let path = args.count > 3 ? args[3] : "/tmp/codable.archive"
    try Data(CodableModelWorkload.encode(CodableModelWorkload.values(records))).write(to: URL(fileURLWithPath: path))
case "codable-decode-phases":
    try DecodePhases.run(records, rounds: repeats)
case "codable-encode":
    let values = CodableModelWorkload.values(records)
    try run { _ = try CodableModelWorkload.encode(values) }
case "codable-paired-encode", "codable-paired-decode":
    // Ours and Foundation's Codable coders on the same values, interleaved: REPEAT rounds of one
    // timed call each, so that a slow spell of a shared machine falls on both sides of a round's ratio.
    try PairedTiming.codable(CodableModelWorkload.values(records), encoding: workload.hasSuffix("encode"), rounds: repeats,
                             encode: CodableModelWorkload.encode, decode: { _ = try CodableModelWorkload.decode($0) },
                             encodeFoundation: CodableModelWorkload.encodeFoundation,
                             decodeFoundation: { _ = try CodableModelWorkload.decodeFoundation($0) })
case "codable-paired-contacts-encode", "codable-paired-contacts-decode":
    // The contact records (ContactModel), as codable-paired-*.
    try PairedTiming.codable(ContactWorkload.values(count: n), encoding: workload.hasSuffix("encode"), rounds: repeats,
                             encode: ContactWorkload.encode, decode: { _ = try ContactWorkload.decode($0) },
                             encodeFoundation: ContactWorkload.encodeFoundation,
                             decodeFoundation: { _ = try ContactWorkload.decodeFoundation($0) })
case "codable-floor-encode":
    let values = CodableModelWorkload.values(records)
    try run { _ = try CodableFloor.visit(values) }
case "codable-floor-decode":
    try run { _ = try CodableFloor.decodeWalk(count: records.count) }
case "codable-keyedcoding-decode":
    let bytes = try CodableModelWorkload.encode(CodableModelWorkload.values(records))
    try run { _ = try CodableModelWorkload.decodeKeyedCoding(bytes) }
case "codable-keyedcoding-encode":
    let objects = CodableModelWorkload.objects(CodableModelWorkload.values(records))
    try run { _ = try CodableModelWorkload.encodeKeyedCoding(objects) }
case "codable-foundation-decode":
    let data = try CodableModelWorkload.encodeFoundation(CodableModelWorkload.values(records))
    try run { _ = try CodableModelWorkload.decodeFoundation(data) }
case "codable-foundation-encode":
    let values = CodableModelWorkload.values(records)
    try run { _ = try CodableModelWorkload.encodeFoundation(values) }
case "keyed-decode", "keyed-decode-flat":
    let bytes = KeyedArchiveLayout.archive(workload == "keyed-decode" ? records : ModelWorkload.flat(records))
    try run { _ = try OursModelWorkload.unarchive(bytes) }
case "keyed-decode-bytes", "keyed-decode-bytes-unparked":
    // The one-call bytes API, whose graph is its own; "-unparked" hands the parked read tables back to
    // malloc after every decode (glibc may keep them in its heap or return them: count page faults).
    let bytes = KeyedArchiveLayout.archive(records)
    KeyedClassRegistry.register(OursModel.self)
    let options = KeyedUnarchiver.Options(requiresSecureCoding: true)
    try run {
        _ = try KeyedUnarchiver.unarchivedObject(of: [OursModel].self, from: bytes, options: options)
        if workload.hasSuffix("-unparked") { ArchiveGraph.releaseReusableTables() }
    }
case "keyed-encode":
    let objects = OursModelWorkload.objects(records)
    try run { _ = try OursModelWorkload.archive(objects) }
case "keyed-encode-write":
    // Our archive of N model objects, written to the path in REPEAT's place (its size is the encode's output).
    let path = args.count > 3 ? args[3] : "/tmp/ours.archive"
    try Data(OursModelWorkload.archive(OursModelWorkload.objects(records))).write(to: URL(fileURLWithPath: path))
case "xml-parse":
    let xml = try GenericPlistWorkload.propertyList(records, format: .xml).xmlData()
    try run { _ = try PropertyList(xml: xml) }
case "nib-graph":
    let files = BenchCorpus.files(in: "nib", magic: "NIBArchive").map(\.bytes)
    try run { for f in files { _ = try ArchiveGraph(nibArchive: f) } }
case "write-keyed":
    // Writes the model archive of N records (Foundation's layout) to the path given as REPEAT's place.
    let path = args.count > 3 ? args[3] : "/tmp/model.archive"
    try Data(KeyedArchiveLayout.archive(records)).write(to: URL(fileURLWithPath: path))
case "keyed-decode-file", "keyed-graph-file":
    // Decodes (or maps to a graph) the model archive at the path in N's place, REPEAT times: the
    // process holds nothing else, so its peak RSS is what the decode needs beside the input.
    let path = args.count > 2 ? args[2] : "/tmp/model.archive"
    let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
    if workload == "keyed-graph-file" {
        let limits = DecodingLimits(maxObjectCount: 64_000_000)
        try run { _ = try ArchiveGraph(keyedArchive: PropertyList(binary: bytes, limits: limits), limits: limits) }
    } else {
        try run { _ = try OursModelWorkload.unarchive(bytes) }
    }
case "nib-open":
    let files = BenchCorpus.files(in: "nib", magic: "NIBArchive").map(\.bytes)
    try run { for f in files { _ = try Nib(data: f) } }
case "nib-open-file":
    // One nib (the path in N's place) opened REPEAT times.
    let path = args.count > 2 ? args[2] : ""
    let bytes = try FileBytes.read(path: path)
    try run { _ = try Nib(data: bytes) }
case "validate-file":
    // ArchiveValidation.validate (what `keyed-archive validate` runs per file) on the file at the path
    // in N's place, REPEAT times: the CLI's instructions beyond these are its own.
    let path = args.count > 2 ? args[2] : ""
    let bytes = try FileBytes.read(path: path)
    try run { try ArchiveValidation.validate(bytes) }
case "nib-instantiate":
    // Nibs that need external objects (storyboard placeholders) are left out.
    let nibs = BenchCorpus.files(in: "nib", magic: "NIBArchive").compactMap { f -> Nib? in
        guard let nib = try? Nib(data: f.bytes), (try? nib.instantiate(owner: nil)) != nil else { return nil }
        return nib
    }
    try run { for n in nibs { _ = try n.instantiate(owner: nil) } }
case "xib-wide", "xib-columns", "storyboard-uikit", "storyboard-appkit":
    let source = workload == "xib-wide" ? GeneratedSources.wideView(n) : workload == "xib-columns" ? GeneratedSources.tableColumns(n)
        : workload == "storyboard-uikit" ? GeneratedSources.uikitScenes(n) : GeneratedSources.appKitScenes(n)
    let doc = try XIBDocument(xml: source)
    try run { _ = try NibCompiler().compile(doc) }
default:
    print("unknown workload \(workload)")
    exit(2)
}
