/// A table index or count stored in 32 bits. One that does not fit (negative, or above `UInt32.max`)
/// is stored as `UInt32.max`, which lies outside every graph table (see ``ArchiveGraph/maxTableCount``),
/// so it stays out of range for every check that reads it instead of wrapping into range.
@usableFromInline struct StoredIndex: Sendable, Hashable {
    @usableFromInline var raw: UInt32
    @inlinable init(_ value: Int) { raw = UInt32(exactly: value) ?? .max }
    @inlinable var value: Int { Int(raw) }
}
