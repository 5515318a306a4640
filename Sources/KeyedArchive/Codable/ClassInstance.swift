/// The object `value` references, for a `T` that ``CodableTypeTraits/isClass`` says is a class: its values
/// are single strong references, read as one without `as AnyObject`'s dynamic cast (which looked for a
/// bridging conformance at every instance: a third of a small class's encode).
@inline(__always)
func classInstance<T>(_ value: T) -> AnyObject {
    guard MemoryLayout<T>.size == MemoryLayout<AnyObject>.size, T.self is AnyClass else { return value as AnyObject }
    return unsafeBitCast(value, to: AnyObject.self)
}
