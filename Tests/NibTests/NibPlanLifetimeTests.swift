import Foundation
import KeyedArchive
import CorpusSupport
import Testing
@testable import Nib

/// F2: the parse-once structures (storage, load plan, object recipes) are freed with the `Nib`;
/// only objects created by instantiation may keep archived cycles alive.
@Suite struct NibPlanLifetimeTests {
    /// The smallest corpus nib LeakSanitizer reported under FuzzNibInstantiate (1,482 bytes, NIBArchive).
    static let reportedNib = "nib/viraptor-ibtool/samples__correct__sb_imagecell_style.out__MainMenu.nib"

    @Test func storageAndRecipesAreFreedWithTheNib() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent(Self.reportedNib)
        weak var storage: NibStorage?
        // Recipes live in their nib's arena (one per nib, not one object per recipe).
        var recipes: [() -> NibPlanArena?] = []
        try {
            let nib = try Nib(contentsOf: url)
            storage = nib.storage
            for p in nib.plan.objectPlans {
                weak let w = p.arena
                recipes.append { w }
            }
            #expect(storage != nil)
            #expect(!recipes.isEmpty)
        }()
        #expect(storage == nil)
        #expect(recipes.allSatisfy { $0() == nil })
    }
}
