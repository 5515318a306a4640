extension ArchiveError.Code {
    /// A decoded object is not of the requested class (non-secure decoding returns nil and records this).
    public static let unexpectedClass = Self("unexpectedClass", cocoaCode: 4864)
}

extension KeyedUnarchiver {
    /// An error located at the current scope, with the key path from the archive top, e.g.
    /// `["$top.root", "NS.objects[3]", "friend"]`.
    func located(_ code: ArchiveError.Code, _ reason: String, key: String?) -> ArchiveError {
        var path = keyPath(to: scope.object)
        if let key { path.append(key) }
        return ArchiveError(code, reason, objectIndex: scope.object >= 0 ? scope.object : nil, keyPath: path)
    }

    /// The path by which object `index` was first reached (walks ``origin``; bounded by the table size).
    func keyPath(to index: Int) -> [String] {
        var parts: [String] = []
        var i = index
        var steps = 0
        while i >= 0, i < origin.count, steps <= origin.count {
            let o = origin[i]
            if o.parent == -2 { parts.append("#\(i)"); break }
            var part = o.key >= 0 && Int(o.key) < graph.keys.count ? graph.keys[Int(o.key)] : "?"
            if o.parent == -1 { part = "$top." + part }
            if o.element >= 0 { part += "[\(o.element)]" }
            parts.append(part)
            i = Int(o.parent)
            steps += 1
        }
        return parts.reversed()
    }

    /// Applies the failure policy: throws under `.raiseException`; otherwise records the first error,
    /// poisons later decodes and returns `fallback`.
    @usableFromInline
    func fail<T>(_ e: ArchiveError, _ fallback: T) throws(ArchiveError) -> T {
        try failSoftly(e)
        return fallback
    }

    /// ``fail(_:_:)`` without a fallback value (no generic metadata on hot generic paths): throws under
    /// `.raiseException`, otherwise records the first error and poisons later decodes.
    func failSoftly(_ e: ArchiveError) throws(ArchiveError) {
        if policy == .raiseException { throw e }
        if error == nil { error = e }
        poisoned = true
    }

    func warn(_ message: String) { warnings.append(message) }
}
