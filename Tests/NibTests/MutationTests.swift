import Foundation
import KeyedArchive
import Testing
@testable import Nib
import CorpusSupport

/// Single-bit flips of small real nibs: every outcome is a parsed nib or an `ArchiveError`, never a crash,
/// and whatever parses also instantiates or fails with an `ArchiveError`.
@Suite struct MutationTests {
    static let samples = [
        "xib/brooklyn/Resources/SendMessageController.nib",      // UIKit NIBArchive
        "xib/controlpad/Resources/MainWindow.nib",                // pre-iOS-6 keyed
        "nib/viraptor-ibtool/samples__correct__test14_custom_classes.nib",  // AppKit NIBArchive, swappers
        "nib/nskeyedunarchiver-rs/MainWindow.nib",                 // keyed
    ]

    @Test(arguments: samples) func bitFlipsNeverCrash(_ path: String) throws {
        guard Corpus.require() else { return }
        let original = try Corpus.bytes(Corpus.root.appendingPathComponent(path))
        var parsed = 0, rejected = 0
        // Every 3rd byte, one bit per byte (rotating), keeps the run short while covering all tables.
        for i in stride(from: 0, to: original.count, by: 3) {
            var bytes = original
            bytes[i] ^= UInt8(1 << (i % 8))
            do {
                let nib = try Nib(data: bytes)
                parsed += 1
                _ = try? nib.instantiate(owner: NibObject(className: "Owner"), externalObjects: nib.standInExternalObjects(),
                                         options: NibInstantiationOptions(registry: NibClassRegistry(), collectsUndeclaredOutlets: true))
                _ = nib.document.summary()
            } catch {
                rejected += 1
            }
        }
        #expect(parsed + rejected == (original.count + 2) / 3)
    }
}
