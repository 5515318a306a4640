/// The streamed encode's single-value container is the encoder itself (as on the graph-based path).
extension ArchiveStreamEncoder: SingleValueEncodingContainer {
    /// Sets the current value's result, unless it has a container already (a fallback).
    @inline(__always)
    private func single(_ v: StreamedValue) throws {
        guard current.frame == 0 else { throw fallBack() }
        current.result = v
    }

    func encodeNil() throws { try single(.null) }
    func encode(_ value: Bool) throws { try single(.scalar(.bool(value))) }
    func encode(_ value: String) throws { try single(stringEntry(value)) }
    func encode(_ value: Double) throws { try single(.scalar(.double(value))) }
    func encode(_ value: Float) throws { try single(.scalar(.float(value))) }
    func encode(_ value: Int) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int8) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int16) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int32) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: Int64) throws { try single(.scalar(BinaryPlistObjectTable.integer(value))) }
    func encode(_ value: UInt) throws { try single(.scalar(.unsigned(UInt64(value)))) }
    func encode(_ value: UInt8) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: UInt16) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: UInt32) throws { try single(.scalar(BinaryPlistObjectTable.integer(Int64(value)))) }
    func encode(_ value: UInt64) throws { try single(.scalar(.unsigned(value))) }
    func encode<T: Encodable>(_ value: T) throws {
        guard current.frame == 0 else { throw fallBack() }
        current.result = try encodeValue(value)
    }
}
