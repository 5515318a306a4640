/// What a storyboard compile decides before encoding: controller identifiers, which view controllers
/// live inside a window controller's nib, nib names and the controllers' UUIDs.
struct StoryboardPlan: Sendable {
    let doc: XIBDocument
    /// Window controller → its content view controller (the `window.shadowedContentViewController` relationship).
    private var contents: [Int: Int] = [:]

    init(doc: XIBDocument) {
        self.doc = doc
        for (o, object) in doc.objects.enumerated() {
            for c in object.connections where c.kind == .segue && c.detail == "relationship" {
                let relationship = doc.tree.elements[c.element]["relationship"]
                if relationship == "window.shadowedContentViewController", let d = c.destination, let target = doc.objectIndex[d] {
                    contents[o] = target
                }
            }
        }
    }

    func contentController(of windowController: Int) -> Int? { contents[windowController] }

    /// The placeholder a view nib's controller outlets come from.
    static let upstreamIdentifier = "UpstreamPlaceholder-1"

    /// Whether a view controller has outlets (which its view nib reaches through the upstream placeholder).
    static func hasOutlets(_ vc: Int, _ doc: XIBDocument) -> Bool {
        doc.objects[vc].connections.contains { $0.kind == .outlet || $0.kind == .outletCollection }
    }

    /// Whether a view controller is only reached as a window's content (so it has no nib of its own).
    func isEmbedded(_ vc: Int) -> Bool { contents.values.contains(vc) && doc.objects[vc].id != doc.initialViewController }

    /// The storyboard identifier, or `NSWindowController-<id>` / `NSViewController-<id>`.
    func identifier(_ o: Int) -> String {
        if let id = doc.attribute("storyboardIdentifier", of: o) { return id }
        let cls = doc.objects[o].name == "windowController" ? "NSWindowController" : "NSViewController"
        return "\(cls)-\(doc.objects[o].id)"
    }

    /// `<vc>-view-<view>`.
    func viewNibName(_ vc: Int) -> String {
        let view = doc.objects[vc].children.first { doc.objects[$0].key == "view" }.map { doc.objects[$0].id } ?? ""
        return "\(doc.objects[vc].id)-view-\(view)"
    }

    /// A UUID for a controller, derived from its id and the document (ibtool draws random ones).
    func uuid(_ o: Int) -> String {
        var h: UInt64 = 0xcbf2_9ce4_8422_2325
        var g: UInt64 = 0x8422_2325_cbf2_9ce4
        for b in (doc.objects[o].id + "|" + (doc.toolsVersion ?? "")).utf8 {
            h = (h ^ UInt64(b)) &* 0x0000_0100_0000_01B3
            g = (g ^ UInt64(b)) &* 0x0000_0100_0000_01B3 &+ 0x9E37
        }
        let hex = String(h, radix: 16, uppercase: true).leftPadded(16) + String(g, radix: 16, uppercase: true).leftPadded(16)
        let c = Array(hex)
        return "\(String(c[0 ..< 8]))-\(String(c[8 ..< 12]))-4\(String(c[13 ..< 16]))-8\(String(c[17 ..< 20]))-\(String(c[20 ..< 32]))"
    }
}

extension String {
    func leftPadded(_ n: Int) -> String { String(repeating: "0", count: Swift.max(0, n - count)) + self }
}
