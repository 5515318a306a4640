// libFuzzer entry points; all logic lives in KeyedArchiveFuzzSupport so unit tests replay the same code.
#if canImport(Glibc)
import Glibc
#endif
import KeyedArchiveFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.unarchiver.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}

// libFuzzer's own byte mutation, which the structure-aware mutator hands a share of its calls to.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

// FUZZ_BYTE_MUTATION_ONLY=1 turns the structure-aware part off (StructureMutator.byteMutationOnly).
@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzCustomMutator(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    StructureMutator.unarchiver.customMutator(data, size, maxSize, seed, byteMutate: LLVMFuzzerMutate)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func fuzzCustomCrossOver(_ data1: UnsafePointer<UInt8>?, _ size1: Int, _ data2: UnsafePointer<UInt8>?, _ size2: Int,
                                _ out: UnsafeMutablePointer<UInt8>?, _ maxOutSize: Int, _ seed: CUnsignedInt) -> Int {
    StructureMutator.unarchiver.customCrossOver(data1, size1, data2, size2, out, maxOutSize, seed)
}

@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    if getenv("FUZZ_REPORT_DECODES") != nil { atexit { print(DecodeReach.summary) } }
    return 0
}
