import KeyedArchive

/// Touches every object of a parsed property list through every accessor that suits its kind,
/// then materialises the root as a ``PlistValue``.
enum PlistWalk {
    static func walk(_ plist: PropertyList) {
        for i in 0 ..< plist.count {
            switch plist.kind(i) {
            case .null, .fill:
                break
            case .bool:
                blackHole(plist.bool(i))
            case .integer:
                blackHole(plist.int64(i))
                blackHole(plist.uint64(i))
                blackHole(plist.wideInteger(i))
            case .real:
                blackHole(plist.real(i))
                blackHole(plist.realWidth(i))
            case .date:
                blackHole(plist.date(i))
            case .uid:
                blackHole(plist.uid(i))
            case .data:
                blackHole(plist.data(i))
            case .string:
                blackHole(plist.string(i))
                blackHole(plist.stringEquals(i, "$class"))
            case .array, .set:
                for member in plist.elements(i) { blackHole(plist.kind(member)) }
            case .dict:
                for key in plist.dictKeys(i) { blackHole(plist.kind(key)) }
                for value in plist.dictValues(i) { blackHole(plist.kind(value)) }
                blackHole(plist.dictValue(i, forKey: "$class"))
            }
            blackHole(plist.containerCount(i))
        }
        blackHole(try? plist.value(limits: FuzzLimits.materialise))
    }
}
