// Class lookup on decode (keyed-archive-format.md §6.2), first hit wins:
// instance map → global map → registry (this unarchiver's, then the process's) → each `$classhints`
// name through the same steps → the delegate → error 4864. Class swappers resolve their inner names
// through the same steps. The found class's `classForKeyedUnarchiver` has the last word.

extension KeyedUnarchiver {
    /// The class to instantiate for object `n`.
    func resolveClass(ofObject n: Int) throws(ArchiveError) -> any KeyedCoding.Type {
        let o = graph.objects[n]
        switch o.kind {
        case .plain:
            throw located(.typeMismatch, "object #\(n) is a plain \(o.plainValue.kindName), not an object with a class", key: nil)
        case .classDescription:
            throw located(.corruptArchive, "object #\(n) is a class description, not an object", key: nil)
        case .object:
            break
        }
        guard o.classIndex >= 0, o.classIndex < graph.classes.count else {
            if graph.value(ofObject: n, forKey: "$class") != nil {
                throw located(.corruptArchive, "object #\(n) has a $class that is not a class dictionary with a $classname", key: "$class")
            }
            throw located(.corruptArchive, "object #\(n) has no $class", key: nil)
        }
        if let cached = resolved[o.classIndex] { return cached.type }
        let cls = graph.classes[o.classIndex]
        if let t = lookUp(cls.name) {
            resolved[o.classIndex] = .init(t)
            return t
        }
        // Swappers name the real class inside the object; they are resolved per object.
        if cls.name == "NSClassSwapper" || cls.name == "UIClassSwapper" {
            let prefix = cls.name.hasPrefix("UI") ? "UI" : "NS"
            for key in [prefix + "ClassName", prefix + "OriginalClassName"] {
                if let name = swapperName(ofObject: n, key: key), let t = lookUp(name) ?? lookUpHints(for: name) {
                    return t
                }
            }
        }
        for f in cls.fallbacks where f >= 0 && f < graph.classes.count {
            if let t = lookUp(graph.classes[f].name) {
                resolved[o.classIndex] = .init(t)
                return t
            }
        }
        if let t = delegate?.unarchiver(self, cannotDecodeObjectOfClassName: cls.name, originalClasses: cls.chain) {
            let redirected = t.classForKeyedUnarchiver
            resolved[o.classIndex] = .init(redirected)
            return redirected
        }
        throw located(.invalidClass,
                      "cannot decode object of class (\(cls.name)) for object #\(n); no class named \(cls.name) was found", key: nil)
    }

    /// Whether object `n`'s recorded class name resolves through steps 1–3 (cached per class record).
    func hasMappedClass(ofObject n: Int) -> Bool {
        let c = graph.objects[n].classIndex
        guard c >= 0, c < graph.classes.count else { return false }
        if mappedState[c] == 0 { mappedState[c] = lookUp(graph.classes[c].name) == nil ? 1 : 2 }
        return mappedState[c] == 2
    }

    /// Steps 1–3 for one name, then `classForKeyedUnarchiver`.
    func lookUp(_ name: String) -> (any KeyedCoding.Type)? {
        let t = classForName[name]?.type ?? KeyedClassRegistry.mappedClass(forClassName: name)
            ?? localRegistry[name]?.type ?? KeyedClassRegistry.registeredClass(named: name)
        return t?.classForKeyedUnarchiver
    }

    /// `$classhints` of another class record with this name (used for swapper inner names).
    private func lookUpHints(for name: String) -> (any KeyedCoding.Type)? {
        guard let c = graph.classes.first(where: { $0.name == name }) else { return nil }
        for f in c.fallbacks where f >= 0 && f < graph.classes.count {
            if let t = lookUp(graph.classes[f].name) { return t }
        }
        return nil
    }

    /// A swapper's class-name string: inline, a plain string entry, or an `NSString` object (`NS.bytes`).
    private func swapperName(ofObject n: Int, key: String) -> String? {
        guard let v = graph.value(ofObject: n, forKey: key) else { return nil }
        return graph.conventionalString(v)
    }
}

extension ArchiveGraph {
    /// The text of a string-valued slot in either container: an inline string, a reference to a plain
    /// string entry, or a reference to an `NSString`-family object carrying `NS.string` or `NS.bytes`.
    ///
    /// - Parameter value: A stored value.
    /// - Returns: The text, or nil when the value is not a string in any of these forms.
    public func conventionalString(_ value: ArchiveValue) -> String? {
        switch value {
        case .string: return string(value)
        case .ref(let i):
            guard i >= 0, i < objects.count else { return nil }
            let o = objects[i]
            if o.kind == .plain {
                if case .string = o.plainValue { return string(o.plainValue) }
                return nil
            }
            guard o.kind == .object else { return nil }
            if let s = self.value(ofObject: i, forKey: "NS.string"), case .string = s { return string(s) }
            if let b = self.value(ofObject: i, forKey: "NS.bytes"), case .bytes = b { return string(b) }
            return nil
        default: return nil
        }
    }
}
