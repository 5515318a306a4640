extension PropertyList {
    /// Whether some container is a member of containers more than once (of two containers, or twice of
    /// one). A reader that expands members in place, as the keyed-archive graph expands inline collections,
    /// then makes more of them than the list holds refs. The binary reader notes it while copying the refs;
    /// any other list is measured here, in one pass over the containers.
    func sharesContainers() -> Bool {
        if let measuredSharesContainers { return measuredSharesContainers }
        var held = [Bool](repeating: false, count: nodes.count)
        for n in nodes where n.kind.isContainer {
            let first = Int(truncatingIfNeeded: n.payload)
            let total = n.kind == .dict ? 2 * Int(n.count) : Int(n.count)
            for j in first ..< first + total where nodes[Int(refs[j])].kind.isContainer {
                if held[Int(refs[j])] { return true }
                held[Int(refs[j])] = true
            }
        }
        return false
    }

    /// Whether node `i` is a string of ASCII characters only.
    func isASCIIString(_ i: Int) -> Bool {
        guard let (encoding, range) = stringBytes(i), encoding != .utf16BigEndian else { return false }
        return encoding == .ascii || !storage[range].contains { $0 >= 0x80 }
    }
}
