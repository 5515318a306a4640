import CorpusSupport
import Foundation
import KeyedArchive
import Nib
import Testing

@Suite("Interface Builder 2 objects.nib (typedstream) through NibDocument")
struct TypedstreamNibTests {
    static func document(_ url: URL) throws -> NibDocument {
        try NibDocument(graph: try ArchiveGraph(typedstream: [UInt8](try Data(contentsOf: url))))
    }

    @Test("every typedstream nib opens: File's Owner, top-level objects under it, connections with both ends")
    func everyNibOpens() throws {
        var urls = TypedstreamFixtures.rows().map(\.url)
        if Corpus.require() { urls += TypedstreamFixtures.corpusFiles() }
        var connections = 0
        for url in urls {
            let d = try Self.document(url)
            let name = url.lastPathComponent
            #expect(d.platform == .macOS)
            #expect(d.filesOwner != nil && d.placeholders.first?.kind == .filesOwner, "\(name)")
            #expect(!d.topLevelObjects.isEmpty, "\(name)")
            #expect(d.objects.count == d.parents.count, "\(name)")
            // The connections array of NSIBObjectData holds exactly the connectors the model lists.
            for c in d.connections {
                #expect(d.graph.className(ofObject: c.object.index)?.hasSuffix("Connector") == true, "\(name): \(c)")
                #expect(c.source != nil, "\(name): \(c.label) has no source")
                if c.kind == .outlet { #expect(c.destination != nil && !c.label.isEmpty, "\(name): \(c.label)") }
            }
            connections += d.connections.count
        }
        #expect(connections > 500)
    }

    @Test("ClipboardViewer's MainMenu: the controller's outlets and actions, menu actions to File's Owner and First Responder")
    func clipboardViewer() throws {
        let row = try #require(TypedstreamFixtures.rows().first { $0.repo == "fruitsamples/ClipboardViewer" })
        let d = try Self.document(row.url)
        func cls(_ r: NibObjectReference?) -> String? { r.flatMap { d.graph.className(ofObject: $0.index) } }
        let byLabel = Dictionary(d.connections.map { ($0.label, $0) }, uniquingKeysWith: { a, _ in a })
        #expect(byLabel["dataView"]?.kind == .outlet)
        #expect(cls(byLabel["dataView"]?.source) == "NSCustomObject" && cls(byLabel["dataView"]?.destination) == "NSTextTemplate")
        #expect(byLabel["terminate:"]?.kind == .action && byLabel["terminate:"]?.destination == d.filesOwner)
        // A nil target is the First Responder.
        #expect(byLabel["copy:"]?.kind == .action && byLabel["copy:"]?.destination == nil)
        #expect(Set(d.topLevelObjects.compactMap(cls)) == ["NSWindowTemplate", "NSMenu", "NSCustomObject"])
    }

    @Test("instantiating one is a clear unsupportedFormat error, not a crash")
    func instantiateIsRefused() throws {
        let d = try Self.document(TypedstreamFixtures.rows()[0].url)
        let error = #expect(throws: ArchiveError.self) { try Nib(document: d) }
        #expect(error?.code == .unsupportedFormat)
    }
}
