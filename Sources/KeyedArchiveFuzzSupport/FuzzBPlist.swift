import KeyedArchive

/// `FuzzBPlist`: the binary plist reader, then every value walked and materialised.
enum FuzzBPlist {
    static func run(_ bytes: [UInt8]) {
        guard let plist = try? PropertyList(binary: bytes, limits: FuzzLimits.standard) else { return }
        PlistWalk.walk(plist)
    }
}
