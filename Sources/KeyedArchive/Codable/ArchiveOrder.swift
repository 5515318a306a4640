/// `xs` sorted when its elements are `Comparable` (deterministic output), else as given: the order in
/// which both encode paths write a set's members and a dictionary's keys.
///
/// Invariant: the members of a set and the keys of a dictionary are distinct under `==`, so the order
/// is the same whatever sort makes it.
func archiveOrder<E>(_ xs: [E]) -> [E] {
    guard xs.count > 1 else { return xs }
    // The commonest keys and members, sorted as themselves: the generic path below casts each element
    // at run time, which cost more than the rest of a small dictionary's encode.
    if E.self == String.self { return unsafeBitCast(unsafeBitCast(xs, to: [String].self).sorted(), to: [E].self) }
    if E.self == Int.self { return unsafeBitCast(unsafeBitCast(xs, to: [Int].self).sorted(), to: [E].self) }
    guard let first = xs.first, let c = first as? any Comparable else { return xs }
    func sorted<C: Comparable>(_ witness: C) -> [E]? {
        var typed: [(C, E)] = []
        typed.reserveCapacity(xs.count)
        for x in xs {
            guard let y = x as? C else { return nil }
            typed.append((y, x))
        }
        typed.sort { $0.0 < $1.0 }
        // A closure, not the key path `\.1`: a key path into a generic tuple is instantiated at every call.
        return typed.map { $0.1 }
    }
    return sorted(c) ?? xs
}
