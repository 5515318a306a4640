/// The floor every parser is compared with: touch each input byte once.
@inline(never)
public func byteSum(_ bytes: [UInt8]) -> UInt64 {
    bytes.withUnsafeBufferPointer { buf in
        var s: UInt64 = 0
        for b in buf { s &+= UInt64(b) }
        return s
    }
}
