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
