/// `NSIndexSet`/`NSMutableIndexSet` as a list of ranges.
///
/// Stored as `NSRangeCount`, then `NSLocation` + `NSLength` for one range, or `NSRangeData` (an
/// `NSMutableData` of LEB128 location/length pairs) for more.
public struct ArchivedIndexSet: KeyedArchivable, Hashable, Sendable {
    /// The ranges, in stored order.
    public var ranges: [Range<UInt64>]
    /// Whether it is written as `NSMutableIndexSet`.
    public var isMutable: Bool

    /// Creates an index set.
    /// - Parameters:
    ///   - ranges: Non-overlapping ranges in ascending order.
    ///   - isMutable: Write `NSMutableIndexSet` instead of `NSIndexSet`.
    public init(ranges: [Range<UInt64>], isMutable: Bool = false) {
        self.ranges = ranges
        self.isMutable = isMutable
    }

    /// Reads an `NSIndexSet` or `NSMutableIndexSet`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedIndexSet {
        try u.expectClass(n, .indexSet, as: "an index set")
        let mutable = u.graph.className(ofObject: n) == "NSMutableIndexSet"
        return try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedIndexSet in
            let count = try u.decodeInt(forKey: "NSRangeCount")
            if count == 0 { return ArchivedIndexSet(ranges: [], isMutable: mutable) }
            if count == 1, !u.containsValue(forKey: "NSRangeData") {
                let loc = try u.decodeUInt64(forKey: "NSLocation"), len = try u.decodeUInt64(forKey: "NSLength")
                return ArchivedIndexSet(ranges: [try range(loc, len, u)], isMutable: mutable)
            }
            guard let data = try u.dataBytes(forKey: "NSRangeData") else {
                throw u.located(.valueNotFound, "NSRangeCount is \(count) but NSRangeData is missing", key: "NSRangeData")
            }
            let numbers = try LEB128.readAll(data)
            guard numbers.count % 2 == 0, numbers.count / 2 == count else {
                throw u.located(.corruptArchive, "NSRangeData holds \(numbers.count) numbers for \(count) ranges", key: "NSRangeData")
            }
            var ranges: [Range<UInt64>] = []
            var i = 0
            while i + 1 < numbers.count {
                ranges.append(try range(numbers[i], numbers[i + 1], u))
                i += 2
            }
            return ArchivedIndexSet(ranges: ranges, isMutable: mutable)
        }
    }

    private static func range(_ loc: UInt64, _ len: UInt64, _ u: KeyedUnarchiver) throws(ArchiveError) -> Range<UInt64> {
        let (end, overflow) = loc.addingReportingOverflow(len)
        guard !overflow else { throw u.located(.overflow, "range \(loc) + \(len) overflows", key: nil) }
        return loc ..< end
    }

    /// Writes the Darwin shape.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var dataRef: ArchiveValue?
        if ranges.count > 1 {
            var bytes: [UInt8] = []
            for r in ranges {
                LEB128.write(r.lowerBound, to: &bytes)
                LEB128.write(UInt64(r.count), to: &bytes)
            }
            dataRef = try MutableDataValue(bytes).encodeArchived(to: a)
        }
        let name = isMutable ? "NSMutableIndexSet" : "NSIndexSet"
        let chain = isMutable ? ["NSMutableIndexSet", "NSIndexSet", "NSObject"] : ["NSIndexSet", "NSObject"]
        return try a.encodeFoundationObject(className: name, chain: chain) {
            a.encode(ranges.count, forKey: "NSRangeCount")
            if let dataRef {
                a.encodeRaw(dataRef, forKey: "NSRangeData")
            } else if let r = ranges.first {
                a.encode(r.lowerBound, forKey: "NSLocation")
                a.encode(UInt64(r.count), forKey: "NSLength")
            }
        }
    }
}

/// `NSIndexPath` as its list of indexes.
///
/// Stored as `NSIndexPathLength`, then `NSIndexPathValue` for one index, or `NSIndexPathData` (an
/// `NSMutableData` of LEB128 values) for more.
public struct ArchivedIndexPath: KeyedArchivable, Hashable, Sendable {
    /// The indexes.
    public var indexes: [UInt64]
    /// Creates an index path.
    /// - Parameter indexes: The indexes.
    public init(_ indexes: [UInt64]) { self.indexes = indexes }

    /// Reads an `NSIndexPath`.
    public static func decodeArchived(objectAt n: Int, from u: KeyedUnarchiver) throws(ArchiveError) -> ArchivedIndexPath {
        try u.expectClass(n, .indexPath, as: "an index path")
        return try u.withObjectScope(n) { () throws(ArchiveError) -> ArchivedIndexPath in
            let length = try u.decodeInt(forKey: "NSIndexPathLength")
            if length == 0 { return ArchivedIndexPath([]) }
            if length == 1, !u.containsValue(forKey: "NSIndexPathData") {
                return ArchivedIndexPath([try u.decodeUInt64(forKey: "NSIndexPathValue")])
            }
            guard let data = try u.dataBytes(forKey: "NSIndexPathData") else {
                throw u.located(.valueNotFound, "NSIndexPathLength is \(length) but NSIndexPathData is missing", key: "NSIndexPathData")
            }
            let values = try LEB128.readAll(data)
            guard values.count == length else {
                throw u.located(.corruptArchive, "NSIndexPathData holds \(values.count) indexes, not \(length)", key: "NSIndexPathData")
            }
            return ArchivedIndexPath(values)
        }
    }

    /// Writes the Darwin shape.
    public func encodeArchived(to a: KeyedArchiver) throws(ArchiveError) -> ArchiveValue {
        var dataRef: ArchiveValue?
        if indexes.count > 1 {
            var bytes: [UInt8] = []
            for i in indexes { LEB128.write(i, to: &bytes) }
            dataRef = try MutableDataValue(bytes).encodeArchived(to: a)
        }
        return try a.encodeFoundationObject(className: "NSIndexPath", chain: ["NSIndexPath", "NSObject"]) {
            a.encode(indexes.count, forKey: "NSIndexPathLength")
            if let dataRef {
                a.encodeRaw(dataRef, forKey: "NSIndexPathData")
            } else if let i = indexes.first {
                a.encode(i, forKey: "NSIndexPathValue")
            }
        }
    }
}
