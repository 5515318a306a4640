import KeyedArchive

/// `FuzzXMLPlist`: the XML plist reader, then every value walked and materialised.
enum FuzzXMLPlist {
    static func run(_ bytes: [UInt8]) {
        guard let plist = try? PropertyList(xml: bytes, limits: FuzzLimits.standard) else { return }
        PlistWalk.walk(plist)
    }
}
