import KeyedArchive

/// Writes object 0 and the `NSIBObjectData` of an AppKit nib from its parts: File's Owner, visible
/// windows, connectors, and the objects with their parents. Object ids number the owner 1, then the
/// objects, then the connectors, then the accessibility connectors (when there are none, the two
/// accessibility id arrays share one empty array).
/// Early-decoding connectors queued by encoders (`EncodingContext.earlyConnectors`) go first in
/// `NSConnections` and get no object id, as ibtool writes them.
enum AppKitObjectData {
    static func write(root: Int, data: Int, owner: NibGraph.Value, visibleWindows: [NibGraph.Value], connectors: [NibGraph.Value],
                      objects: [NibGraph.Value], parents: [NibGraph.Value], accessibility: [NibGraph.Value] = [], _ ctx: inout EncodingContext) {
        let oids: [NibGraph.Value] = [owner] + objects + connectors
        var numbers: [NibGraph.Value] = []
        for i in 0 ..< oids.count { numbers.append(ctx.graph.number(Int64(i + 1))) }
        ctx.graph.set(data, "NSRoot", owner)
        ctx.graph.set(data, "NSVisibleWindows", ctx.graph.collection("NSMutableSet", visibleWindows))
        ctx.graph.set(data, "NSConnections", ctx.graph.collection("NSMutableArray", ctx.earlyConnectors + connectors))
        ctx.earlyConnectors = []
        ctx.graph.set(data, "NSObjectsKeys", ctx.graph.collection("NSArray", objects))
        ctx.graph.set(data, "NSObjectsValues", ctx.graph.collection("NSArray", parents))
        ctx.graph.set(data, "NSOidsKeys", ctx.graph.collection("NSArray", oids))
        ctx.graph.set(data, "NSOidsValues", ctx.graph.collection("NSArray", numbers))
        ctx.graph.set(data, "NSAccessibilityConnectors", ctx.graph.collection("NSMutableArray", accessibility))
        if accessibility.isEmpty {
            let empty = ctx.graph.collection("NSArray", [])
            ctx.graph.set(data, "NSAccessibilityOidsKeys", empty)
            ctx.graph.set(data, "NSAccessibilityOidsValues", empty)
        } else {
            var axNumbers: [NibGraph.Value] = []
            for i in 0 ..< accessibility.count { axNumbers.append(ctx.graph.number(Int64(oids.count + i + 1))) }
            ctx.graph.set(data, "NSAccessibilityOidsKeys", ctx.graph.collection("NSArray", accessibility))
            ctx.graph.set(data, "NSAccessibilityOidsValues", ctx.graph.collection("NSArray", axNumbers))
        }
        ctx.graph.set(root, "IB.objectdata", .ref(data))
        ctx.graph.set(root, "IB.systemFontUpdateVersion", .int(1))
    }
}
