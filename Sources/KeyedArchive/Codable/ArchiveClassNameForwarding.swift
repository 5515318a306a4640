#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

/// A wrapper archived under the class name of the type it wraps. Foundation's `CodableConfiguration`
/// property wrapper codes its value on its own encoder (`encode(to:configuration:)`), so without this the
/// archived class would be `CodableConfiguration<…>`, which no `NSCoding` class is named.
protocol ArchiveClassNameForwarding {
    /// The type whose class name (``KeyedArchiveClassNamed`` or the encoder's strategy) the wrapper takes.
    static var archivedType: Any.Type { get }
}

extension CodableConfiguration: ArchiveClassNameForwarding {
    static var archivedType: Any.Type { T.self }
}

extension CodableTypeTraits {
    /// `type`, or the type it forwards its class name to.
    static func classNameType(_ type: Any.Type) -> Any.Type {
        (type as? any ArchiveClassNameForwarding.Type)?.archivedType ?? type
    }
}
