/// Swift class names as the Objective-C runtime knows them, which is what nibs store.
enum SwiftClassName {
    /// `_TtC` + len(module) + module + len(class) + class: `_TtC10TestModule10MyDelegate`.
    static func mangled(_ className: String, module: String) -> String {
        "_TtC\(module.utf8.count)\(module)\(className.utf8.count)\(className)"
    }

    /// The runtime name of a XIB custom class: mangled when it has a module (`customModule`, or the
    /// compiler's `--module` for `customModuleProvider="target"`), as written otherwise.
    static func runtimeName(_ className: String, customModule: String?, provider: String?, module: String?) -> String {
        let m = provider == "target" ? (module ?? customModule) : customModule
        guard let m, !m.isEmpty, !className.contains(".") , !className.hasPrefix("_Tt") else { return className }
        return mangled(className, module: m)
    }
}
