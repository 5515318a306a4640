import Foundation
import KeyedArchive
import Nib

/// The ICC profiles ibtool embeds in the colour spaces of AppKit colours (`NSColorSpace.NSICC`):
/// Generic Gray Gamma 2.2 (`NSID` 9) and sRGB IEC61966-2.1 (`NSID` 7).
///
/// ibtool copies them from the Mac it runs on; they are Apple's data, so this package ships neither.
/// Give the compiler the same bytes and its colour spaces equal ibtool's: read them from ICC files,
/// or take them from any nib ibtool compiled (every AppKit nib with a catalog colour holds them).
/// Without them, colour spaces are written with their `NSID` and `NSModel` only, which AppKit
/// resolves to the same standard spaces.
///
/// ```swift
/// let profiles = try NibColorProfiles(contentsOf: URL(fileURLWithPath: "Build/MainMenu.nib"))
/// let compiler = NibCompiler(options: .init(colorProfiles: profiles))
/// ```
public struct NibColorProfiles: Sendable, Hashable {
    /// The Generic Gray Gamma 2.2 profile (`NSID` 9), if known.
    public var genericGray: [UInt8]?
    /// The sRGB profile (`NSID` 7), if known.
    public var sRGB: [UInt8]?

    /// Profiles given as bytes.
    public init(genericGray: [UInt8]? = nil, sRGB: [UInt8]? = nil) {
        self.genericGray = genericGray
        self.sRGB = sRGB
    }

    /// Whether neither profile is known.
    public var isEmpty: Bool { genericGray == nil && sRGB == nil }

    /// The `NSID` ibtool writes for the gray and the RGB colour space.
    static let grayID: Int64 = 9
    static let rgbID: Int64 = 7

    /// The profiles held by `NSColorSpace` objects of a compiled nib (either container).
    public init(harvestingFrom graph: ArchiveGraph) {
        self.init()
        for i in graph.objects.indices where graph.className(ofObject: i) == "NSColorSpace" {
            guard let id = graph.value(ofObject: i, forKey: "NSID").flatMap({ try? graph.number(of: $0) }),
                  case .int(let n, _) = id,
                  let icc = graph.value(ofObject: i, forKey: "NSICC"),
                  let bytes = try? graph.data(of: icc), Self.isProfile(bytes) else { continue }
            if n == Self.grayID, genericGray == nil { genericGray = Array(bytes) }
            if n == Self.rgbID, sRGB == nil { sRGB = Array(bytes) }
        }
    }

    /// Larger files are not read as profiles (Apple's gray and sRGB profiles are a few KB).
    static let maxProfileBytes = 16 << 20

    /// Profiles from `url`: an `.icc` file, a directory of them (classified by their colour space:
    /// `GRAY` is the gray profile, `RGB ` the sRGB one), or a compiled nib (file, nib directory or
    /// `.storyboardc`) to take them from.
    ///
    /// - Throws: ``ArchiveError`` when `url` cannot be read or holds neither profile.
    public init(contentsOf url: URL) throws(ArchiveError) {
        self.init()
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ArchiveError(.unknownFormat, "colour profiles: no file at \(url.path)")
        }
        let names = isDirectory.boolValue ? ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).sorted() : []
        let iccFiles = isDirectory.boolValue ? names.filter { $0.lowercased().hasSuffix(".icc") || $0.lowercased().hasSuffix(".icm") } : []
        if !isDirectory.boolValue, let bytes = try? FileBytes.read(path: url.path, limit: Self.maxProfileBytes), Self.isProfile(bytes[...]) {
            take(bytes)
        } else if !iccFiles.isEmpty {
            for name in iccFiles {
                if let bytes = try? FileBytes.read(path: url.appendingPathComponent(name).path, limit: Self.maxProfileBytes), Self.isProfile(bytes[...]) { take(bytes) }
            }
        } else {
            // A .storyboardc holds one nib per scene; a nib file or nib directory is one nib.
            let scenes = names.filter { $0.hasSuffix(".nib") }.map { url.appendingPathComponent($0) }
            for nib in url.pathExtension == "storyboardc" ? scenes : [url] {
                let found = NibColorProfiles(harvestingFrom: try NibContainer.open(.url(nib)).graph())
                genericGray = genericGray ?? found.genericGray
                sRGB = sRGB ?? found.sRGB
            }
        }
        guard !isEmpty else { throw ArchiveError(.unknownFormat, "colour profiles: \(url.path) holds neither the gray nor the sRGB profile") }
    }

    /// Keeps `bytes` as the gray or the sRGB profile, by its data colour space (header bytes 16..<20).
    private mutating func take(_ bytes: [UInt8]) {
        let space = String(decoding: bytes[16 ..< 20], as: UTF8.self)
        if space == "GRAY", genericGray == nil { genericGray = bytes }
        if space == "RGB ", sRGB == nil { sRGB = bytes }
    }

    /// Whether `bytes` look like an ICC profile: the declared size is the data's, and `acsp` at 36.
    static func isProfile(_ bytes: ArraySlice<UInt8>) -> Bool {
        guard bytes.count >= 128 else { return false }
        let b = bytes.startIndex
        let size = bytes[b ..< b + 4].reduce(0) { $0 << 8 | Int($1) }
        return size == bytes.count && Array(bytes[b + 36 ..< b + 40]) == Array("acsp".utf8)
    }
}
