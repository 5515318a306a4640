#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import KeyedArchive
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Every test-class instance created during one fuzz input, per thread. Decoded graphs may hold
/// reference cycles (that is the point of keyed archives), so the harness breaks them after each input;
/// otherwise LeakSanitizer would report the harness's own test objects.
///
/// Unit tests run harnesses on several threads at once; each thread only ever breaks the cycles of
/// the instances it created itself (creation and breaking happen in the same synchronous call).
enum FuzzInstances {
    private final class Registry: @unchecked Sendable {
        var live: [UInt: [any FuzzCycleBreaking]] = [:]
    }
    private static let registry = ArchiveLock(Registry())

    /// Records an instance created on the current thread.
    static func track(_ instance: any FuzzCycleBreaking) {
        let thread = currentThreadID()
        registry.withLock { $0.live[thread, default: []].append(instance) }
    }

    /// Breaks the cycles of every instance the current thread created, and forgets them.
    static func breakCycles() {
        let thread = currentThreadID()
        let mine = registry.withLock { Box($0.live.removeValue(forKey: thread) ?? []) }.instances
        for instance in mine { instance.breakCycles() }
    }

    private static func currentThreadID() -> UInt {
        #if canImport(Glibc)
        return UInt(pthread_self())
        #else
        return UInt(bitPattern: pthread_self())
        #endif
    }
}

/// Carries non-Sendable instances out of the lock; they are only touched by the thread that made them.
private struct Box: @unchecked Sendable {
    let instances: [any FuzzCycleBreaking]
    init(_ instances: [any FuzzCycleBreaking]) { self.instances = instances }
}

/// A test class that can drop every reference it holds.
protocol FuzzCycleBreaking: AnyObject {
    func breakCycles()
}

/// A secure-coding test class with one field of every scalar kind and several object kinds.
public final class FuzzPerson: SecureKeyedCoding, FuzzCycleBreaking {
    public static var archivedClassName: String { "FuzzPerson" }

    var name = ""
    var nickname: String?
    var age = 0
    var small: Int8 = 0
    var unsigned: UInt32 = 0
    var big: UInt64 = 0
    var flag = false
    var ratio: Float = 0
    var score = 0.0
    var blob: [UInt8]?
    var data: Data?
    var born: Date?
    var home: URL?
    var id: UUID?
    var best: FuzzPerson?
    var friends: [FuzzPerson] = []
    var tags: Set<String> = []
    var scores: [String: Double] = [:]
    var extra: ArchivedValue?

    public init() { FuzzInstances.track(self) }

    public func encode(with a: KeyedArchiver) throws(ArchiveError) {
        try a.encode(name, forKey: "name")
        try a.encode(nickname, forKey: "nickname")
        a.encode(age, forKey: "age")
        a.encode(small, forKey: "small")
        a.encode(unsigned, forKey: "unsigned")
        a.encode(big, forKey: "big")
        a.encode(flag, forKey: "flag")
        a.encode(ratio, forKey: "ratio")
        a.encode(score, forKey: "score")
        if let blob { a.encodeBytes(blob, forKey: "blob") }
        try a.encode(data, forKey: "data")
        try a.encode(born, forKey: "born")
        try a.encode(home, forKey: "home")
        try a.encode(id, forKey: "id")
        try a.encode(best, forKey: "best")
        try a.encode(friends, forKey: "friends")
        try a.encode(tags, forKey: "tags")
        try a.encode(scores, forKey: "scores")
        try a.encode(extra, forKey: "extra")
    }

    public func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        DecodeReach.noteDecode()
        name = try u.decodeObject(of: String.self, forKey: "name") ?? ""
        nickname = try u.decodeObject(of: String.self, forKey: "nickname")
        age = try u.decodeInt(forKey: "age")
        small = try u.decodeInt8(forKey: "small")
        unsigned = try u.decodeUInt32(forKey: "unsigned")
        big = try u.decodeUInt64(forKey: "big")
        flag = try u.decodeBool(forKey: "flag")
        ratio = try u.decodeFloat(forKey: "ratio")
        score = try u.decodeDouble(forKey: "score")
        blob = try u.decodeBytes(forKey: "blob")
        data = try u.decodeObject(of: Data.self, forKey: "data")
        born = try u.decodeObject(of: Date.self, forKey: "born")
        home = try u.decodeObject(of: URL.self, forKey: "home")
        id = try u.decodeObject(of: UUID.self, forKey: "id")
        best = try u.decodeObject(of: FuzzPerson.self, forKey: "best")
        friends = try u.decodeObject(of: [FuzzPerson].self, forKey: "friends") ?? []
        tags = try u.decodeObject(of: Set<String>.self, forKey: "tags") ?? []
        scores = try u.decodeObject(of: [String: Double].self, forKey: "scores") ?? [:]
        extra = try u.decodeObject(of: ArchivedValue.self, forKey: "extra")
    }

    func breakCycles() {
        best = nil
        friends = []
        extra = nil
    }
}

/// A non-secure test class: a linked structure with un-keyed values and any-shaped payloads.
public final class FuzzNode: KeyedCoding, FuzzCycleBreaking {
    public static var archivedClassName: String { "FuzzNode" }

    var value: ArchivedValue?
    var next: FuzzNode?
    var children: [FuzzNode] = []
    var owner: (any KeyedCoding)?
    var first: Int64 = 0
    var second: Double = 0
    var raw: [UInt8]?

    public init() { FuzzInstances.track(self) }

    public func encode(with a: KeyedArchiver) throws(ArchiveError) {
        try a.encode(value, forKey: "value")
        try a.encode(next, forKey: "next")
        try a.encode(children, forKey: "children")
        // The un-keyed values (`$0`, `$1`, `$2`) have no public encode call; the fuzzer supplies them.
    }

    public func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        DecodeReach.noteDecode()
        value = try u.decodeObject(of: ArchivedValue.self, forKey: "value")
        next = try u.decodeObject(of: FuzzNode.self, forKey: "next")
        children = try u.decodeObject(of: [FuzzNode].self, forKey: "children") ?? []
        owner = try u.decodeObject(of: [FuzzPerson.self, FuzzNode.self], forKey: "owner")
        first = try u.decodeUnkeyedInt64()
        second = try u.decodeUnkeyedDouble()
        raw = try u.decodeUnkeyedBytes()
    }

    func breakCycles() {
        value = nil
        next = nil
        children = []
        owner = nil
    }
}
