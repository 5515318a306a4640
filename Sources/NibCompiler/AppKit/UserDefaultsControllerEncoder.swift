import KeyedArchive

/// `<userDefaultsController>` → `NSUserDefaultsController`: the shared instance is archived as
/// `NSSharedInstance` alone (transmission_MainMenu); another one as its declared keys and
/// `NSAppliesImmediately` when on (Sparkle's permission prompt, in the nib ibtool compiled from it).
enum UserDefaultsControllerEncoder: ObjectEncoder {
    static let elements = ["userDefaultsController"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSUserDefaultsController")
        if ctx.flag(o, "representsSharedInstance") {
            ctx.graph.set(g, "NSSharedInstance", .bool(true))
            return
        }
        ObjectControllerEncoder.encodeDeclaredKeys(o, g, &ctx)
        if ctx.flag(o, "appliesImmediately", default: true) { ctx.graph.set(g, "NSAppliesImmediately", .bool(true)) }
    }
}
