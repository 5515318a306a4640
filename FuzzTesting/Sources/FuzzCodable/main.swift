// libFuzzer entry points; all logic lives in KeyedArchiveFuzzSupport so unit tests replay the same code.
#if canImport(Glibc)
import Glibc
#endif
import KeyedArchiveFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.codable.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}

// libFuzzer's own byte mutation, which the structure-aware mutator hands a share of its calls to.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

/// FUZZ_BYTE_MUTATION_ONLY=1 turns the structure-aware mutator off (for comparisons). A static, not a
/// global of main.swift: libFuzzer supplies main(), so main.swift's top-level code never runs.
enum Mode {
    static let byteMutationOnly = getenv("FUZZ_BYTE_MUTATION_ONLY") != nil
}

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    guard let data else { return 0 }
    if Mode.byteMutationOnly { return LLVMFuzzerMutate(data, size, maxSize) }
    return StructureMutator.unarchiver.mutate(data, size, maxSize, seed, byteMutate: LLVMFuzzerMutate)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func fuzzCustomCrossOver(_ data1: UnsafePointer<UInt8>?, _ size1: Int, _ data2: UnsafePointer<UInt8>?, _ size2: Int,
                                _ out: UnsafeMutablePointer<UInt8>?, _ maxOutSize: Int, _ seed: CUnsignedInt) -> Int {
    guard !Mode.byteMutationOnly, let data1, let data2, let out else { return 0 }
    return StructureMutator.unarchiver.crossOver(data1, size1, data2, size2, out, maxOutSize, seed)
}
