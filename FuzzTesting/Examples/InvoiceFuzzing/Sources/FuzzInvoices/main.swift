// libFuzzer entry points: every input is decoded as Invoice and LineItem, under secure coding.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzOne(_ data: UnsafePointer<UInt8>?, _ size: Int) -> CInt {
    fuzzer.run(UnsafeRawBufferPointer(start: data, count: size))
    return 0
}

// FUZZ_WRITE_SEEDS=<dir>: write the seed corpus (archives of Invoice.sample() and an empty Invoice) and exit.
@_cdecl("LLVMFuzzerInitialize")
public func fuzzInitialize(_ argc: UnsafeMutablePointer<CInt>?, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>?) -> CInt {
    fuzzer.writeSeedsIfRequested()
    return 0
}

// Structure-aware mutation: each input is read as an archive, changed as an archive (a value's type or
// width, a boundary integer, a reference retargeted, a class swapped, …) and written back; a share of the
// calls, and anything that does not read, goes to libFuzzer's own byte mutation.
@_silgen_name("LLVMFuzzerMutate")
func LLVMFuzzerMutate(_ data: UnsafeMutablePointer<UInt8>, _ size: Int, _ maxSize: Int) -> Int

@_cdecl("LLVMFuzzerCustomMutator")
public func fuzzMutate(_ data: UnsafeMutablePointer<UInt8>?, _ size: Int, _ maxSize: Int, _ seed: CUnsignedInt) -> Int {
    guard let data else { return 0 }
    return fuzzer.mutator.mutate(data, size, maxSize, seed, byteMutate: LLVMFuzzerMutate)
}

@_cdecl("LLVMFuzzerCustomCrossOver")
public func fuzzCrossOver(_ data1: UnsafePointer<UInt8>?, _ size1: Int, _ data2: UnsafePointer<UInt8>?, _ size2: Int,
                          _ out: UnsafeMutablePointer<UInt8>?, _ maxOutSize: Int, _ seed: CUnsignedInt) -> Int {
    guard let data1, let data2, let out else { return 0 }
    return fuzzer.mutator.crossOver(data1, size1, data2, size2, out, maxOutSize, seed)
}
