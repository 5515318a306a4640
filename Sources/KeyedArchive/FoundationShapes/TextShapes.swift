/// `NSAttributedString`/`NSMutableAttributedString`: a string and attribute runs.
///
/// Stored as `NSString` (a string or `NSMutableString`), `NSAttributes` (one dictionary, or an array of
/// dictionaries) and `NSAttributeInfo` (an `NSMutableData` of LEB128 run-length / attribute-index pairs;
/// absent when one dictionary covers the whole string). Run lengths count UTF-16 code units.
public struct ArchivedAttributedString: KeyedArchivable, Equatable {
    /// One run of attributes.
    public struct Run: Equatable {
        /// Length in UTF-16 code units.
        public var length: Int
        /// The run's attributes (`NSDictionary` entries in stored order).
        public var attributes: [ArchivedValue.Entry]
        /// Creates a run.
        public init(length: Int, attributes: [ArchivedValue.Entry]) {
            self.length = length
            self.attributes = attributes
        }
    }
    /// The text.
    public var string: String
    /// The runs, covering the string in order.
    public var runs: [Run]
    /// Whether it is written as `NSMutableAttributedString`.
    public var isMutable: Bool

    /// Creates an attributed string.
    /// - Parameters:
    ///   - string: The text.
    ///   - runs: Runs covering the text.
    ///   - isMutable: Write `NSMutableAttributedString` (and an `NSMutableString`).
    public init(string: String, runs: [Run], isMutable: Bool = false) {
        self.string = string
        self.runs = runs
        self.isMutable = isMutable
    }

    /// Reads the Darwin shape.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        if u.graph.metadata.source == .typedstream { return try TypedstreamShapes.attributedString(n, u) }
        try u.expectClass(n, .attributedString, as: "an attributed string")
        let mutable = u.graph.className(ofObject: n) == "NSMutableAttributedString"
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Self in
            let text = try u.decodeObject(of: String.self, forKey: "NSString") ?? ""
            let dicts: [[ArchivedValue.Entry]]
            switch try u.decodeObject(of: ArchivedValue.self, forKey: "NSAttributes") {
            case .dictionary(let d)?: dicts = [d]
            case .array(let xs)?:
                var ds: [[ArchivedValue.Entry]] = []
                for x in xs {
                    guard case .dictionary(let d) = x else {
                        throw u.located(.typeMismatch, "NSAttributes holds a non-dictionary", key: "NSAttributes")
                    }
                    ds.append(d)
                }
                dicts = ds
            case nil: dicts = []
            case .some:
                throw u.located(.typeMismatch, "NSAttributes is neither a dictionary nor an array", key: "NSAttributes")
            }
            let utf16Count = text.utf16.count
            guard let info = try u.dataBytes(forKey: "NSAttributeInfo") else {
                let runs = dicts.first.map { [Run(length: utf16Count, attributes: $0)] } ?? []
                return Self(string: text, runs: runs, isMutable: mutable)
            }
            let numbers = try LEB128.readAll(info)
            guard numbers.count % 2 == 0 else {
                throw u.located(.corruptArchive, "NSAttributeInfo holds an odd number of values", key: "NSAttributeInfo")
            }
            var runs: [Run] = []
            var covered: UInt64 = 0
            var i = 0
            while i + 1 < numbers.count {
                let (len, idx) = (numbers[i], numbers[i + 1])
                guard idx < UInt64(dicts.count) else {
                    throw u.located(.badReference, "run \(i / 2) names attribute dictionary \(idx) of \(dicts.count)", key: "NSAttributeInfo")
                }
                let (sum, overflow) = covered.addingReportingOverflow(len)
                guard !overflow, sum <= UInt64(utf16Count) else {
                    throw u.located(.corruptArchive, "attribute runs cover more than the string's \(utf16Count) UTF-16 units",
                                    key: "NSAttributeInfo")
                }
                covered = sum
                runs.append(Run(length: Int(len), attributes: dicts[Int(idx)]))
                i += 2
            }
            return Self(string: text, runs: runs, isMutable: mutable)
        }
    }

    /// Writes the Darwin shape: distinct attribute dictionaries once each, runs in `NSAttributeInfo`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        let textRef = isMutable ? try MutableStringValue(string).encodeArchived(to: a) : a.encodePlainString(string)
        var distinct: [[ArchivedValue.Entry]] = []
        var info: [UInt8] = []
        for r in runs {
            let idx = distinct.firstIndex(of: r.attributes) ?? { distinct.append(r.attributes); return distinct.count - 1 }()
            LEB128.write(UInt64(r.length), to: &info)
            LEB128.write(UInt64(idx), to: &info)
        }
        let attrs: ArchivedValue = distinct.count == 1 ? .dictionary(distinct[0]) : .array(distinct.map { .dictionary($0) })
        let attrsRef = try attrs.encodeArchived(to: a)
        let infoRef = distinct.count > 1 ? try MutableDataValue(info).encodeArchived(to: a) : nil
        let name = isMutable ? "NSMutableAttributedString" : "NSAttributedString"
        let chain = isMutable ? ["NSMutableAttributedString", "NSAttributedString", "NSObject"] : ["NSAttributedString", "NSObject"]
        return try a.encodeFoundationObject(className: name, chain: chain) {
            a.encodeRaw(textRef, forKey: "NSString")
            a.encodeRaw(attrsRef, forKey: "NSAttributes")
            if let infoRef { a.encodeRaw(infoRef, forKey: "NSAttributeInfo") }
        }
    }
}

/// `NSError`: `NSDomain`, `NSCode`, `NSUserInfo`.
public struct ArchivedError: KeyedArchivable, Equatable {
    /// The error domain.
    public var domain: String
    /// The error code.
    public var code: Int
    /// The user-info dictionary entries.
    public var userInfo: [ArchivedValue.Entry]

    /// Creates an error value.
    /// - Parameters:
    ///   - domain: The domain.
    ///   - code: The code.
    ///   - userInfo: User-info entries.
    public init(domain: String, code: Int, userInfo: [ArchivedValue.Entry] = []) {
        self.domain = domain
        self.code = code
        self.userInfo = userInfo
    }

    /// Reads an `NSError`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> Self {
        try u.expectClass(n, .error, as: "an error")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> Self in
            let domain = try u.decodeObject(of: String.self, forKey: "NSDomain") ?? ""
            let code = try u.decodeInt(forKey: "NSCode")
            var info: [ArchivedValue.Entry] = []
            if case .dictionary(let d)? = try u.decodeObject(of: ArchivedValue.self, forKey: "NSUserInfo") { info = d }
            return Self(domain: domain, code: code, userInfo: info)
        }
    }

    /// Writes an `NSError`.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        let domainRef = a.encodePlainString(domain)
        let infoRef = userInfo.isEmpty ? ArchiveValue.nil : try ArchivedValue.dictionary(userInfo).encodeArchived(to: a)
        return try a.encodeFoundationObject(className: "NSError", chain: ["NSError", "NSObject"]) {
            a.encodeRaw(domainRef, forKey: "NSDomain")
            a.encode(code, forKey: "NSCode")
            if !userInfo.isEmpty { a.encodeRaw(infoRef, forKey: "NSUserInfo") }
        }
    }
}
