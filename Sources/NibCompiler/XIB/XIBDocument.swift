import Foundation
import KeyedArchive

/// A modern (`document` version 3.0) XIB or storyboard source, read into a typed model over its XML.
///
/// The typed parts are what every compile needs: the header, dependencies, objects with their ids,
/// custom classes, connections, runtime attributes, resources and (for storyboards) scenes. Each
/// class's own properties (`<rect key="frame">`, `<color key="backgroundColor">`, attributes such as
/// `text="…"`) stay in ``tree``, where the class encoders read them.
public struct XIBDocument: Sendable {
    /// `.xib` or `.storyboard`.
    public enum Kind: String, Sendable, Hashable {
        /// A XIB: one nib.
        case xib
        /// A storyboard: one `.storyboardc` of scene and view nibs.
        case storyboard
    }

    /// The XML, as read.
    public var tree: XMLTree
    /// XIB or storyboard (from the document `type`).
    public var kind: Kind
    /// UIKit or AppKit (from `targetRuntime`).
    public var runtime: XIBRuntime
    /// The document `type`, e.g. `com.apple.InterfaceBuilder3.CocoaTouch.XIB`.
    public var type: String
    /// `targetRuntime`, e.g. `iOS.CocoaTouch` or `MacOSX.Cocoa`.
    public var targetRuntime: String
    /// `toolsVersion` (the Interface Builder build that saved it).
    public var toolsVersion: String?
    /// `useAutolayout="YES"`.
    public var useAutolayout: Bool
    /// `<deployment identifier>`: `iOS`, `macosx`, ….
    public var deploymentIdentifier: String?
    /// `<deployment version>` as (major, minor), decoded from IB's packed decimal form (`2096` = 8.3).
    public var deploymentVersion: (major: Int, minor: Int)?
    /// `<plugIn identifier version>` entries.
    public var plugins: [(identifier: String, version: String?)]
    /// A storyboard's `initialViewController` id.
    public var initialViewController: String?
    /// Every object in document order.
    public var objects: [XIBObject]
    /// A XIB's top-level objects (children of `<objects>`), placeholders first as written.
    public var topLevel: [Int]
    /// A storyboard's scenes.
    public var scenes: [XIBScene]
    /// `<resources>` entries.
    public var resources: [XIBResource]
    /// Object index by XIB id.
    public var objectIndex: [String: Int]
    /// Whether the document is localized (it sits in a `.lproj` directory, as `Base.lproj`): its
    /// titles then compile to `NSLocalizableString`s keyed `<object id>.<property>`, the keys of its
    /// `.strings` files. Set by ``init(contentsOf:limits:)``; change it for documents read from bytes.
    public var isLocalized = false
    /// A legacy Interface Builder 3 XIB's archived objects (its `<archive>` element); nil for a
    /// `document` version 3.0 source.
    public var legacyArchive: LegacyIBArchive?
}

