import Foundation

/// Probe commands over PropertyListSerialization (owned by the property-list layer's tests).
let plistProbeCommands: [String: @Sendable ([String]) throws -> Void] = [:]
