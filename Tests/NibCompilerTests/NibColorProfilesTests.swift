import Foundation
import Testing
import CorpusSupport
import KeyedArchive
import Nib
import NibCompiler

/// The ICC profiles ibtool embeds in AppKit colour spaces: where they come from, and that a compile
/// with them writes ibtool's colour spaces.
@Suite struct NibColorProfilesTests {
    @Test func harvestsBothProfilesFromAnIbtoolNib() throws {
        guard Corpus.require() else { return }
        let profiles = try NibColorProfiles(contentsOf: XIBCorpus.colorProfileSource)
        let gray = try #require(profiles.genericGray)
        let rgb = try #require(profiles.sRGB)
        #expect(gray.count == 4508)
        #expect(Array(gray[16 ..< 20]) == Array("GRAY".utf8))
        #expect(rgb.count == 3144)
        #expect(Array(rgb[16 ..< 20]) == Array("RGB ".utf8))
    }

    @Test func readsICCFilesByTheirColourSpace() throws {
        guard Corpus.require() else { return }
        let harvested = try NibColorProfiles(contentsOf: XIBCorpus.colorProfileSource)
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        try Data(try #require(harvested.genericGray)).write(to: dir.appendingPathComponent("Gray.icc"))
        try Data("not a profile".utf8).write(to: dir.appendingPathComponent("README.icc"))
        let fromDirectory = try NibColorProfiles(contentsOf: dir)
        #expect(fromDirectory.genericGray == harvested.genericGray)
        #expect(fromDirectory.sRGB == nil)
        let fromFile = try NibColorProfiles(contentsOf: dir.appendingPathComponent("Gray.icc"))
        #expect(fromFile == fromDirectory)
    }

    @Test func refusesAPathWithoutProfiles() throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("icc-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let text = dir.appendingPathComponent("profile.icc")
        try Data(repeating: 0, count: 200).write(to: text)
        #expect(throws: ArchiveError.self) { try NibColorProfiles(contentsOf: text) }
        #expect(throws: ArchiveError.self) { try NibColorProfiles(contentsOf: dir.appendingPathComponent("absent.nib")) }
    }

    @Test func catalogColoursCarryTheProfilesIbtoolEmbedded() throws {
        guard Corpus.require() else { return }
        // textfield_textcolor_v20037.xib: catalog colours whose gray fallbacks hold the Generic Gray profile.
        let without = try XIBCorpus.measure("textfield_textcolor_v20037", profiles: false)
        #expect(without.comparison?.samples.contains { $0.contains("NSColorSpace.NSICC: missing") } == true)
        let with = try XIBCorpus.measure("textfield_textcolor_v20037")
        #expect(with.comparison?.samples.contains { $0.contains("NSICC") } == false, "\(with.comparison?.samples ?? [])")
        let gained = try #require(with.comparison).equal - (try #require(without.comparison).equal)
        #expect(gained > 0)
        #expect(with.comparison?.isFullyEqual == true)
    }
}
