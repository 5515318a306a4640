/// Validated UTF-8 → `String` without the standard library's generic validator.
///
/// `String(validating:as:)` walks the bytes through the `Unicode.Encoding` protocol (about 1,000
/// instructions for a short nib string, most of a string field's cost); these helpers check ASCII a word
/// at a time and otherwise decode with repair and compare, which is as strict: a repair rewrites the
/// first invalid byte to U+FFFD, so the result equals the input exactly when the input is valid.
enum UTF8Text {
    /// The text of `bytes`, or nil when they are not valid UTF-8.
    static func string(_ bytes: UnsafeBufferPointer<UInt8>) -> String? {
        // Already checked: the string needs no second validation, at any length.
        if isASCII(bytes) { return copied(bytes) }
        let s = String(decoding: bytes, as: UTF8.self)
        return s.utf8.elementsEqual(bytes) ? s : nil
    }

    /// `String(decoding: bytes, as: UTF8.self)`, the same string for every input (invalid bytes
    /// repaired). Up to 15 bytes it is built in place: the standard library then checks for ASCII
    /// instead of validating (about 180 instructions less for a short key, class name or title).
    @inline(__always)
    static func decoding(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        bytes.count <= 15 ? copied(bytes) : String(decoding: bytes, as: UTF8.self)
    }

    /// `bytes` copied into a new string, which repairs invalid UTF-8 as `String(decoding:as:)` does.
    @inline(__always)
    private static func copied(_ bytes: UnsafeBufferPointer<UInt8>) -> String {
        guard let base = bytes.baseAddress else { return "" }
        return String(unsafeUninitializedCapacity: bytes.count) { out in
            guard let target = out.baseAddress else { return 0 }
            target.initialize(from: base, count: bytes.count)
            return bytes.count
        }
    }

    /// The text of `bytes`, or nil when they are not valid UTF-8.
    static func string(_ bytes: ArraySlice<UInt8>) -> String? {
        bytes.withUnsafeBufferPointer { string($0) }
    }

    /// Whether every byte is below 0x80, eight at a time; never reads outside `bytes`.
    @inline(__always)
    static func isASCII(_ bytes: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let base = bytes.baseAddress else { return true }
        let raw = UnsafeRawPointer(base)
        let n = bytes.count
        let high: UInt64 = 0x8080_8080_8080_8080
        var bits: UInt64 = 0
        var i = 0
        while i &+ 8 <= n {
            bits |= raw.loadUnaligned(fromByteOffset: i, as: UInt64.self)
            i &+= 8
        }
        var tail: UInt8 = 0
        while i < n {
            tail |= bytes[i]
            i &+= 1
        }
        return bits & high == 0 && tail < 0x80
    }
}
