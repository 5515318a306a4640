/// The one public error type of the library.
///
/// An `ArchiveError` says *what* went wrong (``code``), in words (``reason``), and *where*:
/// a byte ``offset`` into the input, an ``objectIndex`` in the archive's object table,
/// and a ``keyPath`` such as `["$top.root", "NS.objects[3]", "friend"]`.
/// Equality compares the code only, so tests assert on codes, never on message text.
public struct ArchiveError: Error, Sendable, Hashable, CustomStringConvertible {
    /// What kind of failure this is. New codes are added as `static let`s; the set is open.
    public struct Code: Sendable, Hashable, CustomStringConvertible {
        /// A stable machine-readable name, e.g. `"truncated"`. Used in JSON output.
        public let name: String
        /// The Cocoa error code this maps to for interoperability (3840, 4864, 4865), or 0.
        public let cocoaCode: Int

        /// Creates a code with a stable `name` and the Cocoa error code it corresponds to (0 when none does).
        public init(_ name: String, cocoaCode: Int = 0) {
            self.name = name
            self.cocoaCode = cocoaCode
        }

        public var description: String { name }

        public static func == (lhs: Code, rhs: Code) -> Bool { lhs.name == rhs.name }
        public func hash(into hasher: inout Hasher) { hasher.combine(name) }
    }

    /// What kind of failure this is; the only field equality looks at.
    public var code: Code
    /// A human-readable sentence saying what was wrong.
    public var reason: String
    /// Byte offset in the input where the problem was found, when known.
    public var offset: Int?
    /// Index in the archive's object table (bplist object, `$objects` entry or NIBArchive record).
    public var objectIndex: Int?
    /// Path of keys from the archive top to the failing value, outermost first.
    public var keyPath: [String]
    /// 1-based line and column, for text formats (XML).
    public var line: Int?
    /// 1-based column, paired with ``line``.
    public var column: Int?
    /// Where in this library the error was raised.
    public var sourceFile: String
    /// The line in ``sourceFile`` that raised the error.
    public var sourceLine: UInt

    /// Creates an error. Only `code` and `reason` are required; pass every location that is known.
    public init(
        _ code: Code, _ reason: String, offset: Int? = nil, objectIndex: Int? = nil,
        keyPath: [String] = [], line: Int? = nil, column: Int? = nil,
        sourceFile: String = #fileID, sourceLine: UInt = #line
    ) {
        self.code = code
        self.reason = reason
        self.offset = offset
        self.objectIndex = objectIndex
        self.keyPath = keyPath
        self.line = line
        self.column = column
        self.sourceFile = sourceFile
        self.sourceLine = sourceLine
    }

    /// "what, where" in one line, e.g. `truncated: object 3 runs past the offset table (at byte 0x1F)`.
    public var description: String {
        var s = "\(code.name): \(reason)"
        var wheres: [String] = []
        if let line { wheres.append(column.map { "line \(line), column \($0)" } ?? "line \(line)") }
        if let offset { wheres.append("at byte \(offset) (0x\(String(offset, radix: 16, uppercase: true)))") }
        if let objectIndex { wheres.append("object #\(objectIndex)") }
        if !keyPath.isEmpty { wheres.append("key path \(keyPath.joined(separator: " → "))") }
        if !wheres.isEmpty { s += " [" + wheres.joined(separator: ", ") + "]" }
        return s
    }

    public static func == (lhs: ArchiveError, rhs: ArchiveError) -> Bool { lhs.code == rhs.code }
    public func hash(into hasher: inout Hasher) { hasher.combine(code) }

    /// Returns a copy with `component` prepended to the key path (used while unwinding).
    public func prefixingKeyPath(_ component: String) -> ArchiveError {
        var copy = self
        copy.keyPath.insert(component, at: 0)
        return copy
    }
}

// Codes shared by every layer. Each layer adds its own in its own file.
extension ArchiveError.Code {
    /// The input ended before a complete structure was read.
    public static let truncated = Self("truncated", cocoaCode: 3840)
    /// The bytes do not form a valid structure of the expected format.
    public static let corrupt = Self("corrupt", cocoaCode: 3840)
    /// The input is in a format that is recognised but not supported (bplist15, typedstream, …).
    public static let unsupportedFormat = Self("unsupportedFormat", cocoaCode: 3840)
    /// The input is in no format this library knows.
    public static let unknownFormat = Self("unknownFormat", cocoaCode: 3840)
    /// A configured ``DecodingLimits`` bound was exceeded.
    public static let limitExceeded = Self("limitExceeded", cocoaCode: 4864)
    /// A value had a different type from the one asked for.
    public static let typeMismatch = Self("typeMismatch", cocoaCode: 4864)
    /// A numeric value does not fit the requested type.
    public static let overflow = Self("overflow", cocoaCode: 4864)
    /// A reference (UID, object index, key index, class index) points outside its table.
    public static let badReference = Self("badReference", cocoaCode: 4864)
    /// A required value was absent.
    public static let valueNotFound = Self("valueNotFound", cocoaCode: 4865)
    /// A class could not be resolved, or is not allowed.
    public static let invalidClass = Self("invalidClass", cocoaCode: 4864)
    /// Secure coding refused an object.
    public static let secureCodingViolation = Self("secureCodingViolation", cocoaCode: 4864)
    /// A plist container contains itself.
    public static let containerCycle = Self("containerCycle", cocoaCode: 3840)
    /// Encoding could not be performed (an unencodable value, a secure-coding refusal while archiving, …).
    public static let encodingFailed = Self("encodingFailed", cocoaCode: 4866)
}
