import KeyedArchive

/// `<userDefaultsController>` → `NSUserDefaultsController`: the shared instance is archived as
/// `NSSharedInstance` alone (transmission_MainMenu); other controllers' keys are not known yet.
enum UserDefaultsControllerEncoder: ObjectEncoder {
    static let elements = ["userDefaultsController"]

    static func encode(_ o: Int, into g: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        ctx.setClass(of: o, g, "NSUserDefaultsController")
        if ctx.flag(o, "representsSharedInstance") {
            ctx.graph.set(g, "NSSharedInstance", .bool(true))
        } else {
            ctx.warn("a <userDefaultsController> that is not the shared instance is compiled without its settings (only the shared instance is known)", at: o)
        }
    }
}
