extension PropertyList {
    /// Checks what `NSKeyedUnarchiver` checks before it decodes anything: the header keys, that every
    /// `$top` UID points into `$objects` (other `$top` values are scalars, such as the integer
    /// `IB.systemFontUpdateVersion` of keyed nibs), and that every object's `$class` is a UID to a class
    /// description whose `$classname` is a string and whose `$classes` is an array of strings.
    ///
    /// ``ArchiveGraph/init(keyedArchive:limits:)`` is more forgiving on purpose (it reads damaged
    /// archives for inspection); this is the check that says whether Foundation would accept one.
    /// - Throws: `.invalidArchiveHeader` or `.corruptArchive` with the object index and key path.
    public func checkKeyedArchiveStructure() throws(ArchiveError) {
        guard root >= 0, root < count, kind(root) == .dict else {
            throw ArchiveError(.invalidArchiveHeader, "the property list's root is not a dictionary, so it is not a keyed archive")
        }
        guard let archiver = dictValue(root, forKey: "$archiver"), let name = string(archiver) else {
            throw ArchiveError(.invalidArchiveHeader, "missing or non-string $archiver", keyPath: ["$archiver"])
        }
        guard name == KeyedArchiveConstants.archiverName else {
            throw ArchiveError(.invalidArchiveHeader, "$archiver is \"\(name)\", not NSKeyedArchiver", keyPath: ["$archiver"])
        }
        guard let version = dictValue(root, forKey: "$version"), int64(version) == Int64(KeyedArchiveConstants.version) else {
            throw ArchiveError(.invalidArchiveHeader, "$version is missing or not the integer \(KeyedArchiveConstants.version)", keyPath: ["$version"])
        }
        guard let objectsNode = dictValue(root, forKey: "$objects"), kind(objectsNode) == .array else {
            throw ArchiveError(.invalidArchiveHeader, "missing or non-array $objects", keyPath: ["$objects"])
        }
        guard let topNode = dictValue(root, forKey: "$top"), kind(topNode) == .dict else {
            throw ArchiveError(.invalidArchiveHeader, "missing or non-dictionary $top", keyPath: ["$top"])
        }
        let objects = elements(objectsNode)
        for (key, value) in zip(dictKeys(topNode), dictValues(topNode)) {
            let label = "$top." + (string(key) ?? "{\(kind(key)) key}")
            guard kind(key) == .string else {
                throw ArchiveError(.corruptArchive, "a $top key is not a string", keyPath: [label])
            }
            guard let uid = uid(value) else { continue }
            guard uid < UInt64(objects.count) else {
                throw ArchiveError(.badReference, "\(label) is UID \(uid), but $objects has \(objects.count) entries", keyPath: [label])
            }
        }
        // Class descriptions are checked once each, however many objects name them.
        var checkedClass = [Bool](repeating: false, count: objects.count)
        // Whether each key node spells `$class` (0: not yet known, 1: yes, 2: no); a binary plist shares
        // its key strings, so each is compared once. 3 marks a dict node already checked as an entry: a
        // node listed by many entries gives the same answer each time, so it is checked once.
        var isClassKey = [UInt8](repeating: 0, count: count)
        for (i, node) in objects.enumerated() where kind(node) == .dict {
            if isClassKey[node] == 3 { continue }
            isClassKey[node] = 3
            // The dict's member slots, read in place (no member view, and its retain, per dict).
            let (keysAt, pairs) = dictSlots(node)
            var found: Int?
            for j in 0 ..< pairs {
                let k = member(atSlot: keysAt + j)
                if isClassKey[k] == 0 { isClassKey[k] = stringEquals(k, "$class") ? 1 : 2 }
                if isClassKey[k] == 1 { found = j }  // the last match wins, as in CoreFoundation
            }
            guard let found else { continue }
            let classRef = member(atSlot: keysAt + pairs + found)
            guard let uid = uid(classRef) else {
                throw ArchiveError(.corruptArchive, "$class is a \(kind(classRef)), not a UID", objectIndex: i, keyPath: ["$objects[\(i)]", "$class"])
            }
            guard uid < UInt64(objects.count) else {
                throw ArchiveError(.badReference, "$class is UID \(uid), but $objects has \(objects.count) entries", objectIndex: i,
                                   keyPath: ["$objects[\(i)]", "$class"])
            }
            let c = Int(uid)
            if checkedClass[c] { continue }
            try checkClassDescription(objects[c], at: c, from: i)
            checkedClass[c] = true
        }
    }

    /// A class description: a dictionary with a string `$classname` and an array of strings `$classes`.
    private func checkClassDescription(_ node: Int, at c: Int, from i: Int) throws(ArchiveError) {
        let path = ["$objects[\(i)]", "$class", "$objects[\(c)]"]
        guard kind(node) == .dict else {
            throw ArchiveError(.corruptArchive, "$class refers to $objects[\(c)], a \(kind(node)), not a class description", objectIndex: i, keyPath: path)
        }
        guard let nameNode = dictValue(node, forKey: "$classname"), string(nameNode) != nil else {
            throw ArchiveError(.corruptArchive, "the class description has no string $classname", objectIndex: c, keyPath: path + ["$classname"])
        }
        guard let classes = dictValue(node, forKey: "$classes"), kind(classes) == .array else {
            throw ArchiveError(.corruptArchive, "the class description's $classes is missing or not an array", objectIndex: c, keyPath: path + ["$classes"])
        }
        for (j, member) in elements(classes).enumerated() where kind(member) != .string {
            throw ArchiveError(.corruptArchive, "$classes[\(j)] is a \(kind(member)), not a string", objectIndex: c, keyPath: path + ["$classes[\(j)]"])
        }
    }
}
