import KeyedArchive

/// A legacy Interface Builder 3 XIB (`<archive type="com.apple.InterfaceBuilder3.…" version="7.10">`,
/// also a `designable.nib`): the objects Interface Builder's XML coder wrote, as a flat table.
///
/// Every `<object>` (and `<array>`, `<dictionary>`) element is one object; its children are its
/// entries, keyed by their `key` attribute or, in arrays and sets, unkeyed. Object 0 is the `<data>`
/// element: the document's own keys (`IBDocument.RootObjects`, `IBDocument.Objects`, …).
public struct LegacyIBArchive: Sendable {
    /// One entry's value.
    public enum Value: Sendable, Hashable {
        /// `<nil>`, or a `<reference>` without `ref`.
        case null
        /// `<bool>` or `<boolean>`.
        case bool(Bool)
        /// `<int>` or `<integer>`.
        case int(Int64)
        /// `<double>` or `<real>`.
        case double(Double)
        /// `<float>`.
        case float(Float)
        /// `<string>` (base64 ones decoded) or `<characters>`.
        case string(String)
        /// `<bytes>`, decoded.
        case bytes([UInt8])
        /// An object of the table: an `<object>` here or a `<reference>` to one.
        case object(Int)
    }

    /// One keyed or unkeyed value of an object.
    public struct Entry: Sendable {
        /// The `key` attribute; nil for an element of an array or set.
        public var key: String?
        /// The value.
        public var value: Value
        /// The element it was read from (for errors).
        public var element: Int
    }

    /// How an object was written.
    public enum Form: Sendable {
        /// `<object class="…">`: keyed entries, or the elements of an XML-coded array or set.
        case object
        /// `<array>` (document version 8.00): unkeyed elements.
        case array
        /// `<dictionary>` (document version 8.00): entries keyed by the dictionary's keys.
        case dictionary
    }

    /// One object.
    public struct Object: Sendable {
        /// The `class` attribute.
        public var className: String
        /// How it was written.
        public var form: Form
        /// Entries in document order.
        public var entries: [Entry]
        /// Its element.
        public var element: Int
    }

    /// The XML it was read from.
    public var tree: XMLTree
    /// Every object; 0 is `<data>`.
    public var objects: [Object]
    /// The archive `type`, e.g. `com.apple.InterfaceBuilder3.Cocoa.XIB`.
    public var type: String
    /// The archive `version` (`7.10`, `8.00`).
    public var version: String

    /// The first value of object `o` under `key`.
    public func value(_ o: Int, _ key: String) -> Value? {
        guard o >= 0, o < objects.count else { return nil }
        return objects[o].entries.first { $0.key == key }?.value
    }

    /// The object that object `o` holds under `key`, if it holds one.
    public func object(_ o: Int, _ key: String) -> Int? {
        if case .object(let i)? = value(o, key) { return i }
        return nil
    }

    /// The integer that object `o` holds under `key`.
    public func int(_ o: Int, _ key: String) -> Int64? {
        if case .int(let n)? = value(o, key) { return n }
        return nil
    }

    /// The string that object `o` holds under `key` (a plain string or an `NSMutableString`'s).
    public func string(_ o: Int, _ key: String) -> String? {
        switch value(o, key) {
        case .string(let s)?: return s
        case .object(let i)? where objects[i].className == "NSMutableString" || objects[i].className == "NSString":
            if case .string(let s)? = value(i, "NS.bytes") { return s }
            return nil
        default: return nil
        }
    }

    /// The elements of an array or set object: its unkeyed entries (the coder's `EncodedWithXMLCoder`
    /// marker is none), or a set's `set.sortedObjects` array's.
    public func elements(_ o: Int) -> [Value] {
        guard o >= 0, o < objects.count else { return [] }
        let list = isSortedSet(o) ? self.object(o, "set.sortedObjects") ?? o : o
        return objects[list].entries.compactMap { $0.key == nil ? $0.value : nil }
    }

    /// The members of collection object `o` in NIBArchive element order (a dictionary's key, value, key,
    /// …), or nil when `o` is no collection: a `<dictionary>` or dictionary class, an `<array>`, or an
    /// array or set class holding only unkeyed entries or its `set.sortedObjects`.
    func collectionMembers(_ o: Int) throws(ArchiveError) -> [Value]? {
        let object = objects[o]
        if object.form == .dictionary || LegacyAppKitNibBuilder.dictionaryClasses.contains(object.className) {
            return try dictionaryEntries(o).flatMap { [$0.0, $0.1] }
        }
        if object.form == .array || (LegacyAppKitNibBuilder.arrayClasses.contains(object.className) && (object.entries.allSatisfy { $0.key == nil } || isSortedSet(o))) {
            return elements(o)
        }
        return nil
    }

    /// Whether object `o` is a set written as its `set.sortedObjects` array.
    func isSortedSet(_ o: Int) -> Bool {
        objects[o].entries.count == 1 && objects[o].entries[0].key == "set.sortedObjects"
    }

