import KeyedArchive

/// A well-formed XML document as a flat table of elements: what ``XMLScanner`` reads a XIB into.
///
/// Element 0 is the root. Each element knows its parent and its children by index, so walking the
/// tree never recurses. Attribute values and text are decoded (entities and character references
/// expanded, CDATA kept verbatim); nothing else of the document is kept.
public struct XMLTree: Sendable {
    /// One attribute, as written (names are compared exactly; XML is case-sensitive).
    public struct Attribute: Sendable, Hashable {
        /// The attribute's name.
        public var name: String
        /// Its decoded value.
        public var value: String
    }

    /// One element.
    public struct Element: Sendable {
        /// The tag name.
        public var name: String
        /// Attributes in document order.
        public var attributes: [Attribute]
        /// The parent element's index; -1 for the root.
        public var parent: Int
        /// Child element indices in document order.
        public var children: [Int]
        /// Character data directly inside this element (not inside its children), decoded.
        public var text: String
        /// 1-based line of the element's `<`.
        public var line: Int
        /// 1-based column of the element's `<`, in characters.
        public var column: Int

        /// The value of attribute `name`, if present.
        public subscript(_ name: String) -> String? {
            for a in attributes where a.name == name { return a.value }
            return nil
        }
    }

    /// Every element, root first, in document order (pre-order).
    public var elements: [Element]

    /// The root element's index (always 0 in a non-empty tree).
    public var root: Int { 0 }

    /// The children of element `i` named `name`.
    public func children(of i: Int, named name: String) -> [Int] {
        elements[i].children.filter { elements[$0].name == name }
    }

    /// The first child of element `i` named `name`.
    public func child(of i: Int, named name: String) -> Int? {
        elements[i].children.first { elements[$0].name == name }
    }

    /// The first child of element `i` whose `key` attribute is `key`.
    public func child(of i: Int, key: String) -> Int? {
        elements[i].children.first { elements[$0]["key"] == key }
    }

    /// `file:line:col` style location of element `i`.
    public func location(of i: Int) -> (line: Int, column: Int) {
        (elements[i].line, elements[i].column)
    }

    /// An error located at element `i`.
    public func error(_ code: ArchiveError.Code, _ reason: String, at i: Int) -> ArchiveError {
        ArchiveError(code, reason, line: elements[i].line, column: elements[i].column)
    }
}
