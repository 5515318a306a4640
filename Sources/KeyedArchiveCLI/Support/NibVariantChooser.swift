/// Which file of a nib directory a loader reads (nib-object-model.md §3): the highest
/// `objects-<version>+.nib`, then `objects.nib`, then `runtime.nib` (iOS); the highest
/// `keyedobjects-<suffix>.nib`, then `keyedobjects.nib` (macOS).
enum NibVariantChooser {
    /// The chosen file name among `names` (the directory's own files, no subdirectories), or nil.
    static func primaryFile(_ names: [String]) -> String? {
        var best: (version: [Int], name: String)?
        for n in names {
            guard let v = version(n) else { continue }
            if let b = best, !b.version.lexicographicallyPrecedes(v) { continue }
            best = (v, n)
        }
        if let best { return best.name }
        for fallback in ["objects.nib", "runtime.nib", "keyedobjects.nib"] where names.contains(fallback) { return fallback }
        return nil
    }

    /// `objects-13.0+.nib` → [13, 0]; `keyedobjects-101300.nib` → [101300]; nil otherwise.
    static func version(_ name: String) -> [Int]? {
        let core: Substring
        if name.hasPrefix("objects-"), name.hasSuffix("+.nib") {
            core = name.dropFirst("objects-".count).dropLast("+.nib".count)
        } else if name.hasPrefix("keyedobjects-"), name.hasSuffix(".nib") {
            core = name.dropFirst("keyedobjects-".count).dropLast(".nib".count)
        } else {
            return nil
        }
        if core.isEmpty { return nil }
        var parts: [Int] = []
        for p in core.split(separator: ".", omittingEmptySubsequences: false) {
            guard let n = Int(p), n >= 0 else { return nil }
            parts.append(n)
        }
        return parts
    }
}
