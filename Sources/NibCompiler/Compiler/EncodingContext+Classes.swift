import KeyedArchive

/// How objects name their classes: Swift-mangled custom classes, class swappers, class references.
extension EncodingContext {
    /// The runtime name of `name` as XIB object `o` names it: mangled with `o`'s module (or `--module`
    /// for `customModuleProvider="target"`).
    func runtimeClassName(_ name: String, of o: Int) -> String {
        let object = doc.objects[o]
        return SwiftClassName.runtimeName(name, customModule: object.customModule, provider: object.customModuleProvider, module: options.module)
    }

    /// Sets the class of graph object `g`: a class swapper (`NSClassSwapper`/`UIClassSwapper`, by the
    /// document's runtime) to `o`'s custom class when it has one, with `className` as the original
    /// class whose keys follow; else `className`.
    mutating func setClass(of o: Int, _ g: Int, _ className: String) {
        guard let custom = doc.objects[o].customClass else {
            graph.setClass(g, className)
            return
        }
        let prefix = doc.runtime == .cocoa ? "NS" : "UI"
        graph.setClass(g, prefix + "ClassSwapper")
        graph.set(g, prefix + "ClassName", graph.string(runtimeClassName(custom, of: o)))
        graph.set(g, prefix + "OriginalClassName", graph.string(className))
    }

    /// An `IBClassReference` {`IBClassName`, `IBModuleName`, `IBModuleProvider`} for `name` with XIB
    /// object `o`'s module attributes.
    mutating func classReference(_ name: String, of o: Int) -> NibGraph.Value {
        let object = doc.objects[o]
        let reference = graph.add("IBClassReference")
        graph.set(reference, "IBClassName", graph.string(name))
        graph.set(reference, "IBModuleName", object.customModule.map { graph.string($0) } ?? .null)
        graph.set(reference, "IBModuleProvider", object.customModuleProvider.map { graph.string($0) } ?? .null)
        return .ref(reference)
    }

    /// A user-visible string property of XIB object `o`: an `NSLocalizableString` {text, `NSKey`
    /// `<id>.<property>`, `NSDev`} in a localized document, else a shared `NSString`. Empty text is
    /// never localized.
    mutating func text(_ value: String, of o: Int, property: String) -> NibGraph.Value {
        guard doc.isLocalized, !value.isEmpty else { return graph.string(value) }
        let i = graph.add("NSLocalizableString")
        graph.set(i, "NS.bytes", .bytes(Array(value.utf8)))
        graph.set(i, "NSKey", graph.string("\(doc.objects[o].id).\(property)"))
        graph.set(i, "NSDev", graph.string(value))
        return .ref(i)
    }
}
