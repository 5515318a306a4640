import KeyedArchive

// Error codes raised by the Nib module.
extension ArchiveError.Code {
    /// A directory is not a nib container (no archive found inside it).
    public static let notANib = Self("notANib", cocoaCode: 3840)
    /// The archive decodes, but its root is not a UIKit or AppKit nib.
    public static let notANibArchive = Self("notANibArchive", cocoaCode: 4864)
    /// A placeholder's external object was not supplied to `instantiate`.
    public static let missingExternalObject = Self("missingExternalObject", cocoaCode: 4865)
    /// A connection named an outlet or attribute the destination class does not declare.
    public static let undeclaredOutlet = Self("undeclaredOutlet", cocoaCode: 4864)
    /// A value handed to a declared setter had the wrong type.
    public static let outletTypeMismatch = Self("outletTypeMismatch", cocoaCode: 4864)
    /// Loading a nib re-entered itself (a view whose initializer loads a nib rooted in the same class).
    public static let recursiveNibLoad = Self("recursiveNibLoad", cocoaCode: 4864)
    /// A storyboard has no such controller identifier, or no entry point.
    public static let unknownStoryboardIdentifier = Self("unknownStoryboardIdentifier", cocoaCode: 4865)
}