extension XIBDocument {
    /// Reads a XIB or storyboard file, or the `designable.nib` of an Interface Builder 3 `.nib` bundle
    /// (a directory holding it, as `ibtool` accepts one).
    public init(contentsOf url: URL, limits: DecodingLimits = .xibDefault) throws(ArchiveError) {
        var source = url
        var isDirectory: ObjCBool = false
        if FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), isDirectory.boolValue {
            source = url.appendingPathComponent("designable.nib")
            guard FileManager.default.fileExists(atPath: source.path) else {
                throw ArchiveError(.readFailed, "\(url.path) is a directory without a designable.nib (not an Interface Builder 3 .nib bundle)")
            }
        }
        try self.init(xml: FileBytes.read(path: source.path, limit: limits.maxTotalBytes), limits: limits)
        // A bundle's designable.nib is localized by the directory that holds the bundle.
        isLocalized = (source == url ? url : url.deletingLastPathComponent()).deletingLastPathComponent().pathExtension == "lproj"
    }

    /// Reads XIB or storyboard XML.
    ///
    /// - Throws: ``ArchiveError`` with line and column: the XML scanner's errors; `.unsupportedFormat`
    ///   for a document version other than 3.0 and a legacy `<archive>` XIB of another type than
    ///   `com.apple.InterfaceBuilder3.Cocoa.XIB`; `.corrupt` for a document
    ///   that breaks the XIB structure (a duplicate id, a connection without its property or selector).
    public init(xml bytes: [UInt8], limits: DecodingLimits = .xibDefault) throws(ArchiveError) {
        let tree = try XMLTree(xml: bytes, limits: limits)
        self = try XIBReader(tree: tree).read()
    }

    /// The object with XIB id `id`.
    public func object(withID id: String) -> XIBObject? {
        objectIndex[id].map { objects[$0] }
    }

    /// Whether the document says `customObjectInstantitationMethod="direct"`: custom objects and
    /// custom views are created as their own class (class swappers), not as stand-ins.
    public var instantiatesCustomObjectsDirectly: Bool {
        tree.elements[tree.root]["customObjectInstantitationMethod"] == "direct"
    }

    /// The leading number of ``toolsVersion`` (`11762`, `22505`); 0 when absent. ibtool upgrades
    /// documents of older tools on the fly, and the compiler follows where the golden pairs show it.
    public var toolsBuild: Int { toolsVersion.flatMap { Int($0.prefix { $0.isNumber }) } ?? 0 }

    /// An attribute of object `o`'s element. A string property that XML attributes cannot carry
    /// (leading tabs, control characters) is a child `<string key="name">`, its text verbatim or,
    /// with `base64-UTF8="YES"`, base64 of the UTF-8 bytes; those are read too.
    public func attribute(_ name: String, of o: Int) -> String? {
        attribute(name, ofElement: objects[o].element)
    }

    /// Attribute `name` of element `e` (an object's, or one inside it such as a text `<fragment>`),
    /// read as ``attribute(_:of:)`` reads an object's.
    public func attribute(_ name: String, ofElement e: Int) -> String? {
        if let v = tree.elements[e][name] { return v }
        guard let s = stringProperty(name, ofElement: e) else { return nil }
        return s.base64 ? Self.decodeBase64(s.text) : s.text
    }

    /// The child `<string key="name">` of object `o`: its text, and whether it is base64.
    public func stringProperty(_ name: String, of o: Int) -> (text: String, base64: Bool)? {
        stringProperty(name, ofElement: objects[o].element)
    }

    /// The child `<string key="name">` of element `e`: its text, and whether it is base64.
    public func stringProperty(_ name: String, ofElement e: Int) -> (text: String, base64: Bool)? {
        guard let c = tree.elements[e].children.first(where: { tree.elements[$0].name == "string" && tree.elements[$0]["key"] == name })
        else { return nil }
        return (tree.elements[c].text, tree.elements[c]["base64-UTF8"] == "YES")
    }

    /// Base64 text (line breaks and spaces ignored, padding optional, as Interface Builder writes
    /// it) as UTF-8; nil when it is not valid base64.
    static func decodeBase64(_ text: String) -> String? {
        decodeBase64Bytes(text).map { String(decoding: $0, as: UTF8.self) }
    }

    /// Base64 text as ``decodeBase64(_:)`` reads it, as bytes. Interface Builder 3 ends its base64 with
    /// one character more than the bytes need (`MSAxIDEAA` is the 6 bytes `1 1 1\0`); a last character
    /// that completes no byte is dropped.
    static func decodeBase64Bytes(_ text: String) -> [UInt8]? {
        var compact = text.filter { !$0.isWhitespace }
        if compact.count % 4 == 1 { compact.removeLast() }
        compact += String(repeating: "=", count: (4 - compact.count % 4) % 4)
        return Data(base64Encoded: compact).map { Array($0) }
    }

    /// The placeholders among the top-level objects (or a scene's objects).
    public func placeholders(in list: [Int]) -> [Int] {
        list.filter { objects[$0].name == "placeholder" || (runtime == .cocoa && objects[$0].id.hasPrefix("-")) }
    }
}
