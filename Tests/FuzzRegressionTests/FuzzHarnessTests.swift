import KeyedArchive
@testable import KeyedArchiveFuzzSupport
import Testing

/// The harness code itself: the samples it seeds from decode back faithfully, and every harness
/// accepts them under every option byte.
@Suite struct FuzzHarnessTests {
    @Test func personSampleDecodesWithFieldsAndCycles() throws {
        let samples = try FuzzSamples.archives()
        defer { FuzzInstances.breakCycles() }
        for sample in samples where sample.name.hasPrefix("person") {
            let u = try KeyedUnarchiver(keyedArchive: PropertyList(parsing: sample.bytes))
            u.register(FuzzPerson.self, FuzzNode.self)
            let ada = try #require(try u.decodeTopLevelObject(of: FuzzPerson.self), "\(sample.name)")
            #expect(ada.name == "Ada")
            #expect(ada.nickname == "$null")
            #expect(ada.age == -36 && ada.small == -128 && ada.unsigned == .max && ada.big == .max)
            #expect(ada.flag && ada.ratio.bitPattern == Float(-0.0).bitPattern && ada.score == .infinity)
            #expect(ada.blob == [0, 1, 0xFF])
            #expect(ada.tags == ["x"] && ada.scores == ["π": 3.14])
            let bob = try #require(ada.best)
            #expect(bob.name == "Bob 😀")
            #expect(bob.best === ada)
            #expect(ada.friends.count == 2 && ada.friends[0] === bob && ada.friends[1] === ada)
        }
    }

    @Test func nodeSampleDecodesItsRingAndPayloads() throws {
        let samples = try FuzzSamples.archives()
        defer { FuzzInstances.breakCycles() }
        for sample in samples where sample.name.hasPrefix("node") {
            let u = try KeyedUnarchiver(keyedArchive: PropertyList(parsing: sample.bytes))
            u.register(FuzzPerson.self, FuzzNode.self)
            let n1 = try #require(try u.decodeTopLevelObject(of: FuzzNode.self), "\(sample.name)")
            #expect(n1.next?.next?.next === n1)
            #expect(n1.children.count == 2 && n1.children[0] === n1.next)
            #expect(n1.value == .set([.string("a"), .int(2)]))
            #expect(n1.next?.next?.value == .data([1, 2, 3]))
        }
    }

    @Test func samplesSurviveEveryHarnessUnderEveryOptionByte() throws {
        for sample in try FuzzSamples.archives() {
            for target in FuzzTarget.allCases where target != .unarchiver {
                let failure = target.replay(sample.bytes)
                #expect(failure == nil, "\(sample.name): \(failure.map { "\($0)" } ?? "")")
            }
            for mode in UInt8(0) ..< 16 { FuzzTarget.unarchiver.run([mode] + sample.bytes) }
        }
    }
}
