import KeyedArchive

/// `<customObject>`: File's Owner and the Application placeholder as `NSCustomObject`, with an
/// `IBClassReference` only when the source names a `customClass`; other objects of a framework class as `NSCustomObject`; objects of the app's
/// own classes as an `NSClassSwapper` created with `init()` when the document says
/// `customObjectInstantitationMethod="direct"`, else as an `NSCustomObject` naming the class.
enum CustomObjectEncoder: ObjectEncoder {
    static let elements = ["customObject"]

    static func encode(_ o: Int, into index: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        let object = ctx.doc.objects[o]
        let written = object.customClass ?? "NSObject"
        let runtimeName = ctx.runtimeClassName(written, of: o)
        let direct = ctx.instantiatesCustomObjectsDirectly
        if object.id == "-2" || object.id == "-3" || isFrameworkClass(written) || !direct {
            ctx.graph.setClass(index, "NSCustomObject")
            let placeholder = object.id == "-2" || object.id == "-3"
            // ibtool writes the class reference for a placeholder only when the XIB names its class.
            if !placeholder || object.customClass != nil { ctx.graph.set(index, "IBClassReference", ctx.classReference(written, of: o)) }
            ctx.graph.set(index, "NSClassName", ctx.graph.string(object.id == "-3" ? "NSApplication" : runtimeName))
        } else {
            ctx.graph.setClass(index, "NSClassSwapper")
            ctx.graph.set(index, "NSClassName", ctx.graph.string(runtimeName))
            ctx.graph.set(index, "NSOriginalClassName", ctx.graph.string("NSObject"))
            ctx.graph.set(index, "NSInitializeWithInit", .bool(true))
        }
    }

    /// Classes of Apple's frameworks (`NSFontManager`, `NSUserDefaultsController`, …) are created as
    /// themselves, not swapped in.
    static func isFrameworkClass(_ name: String) -> Bool {
        name.hasPrefix("NS") && name.dropFirst(2).first?.isUppercase == true
    }
}
