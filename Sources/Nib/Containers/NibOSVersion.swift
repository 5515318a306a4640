/// An operating-system version used to pick a variant from a nib bundle (`objects-13.0+.nib`,
/// `keyedobjects-101300.nib`).
public struct NibOSVersion: Sendable, Hashable, Comparable, CustomStringConvertible, Codable {
    /// Major version (13 in 13.0, 10 in 10.13).
    public var major: Int
    /// Minor version.
    public var minor: Int
    /// Patch version.
    public var patch: Int

    /// A version `major.minor.patch`.
    public init(_ major: Int, _ minor: Int = 0, _ patch: Int = 0) {
        self.major = major
        self.minor = minor
        self.patch = patch
    }

    /// Parses `"13.0"`, `"12.3"`, `"9.1"` (iOS variant names).
    public init?(dotted s: some StringProtocol) {
        let parts = s.split(separator: ".")
        guard (1...3).contains(parts.count) else { return nil }
        var n: [Int] = []
        for p in parts {
            guard p.count <= 4, let v = Int(p), v >= 0 else { return nil }
            n.append(v)
        }
        self.init(n[0], n.count > 1 ? n[1] : 0, n.count > 2 ? n[2] : 0)
    }

    /// Parses AppKit's packed form `101300` (10.13.0) or `110000` (11.0.0).
    public init?(packed s: some StringProtocol) {
        guard s.count == 6, let v = Int(s), v >= 0 else { return nil }
        self.init(v / 10000, (v / 100) % 100, v % 100)
    }

    /// Orders versions numerically, component by component.
    public static func < (a: Self, b: Self) -> Bool {
        (a.major, a.minor, a.patch) < (b.major, b.minor, b.patch)
    }

    /// `13.0`, `10.13`, `12.3.1`.
    public var description: String { patch == 0 ? "\(major).\(minor)" : "\(major).\(minor).\(patch)" }
}