    /// The entries of a dictionary object as (key, value) pairs: `dict.sortedKeys` with `dict.values`,
    /// `NS.key.N` with `NS.object.N`, or a `<dictionary>`'s keyed entries.
    public func dictionaryEntries(_ o: Int) throws(ArchiveError) -> [(Value, Value)] {
        guard o >= 0, o < objects.count else { return [] }
        let object = objects[o]
        if object.form == .dictionary {
            return object.entries.compactMap { e in e.key.map { (.string($0), e.value) } }
        }
        if let keys = self.object(o, "dict.sortedKeys"), let values = self.object(o, "dict.values") {
            let k = elements(keys), v = elements(values)
            guard k.count == v.count else {
                throw tree.error(.corrupt, "a dictionary has \(k.count) keys and \(v.count) values", at: object.element)
            }
            return Array(zip(k, v))
        }
        // `NS.key.N` / `NS.object.N`, gathered in one pass (a lookup per N would be quadratic).
        var keys: [Int: Value] = [:], values: [Int: Value] = [:]
        for e in object.entries {
            guard let key = e.key else { continue }
            if key.hasPrefix("NS.key."), let n = Int(key.dropFirst(7)) { keys[n] = keys[n] ?? e.value }
            if key.hasPrefix("NS.object."), let n = Int(key.dropFirst(10)) { values[n] = values[n] ?? e.value }
        }
        var pairs: [(Value, Value)] = []
        var n = 0
        while let k = keys[n] {
            guard let v = values[n] else { throw tree.error(.corrupt, "a dictionary has NS.key.\(n) but no NS.object.\(n)", at: object.element) }
            pairs.append((k, v))
            n += 1
        }
        return pairs
    }
}

extension LegacyIBArchive {
    /// Reads the objects of an `<archive>` document in one pass over its elements (document order, so
    /// an object's element comes before its entries; nothing recurses). References are resolved
    /// once every id is known.
    ///
    /// - Throws: ``ArchiveError`` with line and column: an element the coder does not write, a value
    ///   that does not parse, an unknown or repeated id, an entry outside an object.
    init(tree: XMLTree) throws(ArchiveError) {
        let root = tree.elements[tree.root]
        guard root.name == "archive", let data = tree.child(of: tree.root, named: "data") else {
            throw tree.error(.corrupt, "an <archive> document without <data>", at: tree.root)
        }
        self.tree = tree
        type = root["type"] ?? ""
        version = root["version"] ?? ""
        objects = [Object(className: "IBDocument", form: .object, entries: [], element: data)]
        // objectOf[e]: the object element e is (-1: not an object element).
        var objectOf = [Int](repeating: -1, count: tree.elements.count)
        objectOf[data] = 0
        var ids: [String: Int] = [:]
        var references: [(object: Int, entry: Int, id: String)] = []
        for e in data + 1 ..< tree.elements.count {
            let el = tree.elements[e]
            // The coder's marker that an array or dictionary is XML-coded: not an entry of its own.
            if el.name == "bool", el["key"] == "EncodedWithXMLCoder" { continue }
            guard el.parent >= 0, objectOf[el.parent] >= 0 else {
                throw tree.error(.corrupt, "<\(el.name)> inside <\(el.parent >= 0 ? tree.elements[el.parent].name : "")>, which is not an object", at: e)
            }
            let owner = objectOf[el.parent]
            let value: Value
            switch el.name {
            case "object", "array", "dictionary":
                let form: Form = el.name == "array" ? .array : el.name == "dictionary" ? .dictionary : .object
                guard let cls = el["class"] ?? (form == .array ? "NSArray" : form == .dictionary ? "NSDictionary" : nil) else {
                    throw tree.error(.corrupt, "<object> without a class", at: e)
                }
                objects.append(Object(className: cls, form: form, entries: [], element: e))
                objectOf[e] = objects.count - 1
                if let id = el["id"] {
                    guard ids[id] == nil else { throw tree.error(.corrupt, "id \(id) is used twice", at: e) }
                    ids[id] = objects.count - 1
                }
                value = .object(objects.count - 1)
            case "reference":
                if let id = el["ref"] { references.append((owner, objects[owner].entries.count, id)) }
                value = .null
            case "nil": value = .null
            case "string":
                if el["type"] == "base64-UTF8" {
                    guard let s = XIBDocument.decodeBase64(el.text) else { throw tree.error(.corrupt, "<string> is not base64", at: e) }
                    value = .string(s)
                } else {
                    value = .string(el.text)
                }
            case "characters": value = .string(el.text)
            case "bytes":
                guard let b = XIBDocument.decodeBase64Bytes(el.text) else { throw tree.error(.corrupt, "<bytes> is not base64", at: e) }
                value = .bytes(b)
            case "int", "integer":
                guard let n = Int64(el["value"] ?? el.text) else { throw tree.error(.corrupt, "<\(el.name)> is not an integer", at: e) }
                value = .int(n)
            case "double", "real":
                guard let d = Double(el["value"] ?? el.text) else { throw tree.error(.corrupt, "<\(el.name)> is not a number", at: e) }
                value = .double(d)
            case "float":
                guard let f = Float(el["value"] ?? el.text) else { throw tree.error(.corrupt, "<float> is not a number", at: e) }
                value = .float(f)
            case "bool", "boolean":
                switch el["value"] ?? el.text {
                case "YES": value = .bool(true)
                case "NO": value = .bool(false)
                default: throw tree.error(.corrupt, "<\(el.name)> is neither YES nor NO", at: e)
                }
            default:
                throw tree.error(.unsupportedFormat, "<\(el.name)> is not an element of Interface Builder's XML archive", at: e)
            }
            objects[owner].entries.append(Entry(key: el["key"], value: value, element: e))
        }
        for r in references {
            guard let target = ids[r.id] else {
                throw tree.error(.corrupt, "a reference to id \(r.id), which no object has", at: objects[r.object].entries[r.entry].element)
            }
            objects[r.object].entries[r.entry].value = .object(target)
        }
    }
}
