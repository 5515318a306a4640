import Foundation

/// Probe commands over NSKeyedArchiver/NSKeyedUnarchiver (owned by the Archiver/Unarchiver tests).
let keyedProbeCommands: [String: @Sendable ([String]) throws -> Void] = [:]
