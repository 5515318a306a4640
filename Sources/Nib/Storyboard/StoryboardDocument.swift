import KeyedArchive

/// The model of a compiled storyboard (`.storyboardc`): its `Info.plist` and one scene per controller.
public struct StoryboardDocument: Sendable {
    /// iOS (`UIViewControllerIdentifiersToNibNames`) or macOS (`NSViewControllerIdentifiersToNibNames`).
    public let platform: NibPlatform
    /// The `.storyboardc` directory.
    public let directory: any NibDirectory
    /// Controller identifier → scene nib base name, sorted by identifier.
    public let nibNames: [(identifier: String, nibName: String)]
    /// The initial controller's identifier (`UIStoryboardDesignatedEntryPointIdentifier` /
    /// `NSStoryboardDesignatedEntryPointIdentifier`), if any.
    public let entryPoint: String?
    /// `NSStoryboardMainMenu` (macOS) or `UIStoryboardDesignatedMenuIdentifier` (iOS).
    public let mainMenu: String?
    /// Options used to open the scene and view nibs.
    public let options: NibOpenOptions

    /// A storyboard described directly (for storyboards assembled in memory).
    public init(platform: NibPlatform, nibNames: [String: String], entryPoint: String?, mainMenu: String? = nil,
                directory: any NibDirectory, options: NibOpenOptions = .default) {
        self.platform = platform
        self.nibNames = nibNames.sorted { $0.key < $1.key }.map { (identifier: $0.key, nibName: $0.value) }
        self.entryPoint = entryPoint
        self.mainMenu = mainMenu
        self.directory = directory
        self.options = options
    }

    /// Reads `Info.plist` of a `.storyboardc` directory.
    /// - Throws: `notANib` when the directory has no `Info.plist` with a
    ///   controller table; plist errors from the reader.
    public init(directory: any NibDirectory, options: NibOpenOptions = .default) throws(ArchiveError) {
        self.directory = directory
        self.options = options
        let plist = try NibArchiveParsing.propertyList(directory.read("Info.plist"), limits: options.limits)
        guard plist.kind(plist.root) == .dict else {
            throw ArchiveError(.notANib, "\(directory.name)/Info.plist is not a dictionary", keyPath: ["Info.plist"])
        }
        func string(_ key: String) -> String? { plist.dictValue(plist.root, forKey: key).flatMap(plist.string) }
        let tableKey: String
        if plist.dictValue(plist.root, forKey: "UIViewControllerIdentifiersToNibNames") != nil {
            platform = .iOS
            tableKey = "UIViewControllerIdentifiersToNibNames"
            entryPoint = string("UIStoryboardDesignatedEntryPointIdentifier")
            mainMenu = string("UIStoryboardDesignatedMenuIdentifier")
        } else if plist.dictValue(plist.root, forKey: "NSViewControllerIdentifiersToNibNames") != nil {
            platform = .macOS
            tableKey = "NSViewControllerIdentifiersToNibNames"
            entryPoint = string("NSStoryboardDesignatedEntryPointIdentifier")
            mainMenu = string("NSStoryboardMainMenu")
        } else {
            throw ArchiveError(.notANib, "\(directory.name)/Info.plist has no controller-to-nib table", keyPath: ["Info.plist"])
        }
        var names: [(String, String)] = []
        if let table = plist.dictValue(plist.root, forKey: tableKey), plist.kind(table) == .dict {
            for (k, v) in zip(plist.dictKeys(table), plist.dictValues(table)) {
                guard let id = plist.string(k), let nib = plist.string(v) else {
                    throw ArchiveError(.typeMismatch, "\(tableKey) maps a non-string", keyPath: ["Info.plist", tableKey])
                }
                names.append((id, nib))
            }
        }
        nibNames = names.sorted { $0.0 < $1.0 }.map { (identifier: $0.0, nibName: $0.1) }
    }

    /// Whether a directory looks like a compiled storyboard (has an `Info.plist`).
    public static func isStoryboard(_ directory: any NibDirectory) -> Bool {
        directory.contains("Info.plist")
    }

