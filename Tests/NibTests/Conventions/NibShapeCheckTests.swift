import Testing
import CorpusSupport
@testable import KeyedArchive
import Nib

/// The nib half of the NIBArchive shape check: UIKit geometry keys hold `0x07` blobs of doubles.
@Suite struct NibShapeCheckTests {
    @Test func everyAppleNibPassesWithGeometryKeys() {
        guard Corpus.require() else { return }
        for file in NIBArchiveCorpus.files {
            let v = NIBArchiveShapeCheck.nibViolations(file.bytes)
            #expect(v.isEmpty, "\(file.name): \(v.prefix(3))")
        }
    }

    /// A view whose `UIBounds` is `blob`.
    static func view(bounds blob: [UInt8]) throws -> [UInt8] {
        var b = ArchiveGraphBuilder(metadata: .init(source: .built))
        let root = b.internClass("NSObject"), view = b.internClass("UIView")
        b.appendObject(classIndex: root, values: [ArchiveKeyedValue(key: b.internKey("view"), value: .ref(1))])
        b.appendObject(classIndex: view, values: [ArchiveKeyedValue(key: b.internKey("UIBounds"), value: .bytes(b.appendBytes(blob)))])
        return try b.build().nibArchiveData()
    }

    @Test func flagsGeometryThatIsNotADoubleBlob() throws {
        let doubles = ArchiveGraph.geometryBlobBytes([0, 0, 320, 480])
        #expect(NIBArchiveShapeCheck.nibViolations(try Self.view(bounds: doubles)).isEmpty)
        let floats: [UInt8] = [0x06] + [Float](arrayLiteral: 0, 0, 320, 480).flatMap { f in
            (0 ..< 4).map { UInt8(truncatingIfNeeded: f.bitPattern >> UInt32(8 * $0)) }
        }
        let bytes = try Self.view(bounds: floats)
        #expect(NIBArchiveShapeCheck.nibViolations(bytes).map(\.rule) == ["geometry"])
        // The byte-level check alone knows no nib keys.
        #expect(NIBArchiveShapeCheck.violations(bytes).isEmpty)
    }
}
