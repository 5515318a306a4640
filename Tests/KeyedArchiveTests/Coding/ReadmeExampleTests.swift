import Testing
import KeyedArchive

// The README's worked example, exactly as a user would write it (no @testable).

final class Friend: KeyedCoding {
    var name = ""
    var friends: [Friend] = []

    init() {}
    convenience init(name: String) {
        self.init()
        self.name = name
    }

    func encode(with archiver: KeyedArchiver) throws(ArchiveError) {
        try archiver.encode(name, forKey: "name")
        try archiver.encode(friends, forKey: "friends")
    }

    func decode(with unarchiver: KeyedUnarchiver) throws(ArchiveError) {
        name = try unarchiver.decodeObject(of: String.self, forKey: "name") ?? ""
        friends = try unarchiver.decodeObject(of: [Friend].self, forKey: "friends") ?? []
    }
}

@Suite struct ReadmeExampleTests {
    @Test func friendsInACycleRoundTrip() throws {
        KeyedClassRegistry.register(Friend.self)
        let ann = Friend(name: "Ann"), bob = Friend(name: "Bob")
        ann.friends = [bob]
        bob.friends = [ann]

        let bytes = try KeyedArchiver.archivedData(withRootObject: ann)
        let back = try #require(try KeyedUnarchiver.unarchivedObject(of: Friend.self, from: bytes))

        #expect(back.name == "Ann")
        #expect(back.friends[0].name == "Bob")
        #expect(back.friends[0].friends[0] === back)
        bob.friends = []
        back.friends[0].friends = []
    }

    @Test func renamedModuleIsOneLine() throws {
        // An archive written by an app whose module was called MyApp.
        let writer = KeyedArchiver(outputFormat: .xml)
        writer.setClassName("MyApp.Person", for: Friend.self)
        try writer.encode(Friend(name: "Old"), forKey: "root")
        let old = try writer.encodedData()

        let unarchiver = try KeyedUnarchiver(bytes: old)
        unarchiver.setClass(Friend.self, forClassName: "MyApp.Person")  // the one line
        #expect(try unarchiver.decodeTopLevelObject(of: Friend.self)?.name == "Old")
    }
}
