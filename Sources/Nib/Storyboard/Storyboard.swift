#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive

/// A compiled storyboard that instantiates view controllers the way UIKit and AppKit do.
///
/// For a controller identifier, the scene nib is instantiated with a private scene owner and the
/// storyboard as the `UIStoryboardPlaceholder`/`NSStoryboardPlaceholder` external object. The controller is
/// created (`storyboard` still nil), connected (its `storyboard` outlet set) and sent `awakeFromNib`,
/// all **before** its view exists. The view nib (`UINibName`/`NSNibName`) is loaded only on first view
/// access (``loadView(for:options:)``, or ``StoryboardViewController/view``) with the controller as owner and
/// `UIExternalObjectsTableForViewLoading` as external objects; the view objects are then awoken and
/// the controller gets ``StoryboardViewController/viewDidLoad()``. Embed segues are not performed.
///
/// Every scene and view nib is parsed once and cached.
public final class Storyboard: Sendable {
    /// The storyboard's model (`Info.plist`).
    public let document: StoryboardDocument
    /// Options for each instantiation (registry, hooks).
    public let registry: NibClassRegistry
    private let nibs: ArchiveLock<[String: Nib]>

    /// Opens a `.storyboardc` directory at `url`.
    public convenience init(contentsOf url: URL, options: NibOpenOptions = .default, registry: NibClassRegistry = .shared) throws(ArchiveError) {
        guard case let .directory(dir) = try NibSource.url(url) else {
            throw ArchiveError(.notANib, "\(url.path) is not a .storyboardc directory", keyPath: [url.lastPathComponent])
        }
        try self.init(directory: dir, options: options, registry: registry)
    }

    /// Opens a `.storyboardc` directory (on disk or in memory).
    public convenience init(directory: any NibDirectory, options: NibOpenOptions = .default, registry: NibClassRegistry = .shared) throws(ArchiveError) {
        self.init(document: try StoryboardDocument(directory: directory, options: options), registry: registry)
    }

    /// A storyboard over a model, optionally with scene and view nibs already parsed (by base name).
    public init(document: StoryboardDocument, nibs: [String: Nib] = [:], registry: NibClassRegistry = .shared) {
        self.document = document
        self.registry = registry
        self.nibs = ArchiveLock(nibs)
    }

    /// The identifier of the initial controller, if the storyboard has one.
    public var entryPoint: String? { document.entryPoint }

    /// The nib with base name `name` (`<name>.nib`), parsed on first use.
    public func nib(named name: String) throws(ArchiveError) -> Nib {
        if let hit = nibs.withLock({ $0[name] }) { return hit }
        let source = try document.nibSource(named: name)
        let parsed: Nib
        do {
            parsed = try Nib(source: source, options: document.options)
        } catch {
            throw error.prefixingKeyPath(document.directory.name)
        }
        nibs.withLock { $0[name] = parsed }
        return parsed
    }

    /// Instantiates the initial controller.
    /// - Throws: `unknownStoryboardIdentifier` when the storyboard has no entry point.
    public func instantiateInitialController() throws(ArchiveError) -> AnyObject {
        guard let entry = document.entryPoint else {
            throw ArchiveError(.unknownStoryboardIdentifier, "\(document.directory.name) has no initial controller")
        }
        return try instantiateController(identifier: entry)
    }

    /// Instantiates the controller with storyboard identifier `identifier` (its view is not loaded yet).
    /// - Throws: `unknownStoryboardIdentifier` for an unknown identifier, or
    ///   `valueNotFound` when the scene nib names no controller.
    public func instantiateController(identifier: String) throws(ArchiveError) -> AnyObject {
        try instantiateScene(identifier: identifier).controller
    }

    /// Instantiates the storyboard's main menu nib (`NSStoryboardMainMenu`, macOS) with `owner` (the
    /// application) and returns its top-level objects.
    /// - Throws: `unknownStoryboardIdentifier` when the storyboard has no main menu.
    public func instantiateMainMenu(owner: AnyObject?) throws(ArchiveError) -> [AnyObject] {
        guard let menu = document.mainMenu, let nibName = document.nibName(forIdentifier: menu) else {
            throw ArchiveError(.unknownStoryboardIdentifier, "\(document.directory.name) has no main menu")
        }
        return try nib(named: nibName).instantiate(owner: owner, externalObjects: storyboardExternals)
    }

    private var storyboardExternals: [String: AnyObject] {
        ["UIStoryboardPlaceholder": self, "NSStoryboardPlaceholder": self]
    }

    /// Instantiates a scene and returns the controller with the full instantiation result.
    public func instantiateScene(identifier: String, options: NibInstantiationOptions? = nil) throws(ArchiveError)
        -> (controller: AnyObject, instantiation: NibInstantiation) {
        guard let nibName = document.nibName(forIdentifier: identifier) else {
            throw ArchiveError(.unknownStoryboardIdentifier, "\(document.directory.name) has no controller '\(identifier)'", keyPath: [identifier])
        }
        let scene = try nib(named: nibName)
        let owner = StoryboardSceneOwner()
        // Both placeholder spellings resolve to the storyboard.
        let result = try scene.instantiate(owner: owner, externalObjects: storyboardExternals, options: options ?? NibInstantiationOptions(registry: registry))
        guard let controller = owner.controller else {
            throw ArchiveError(.valueNotFound, "scene nib \(nibName) connects no sceneViewController/sceneController", keyPath: [nibName])
        }
        (controller as? StoryboardViewController)?.storyboardForViewLoading = self
        return (controller, result)
    }

