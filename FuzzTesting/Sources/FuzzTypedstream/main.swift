// libFuzzer entry point; all logic lives in KeyedArchiveFuzzSupport so unit tests replay the same code.
import KeyedArchiveFuzzSupport

@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzTestOneInput(_ start: UnsafeRawPointer?, _ count: Int) -> CInt {
    FuzzTarget.typedstream.run(UnsafeRawBufferPointer(start: start, count: count))
    return 0
}
