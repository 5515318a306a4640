import Foundation
@testable import KeyedArchive

/// The README example: people who are friends with each other.
class Person: SecureKeyedCoding {
    var name = ""
    var age = 0
    var friends: [Person] = []
    var best: Person?
    required init() {}
    convenience init(_ name: String, age: Int = 0) {
        self.init()
        self.name = name
        self.age = age
    }
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        try a.encode(name, forKey: "name")
        a.encode(age, forKey: "age")
        try a.encode(friends, forKey: "friends")
        try a.encode(best, forKey: "best")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        name = try u.decodeObject(of: String.self, forKey: "name") ?? ""
        age = try u.decodeInt(forKey: "age")
        friends = try u.decodeObject(of: [Person].self, forKey: "friends") ?? []
        best = try u.decodeObject(of: Person.self, forKey: "best")
    }
}

/// A subclass, for "subclasses of allowed classes pass".
final class Employee: Person {
    var company = ""
    override func encode(with a: KeyedArchiver) throws(ArchiveError) {
        try super.encode(with: a)
        try a.encode(company, forKey: "company")
    }
    override func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        try super.decode(with: u)
        company = try u.decodeObject(of: String.self, forKey: "company") ?? ""
    }
}

/// A node of a singly linked ring (for the 1,000,000-node test).
final class RingNode: KeyedCoding {
    var value = 0
    var next: RingNode?
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {
        a.encode(value, forKey: "v")
        try a.encode(next, forKey: "next")
    }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) {
        value = try u.decodeInt(forKey: "v")
        next = try u.decodeObject(of: RingNode.self, forKey: "next")
    }
}

/// Not secure-coding: refused under requiresSecureCoding.
final class Insecure: KeyedCoding {
    var x = 0
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) { a.encode(x, forKey: "x") }
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) { x = try u.decodeInt(forKey: "x") }
}

/// Reads every scalar kind from one object, for table-driven tests: `probe` is set per test. Tests run
/// in parallel (the rows of one table too), so the probe is the current thread's: a test sets it, decodes
/// and clears it without suspending, all on one thread.
final class ScalarProbe: KeyedCoding {
    typealias Probe = (KeyedUnarchiver) throws(ArchiveError) -> Void
    static var probe: Probe? {
        get { Thread.current.threadDictionary[probeKey] as? Probe }
        set { Thread.current.threadDictionary[probeKey] = newValue }
    }
    private static let probeKey = "ScalarProbe.probe"
    init() {}
    func encode(with a: KeyedArchiver) throws(ArchiveError) {}
    func decode(with u: KeyedUnarchiver) throws(ArchiveError) { try Self.probe?(u) }
}

/// Archives `root` and decodes it back through the full property-list layout.
func roundTrip<T: KeyedArchivable>(_ root: T, as: T.Type, options: KeyedUnarchiver.Options = .init(),
                                   configure: (KeyedUnarchiver) -> Void = { _ in }) throws(ArchiveError) -> T? {
    let a = KeyedArchiver()
    try a.encode(root, forKey: "root")
    let pl = try a.encodedPropertyList()
    let u = try KeyedUnarchiver(keyedArchive: pl, options: options)
    configure(u)
    return try u.decodeTopLevelObject(of: T.self)
}