    /// Loads `controller`'s view nib if it has one and it is not loaded yet: owner = the controller,
    /// externals = its `UIExternalObjectsTableForViewLoading`/`NSExternalObjectsTableForViewLoading`.
    /// Afterwards ``StoryboardViewController/viewDidLoad()`` runs for registered controllers.
    /// - Returns: the view (the controller's `view` outlet), or nil when the controller has no view nib.
    @discardableResult
    public func loadView(for controller: AnyObject, options: NibInstantiationOptions? = nil) throws(ArchiveError) -> AnyObject? {
        let name: String?
        let externals: [String: AnyObject]
        if let vc = controller as? StoryboardViewController {
            if vc.isViewLoaded { return vc.loadedView }
            name = vc.viewNibName
            externals = vc.externalObjectsForViewLoading
        } else if let generic = controller as? NibObject {
            if let existing = generic.outlet("view")?.object { return existing }
            name = generic.value(forKey: "UINibName").string ?? generic.value(forKey: "NSNibName").string
            externals = Self.externals(generic.value(forKey: "UIExternalObjectsTableForViewLoading"))
                .merging(Self.externals(generic.value(forKey: "NSExternalObjectsTableForViewLoading"))) { a, _ in a }
        } else {
            return nil
        }
        guard let name else { return nil }
        let viewNib = try nib(named: name)
        _ = try viewNib.instantiate(owner: controller, externalObjects: externals, options: options ?? NibInstantiationOptions(registry: registry))
        if let vc = controller as? StoryboardViewController {
            vc.isViewLoaded = true
            vc.viewDidLoad()
            return vc.loadedView
        }
        return (controller as? NibObject)?.outlet("view")?.object
    }

    static func externals(_ value: NibValue) -> [String: AnyObject] {
        guard case let .dictionary(pairs) = value else { return [:] }
        var out: [String: AnyObject] = [:]
        for p in pairs { if let k = p.key.string, let o = p.value.object { out[k] = o } }
        return out
    }
}

/// The private owner of a scene nib: it receives the controller through the
/// `sceneViewController` (UIKit) or `sceneController` (AppKit) outlet.
final class StoryboardSceneOwner: NibConnectable {
    var controller: AnyObject?
    static var nibKeys: NibKeys {
        var k = NibKeys()
        k.outlet("sceneViewController") { (o: StoryboardSceneOwner, v: NibValue) in o.controller = v.object }
        k.outlet("sceneController") { (o: StoryboardSceneOwner, v: NibValue) in o.controller = v.object }
        return k
    }
}

/// A base class for registered storyboard controllers (the `UIViewController`/`NSViewController`
/// stand-in): it decodes the view-nib name and externals, accepts the `storyboard` and `view`
/// outlets, and loads its view lazily.
///
/// Subclasses override ``nibKeys`` (starting from `super.nibKeys`), ``decodeNib(from:)`` (calling
/// super), ``awakeFromNib()`` and ``viewDidLoad()``.
open class StoryboardViewController: NibInstantiable {
    /// The storyboard, set by the `storyboard` outlet before ``awakeFromNib()``; nil during decoding.
    public internal(set) weak var storyboard: Storyboard?
    /// `UINibName` / `NSNibName`.
    public internal(set) var viewNibName: String?
    /// `UIExternalObjectsTableForViewLoading` / `NSExternalObjectsTableForViewLoading`.
    public internal(set) var externalObjectsForViewLoading: [String: AnyObject] = [:]
    /// Whether the view nib has been loaded.
    public internal(set) var isViewLoaded = false
    var loadedView: AnyObject?
    weak var storyboardForViewLoading: Storyboard?

    /// An empty controller; fields arrive in ``decodeNib(from:)``.
    public required init() {}

    /// The view, loading the view nib on first access (nil if loading fails or there is none).
    public var view: AnyObject? {
        if !isViewLoaded, let sb = storyboard ?? storyboardForViewLoading { _ = try? sb.loadView(for: self) }
        return loadedView
    }

    /// Declares the `storyboard` and `view` outlets; subclasses start from `super.nibKeys`.
    open class var nibKeys: NibKeys {
        var k = NibKeys()
        k.outlet("storyboard") { (vc: StoryboardViewController, v: NibValue) in vc.storyboard = v.object as? Storyboard }
        k.outlet("view") { (vc: StoryboardViewController, v: NibValue) in vc.loadedView = v.object }
        return k
    }

    /// Reads the view-nib name and externals; call `super` when overriding.
    open func decodeNib(from coder: NibCoder) throws(ArchiveError) {
        if let uiName = try coder.decodeString(forKey: "UINibName") {
            viewNibName = uiName
        } else {
            viewNibName = try coder.decodeString(forKey: "NSNibName")
        }
        for key in ["UIExternalObjectsTableForViewLoading", "NSExternalObjectsTableForViewLoading"] {
            externalObjectsForViewLoading.merge(Storyboard.externals(coder.value(forKey: key))) { a, _ in a }
        }
    }

    /// Called after the scene's connections, before the view exists.
    open func awakeFromNib() {}

    /// Called after the view nib is loaded and its objects awoken.
    open func viewDidLoad() {}
}