    /// The nib base name for a controller identifier.
    public func nibName(forIdentifier identifier: String) -> String? {
        nibNames.first { $0.identifier == identifier }?.nibName
    }

    /// The source of the nib named `name` (`<name>.nib` file or directory) inside the storyboard.
    /// - Throws: `fileNotFound` when the storyboard has no such nib.
    public func nibSource(named name: String) throws(ArchiveError) -> NibSource {
        let file = name + ".nib"
        if let sub = directory.subdirectory(file) { return .directory(sub) }
        guard directory.contains(file) else {
            throw ArchiveError(.fileNotFound, "\(directory.name) has no nib \(file)", keyPath: [directory.name, file])
        }
        return .data(try directory.read(file), name: file)
    }

    /// Parses the nib named `name`.
    public func document(nibNamed name: String) throws(ArchiveError) -> NibDocument {
        let source = try nibSource(named: name)
        do {
            return try NibDocument(source: source, options: options)
        } catch {
            throw error.prefixingKeyPath(name + ".nib").prefixingKeyPath(directory.name)
        }
    }

    /// Describes every scene (parses each scene nib). A scene whose nib is missing or unreadable is
    /// listed with ``StoryboardScene/problem`` set.
    public func scenes() -> [StoryboardScene] {
        var out: [StoryboardScene] = []
        for (id, nib) in nibNames {
            do {
                out.append(try StoryboardScene(identifier: id, nibName: nib, document: document(nibNamed: nib)))
            } catch {
                out.append(StoryboardScene(identifier: id, nibName: nib, problem: error))
            }
        }
        return out
    }

    /// The summary the CLI prints: the platform, scenes and entry point.
    public func summary() -> NibSummary {
        NibSummary(platform: platform, container: nil, objectCount: 0, placeholders: [], topLevelObjects: [], connections: [],
                   runtimeAttributes: [], classSwaps: [], visibleWindows: [], imagePlaceholders: [], embeddedNibs: [],
                   segueTemplates: [], scenes: scenes(), entryPoint: entryPoint)
    }
}

/// One scene of a storyboard: the controller a scene nib creates and where its view lives.
public struct StoryboardScene: Sendable, Hashable, Codable {
    /// The controller's storyboard identifier (key of the `Info.plist` table).
    public var identifier: String
    /// The scene nib's base name.
    public var nibName: String
    /// The controller object in the scene nib (destination of the scene owner's
    /// `sceneViewController`/`sceneController` outlet), if found.
    public var controller: NibObjectReference?
    /// The controller's view nib (`UINibName` / `NSNibName`), loaded lazily on first view access.
    public var viewNibName: String?
    /// Segue templates archived in the scene nib.
    public var segueTemplates: [NibSegueTemplate]
    /// Why the scene nib could not be read (nil when it was).
    public var problem: String?

    init(identifier: String, nibName: String, problem: ArchiveError) {
        self.identifier = identifier
        self.nibName = nibName
        self.segueTemplates = []
        self.problem = problem.description
    }

    /// Describes the scene whose nib is `document`.
    public init(identifier: String, nibName: String, document: NibDocument) throws(ArchiveError) {
        self.identifier = identifier
        self.nibName = nibName
        self.segueTemplates = document.segueTemplates
        let controllerIndex = document.sceneControllerIndex()
        self.controller = controllerIndex.map(document.reference)
        if let c = controllerIndex {
            viewNibName = document.graph.nibString(c, document.platform == .iOS ? "UINibName" : "NSNibName")
        }
    }
}

extension NibDocument {
    /// The controller a storyboard scene nib creates: the destination of the owner's
    /// `sceneViewController` (iOS) or `sceneController` (macOS) outlet.
    public func sceneControllerIndex() -> Int? {
        guard let owner = filesOwner?.index else { return nil }
        return connections.first {
            $0.kind == .outlet && $0.source?.index == owner && ($0.label == "sceneViewController" || $0.label == "sceneController")
        }?.destination?.index
    }
}
