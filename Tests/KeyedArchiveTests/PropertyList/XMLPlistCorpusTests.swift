import Foundation
import Testing
@testable import KeyedArchive
import CorpusSupport

/// What survives an XML leg: XML has no float32 (written as the exact float64), no null/fill, and
/// dates in whole seconds.
func xmlComparable(_ v: PlistValue) -> PlistValue {
    switch v {
    case .real32(let f): return .real(Double(f))
    case .date(let d): return .date(d.rounded(.down))
    case .null, .fill: return .string("")
    case .set(let m): return .array(m.map(xmlComparable))
    case .array(let m): return .array(m.map(xmlComparable))
    case .dict(let e): return .dict(e.map { PlistDictEntry(key: xmlComparable($0.key), value: xmlComparable($0.value)) })
    default: return v
    }
}

/// Every XML plist of the corpus parses, and binary/XML round trips preserve its value.
@Suite struct XMLPlistCorpusTests {
    static var xmlFiles: [URL] { Corpus.files("keyed").filter { ArchiveFormat.detect((try? Corpus.bytes($0)) ?? []) == .xmlPlist } }

    @Test func everyCorpusXMLPlistParsesAndRoundTrips() throws {
        guard Corpus.require() else { return }
        let files = Self.xmlFiles
        #expect(files.count >= 20)
        for url in files {
            let name = Corpus.name(url)
            do {
                let list = try PropertyList(parsing: Corpus.bytes(url))
                #expect(list.format == .xml)
                let value = try list.value()
                // XML → binary → XML
                let viaBinary = try PropertyList(binary: list.binaryData())
                #expect(try viaBinary.value() == value, "XML → binary changed \(name)")
                let backToXML = try PropertyList(xml: viaBinary.xmlData())
                #expect(try backToXML.value() == value, "XML → binary → XML changed \(name)")
                // Our XML output is a fixed point of our reader and writer.
                #expect(try backToXML.xmlData() == list.xmlData(), "XML writer not stable on \(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }

    @Test func everyCorpusBinaryPlistRoundTripsThroughXML() throws {
        guard Corpus.require() else { return }
        for url in BinaryPlistCorpusTests.binaryFiles {
            let name = Corpus.name(url)
            do {
                let list = try PropertyList(binary: Corpus.bytes(url))
                let value = try list.value()
                let xml = try PropertyList(xml: list.xmlData())
                #expect(try xml.value() == xmlComparable(value), "binary → XML changed \(name)")
                let binary = try PropertyList(binary: xml.binaryData())
                #expect(try binary.value() == xmlComparable(value), "binary → XML → binary changed \(name)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}

/// Foundation reads the original XML and our binary rendering of it identically; and it reads our XML
/// output of every binary corpus file like the original.
@Suite(.serialized) struct XMLPlistCrossCheckTests {
    @Test func foundationAgreesWithOurXMLReader() throws {
        guard Corpus.require(), PlistCrossCheck.probe != nil else { return }
        var compared = 0
        for url in XMLPlistCorpusTests.xmlFiles {
            let name = Corpus.name(url)
            guard let list = try? PropertyList(parsing: Corpus.bytes(url)) else { continue }
            guard case .output(let expected) = PlistCrossCheck.foundation(url) else { continue }
            let ours = try PlistCrossCheck.temporaryFile(list.binaryData(), suffix: ".bplist")
            defer { try? FileManager.default.removeItem(at: ours) }
            #expect(PlistCrossCheck.foundation(ours) == .output(expected), "Foundation reads our binary of \(name) differently")
            compared += 1
        }
        #expect(compared >= 20)
    }

    @Test func foundationReadsOurXMLOutputLikeTheOriginal() throws {
        guard Corpus.require(), PlistCrossCheck.probe != nil else { return }
        var compared = 0
        for url in BinaryPlistCorpusTests.binaryFiles {
            let name = Corpus.name(url)
            guard let list = try? PropertyList(binary: Corpus.bytes(url)) else { continue }
            // Float32 reals become float64 in XML: compare against a binary written without them.
            let expectedList = PropertyList(xmlComparable(try list.value()))
            let reference = try PlistCrossCheck.temporaryFile(expectedList.binaryData(), suffix: ".bplist")
            defer { try? FileManager.default.removeItem(at: reference) }
            guard case .output(let expected) = PlistCrossCheck.foundation(reference) else { continue }
            let ours = try PlistCrossCheck.temporaryFile(list.xmlData(), suffix: ".plist")
            defer { try? FileManager.default.removeItem(at: ours) }
            #expect(PlistCrossCheck.foundation(ours) == .output(expected), "Foundation reads our XML of \(name) differently")
            compared += 1
        }
        #expect(compared > 100)
    }
}

/// Pitfall 15: the go-nskeyedarchiver fixtures come as XML/binary twins written by Apple's tools;
/// each pair must read to the same value, UIDs included, in both directions of conversion.
@Suite struct XMLBinaryTwinTests {
    @Test func twinsReadEqual() throws {
        guard Corpus.require() else { return }
        let dir = Corpus.root.appendingPathComponent("keyed/go-nskeyedarchiver")
        let xmls = Corpus.files("keyed/go-nskeyedarchiver").filter { $0.pathExtension == "xml" }
        var pairs = 0
        for xmlURL in xmls {
            let binURL = dir.appendingPathComponent(xmlURL.deletingPathExtension().lastPathComponent + ".bin")
            guard FileManager.default.fileExists(atPath: binURL.path) else { continue }
            let xml = try PropertyList(xml: Corpus.bytes(xmlURL))
            let bin = try PropertyList(binary: Corpus.bytes(binURL))
            // Dict order differs between CF's two writers (hash order), so compare order-independently.
            #expect(canonical(try xml.value()) == canonical(xmlComparable(try bin.value())), "\(xmlURL.lastPathComponent)")
            #expect(canonical(try PropertyList(xml: bin.xmlData()).value()) == canonical(try xml.value()))
            #expect(canonical(try PropertyList(binary: xml.binaryData()).value()) == canonical(xmlComparable(try bin.value())))
            pairs += 1
        }
        #expect(pairs == 7)
    }

    /// Dict entries sorted by key description, recursively.
    func canonical(_ v: PlistValue) -> PlistValue {
        switch v {
        case .array(let m): return .array(m.map(canonical))
        case .set(let m): return .set(m.map(canonical))
        case .dict(let e):
            return .dict(e.map { PlistDictEntry(key: canonical($0.key), value: canonical($0.value)) }
                .sorted { String(describing: $0.key) < String(describing: $1.key) })
        default: return v
        }
    }
}
