/// How to compile: what ibtool's `--module`, `--minimum-deployment-target` and `--target-device` say.
public struct NibCompilerOptions: Sendable, Hashable {
    /// The device family a UIKit nib is compiled for.
    public enum TargetDevice: String, Sendable, Hashable, CaseIterable {
        /// iPhone (the default for UIKit documents).
        case iphone
        /// iPad.
        case ipad
        /// Mac (AppKit documents, or Mac Catalyst).
        case mac
    }

    /// The Swift module that `customModuleProvider="target"` classes belong to (ibtool's `--module`).
    public var module: String?
    /// The oldest OS the nib must load on, `13.0` or `10.13` (ibtool's `--minimum-deployment-target`).
    /// It decides the container: macOS before 10.13 gets the `keyedobjects.nib` directory.
    public var minimumDeploymentTarget: String?
    /// The device family (ibtool's `--target-device`).
    public var targetDevice: TargetDevice?
    /// The ICC profiles ibtool embeds in AppKit colour spaces (it reads them from the Mac it runs
    /// on); none by default.
    public var colorProfiles: NibColorProfiles

    /// Options; every one defaults to what ibtool assumes when the flag is absent.
    public init(module: String? = nil, minimumDeploymentTarget: String? = nil, targetDevice: TargetDevice? = nil,
                colorProfiles: NibColorProfiles = .init()) {
        self.module = module
        self.minimumDeploymentTarget = minimumDeploymentTarget
        self.targetDevice = targetDevice
        self.colorProfiles = colorProfiles
    }

    /// Whether UIKit nibs are written as nib directories: a deployment target before iOS 13 gets
    /// `objects-13.0+.nib` for iOS 13 and later and `runtime.nib` for the systems before, as ibtool
    /// lays them out (`nib-object-model.md` §3). Both hold the same encode here: nothing this
    /// compiler writes needs iOS 13.
    var writesIOSNibDirectories: Bool {
        guard let v = deploymentVersion else { return false }
        return v.major < 13
    }

    /// The files of an iOS nib directory, newest variant first.
    static let iOSNibDirectoryFiles = ["objects-13.0+.nib", "runtime.nib"]

    /// `minimumDeploymentTarget` as (major, minor), when it parses.
    var deploymentVersion: (major: Int, minor: Int)? {
        guard let text = minimumDeploymentTarget else { return nil }
        let parts = text.split(separator: ".").map { Int($0) }
        guard let major = parts.first ?? nil else { return nil }
        return (major, parts.count > 1 ? (parts[1] ?? 0) : 0)
    }
}

/// One message from a compile, located in the source.
public struct NibCompileDiagnostic: Sendable, Hashable, CustomStringConvertible {
    /// How serious.
    public enum Severity: String, Sendable, Hashable {
        /// The compile failed.
        case error
        /// The output may differ from ibtool's (an unsupported property, an element encoded generically).
        case warning
        /// Information.
        case note
    }
    /// How serious.
    public var severity: Severity
    /// What, in one sentence.
    public var message: String
    /// 1-based line in the source.
    public var line: Int?
    /// 1-based column in the source.
    public var column: Int?

    /// `diagnostics` without repeats, in first-seen order (a table cell prototype is compiled twice:
    /// in the document's nib and in its own).
    static func unique(_ diagnostics: [NibCompileDiagnostic]) -> [NibCompileDiagnostic] {
        var seen = Set<NibCompileDiagnostic>()
        return diagnostics.filter { seen.insert($0).inserted }
    }

    /// A diagnostic.
    public init(severity: Severity, message: String, line: Int? = nil, column: Int? = nil) {
        self.severity = severity
        self.message = message
        self.line = line
        self.column = column
    }

    /// `line:col: severity: message` (the caller puts the file name in front).
    public var description: String {
        let at = line.map { l in column.map { "\(l):\($0): " } ?? "\(l): " } ?? ""
        return "\(at)\(severity.rawValue): \(message)"
    }
}
