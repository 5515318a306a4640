import KeyedArchive
import Nib

/// `FuzzNibInstantiate`: a nib instantiated with generic objects (nothing registered), with a generic
/// owner and a generic object for every external placeholder, then every created object read back.
enum FuzzNibInstantiate {
    static func run(_ bytes: [UInt8]) {
        let options = NibOpenOptions(limits: FuzzLimits.standard)
        guard let nib = try? Nib(source: .data(bytes, name: "fuzz.nib"), options: options) else { return }
        var externals: [String: AnyObject] = [:]
        for placeholder in nib.document.placeholders.prefix(64) {
            externals[placeholder.identifier] = NibObject(className: "FuzzExternal")
        }
        let owner = NibObject(className: "FuzzOwner")
        let settings = NibInstantiationOptions(registry: NibClassRegistry(), collectsUndeclaredOutlets: true)
        guard let result = try? nib.instantiate(owner: owner, externalObjects: externals, options: settings) else { return }
        blackHole(result.diagnostics.count)
        blackHole(result.actions.count)
        for object in result.topLevelObjects.prefix(10_000) {
            guard let generic = object as? NibObject else { continue }
            blackHole(generic.description)
            blackHole(generic.keys)
            for (key, value) in generic.properties.prefix(64) {
                blackHole(key)
                blackHole(value.string)
                blackHole(value.elements?.count)
            }
        }
        // Loading the same nib twice must work as well.
        blackHole(try? nib.instantiate(owner: nil, externalObjects: externals, options: settings).topLevelObjects.count)
    }
}
