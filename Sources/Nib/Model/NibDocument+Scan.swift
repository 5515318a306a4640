import KeyedArchive

extension NibDocument {
    /// One pass over every object: swappers, image placeholders, embedded nibs, segue templates.
    mutating func readCommon() {
        let g = graph
        let roles = classRoles
        // Classes this scan records, decided once per class: the rest of the objects cost no string compare.
        let recorded = g.classes.indices.map { c in
            !roles.roles[c].isDisjoint(with: [.uiClassSwapper, .nsClassSwapper, .imagePlaceholder]) || g.classes[c].name.hasSuffix("SegueTemplate")
        }
        let nibClass = g.classes.map { $0.name == "UINib" || $0.name == "NSNib" }
        var embedded: [Int] = []
        for i in g.objects.indices {
            let o = g.objects[i]
            guard o.kind == .object, o.classIndex >= 0, o.classIndex < recorded.count else { continue }
            if recorded[o.classIndex] { record(i, className: g.classes[o.classIndex].name) }
            if nibClass[o.classIndex], isEmbeddedNib(i) { embedded.append(i) }
        }
        guard !embedded.isEmpty else { return }
        var isEmbedded = [Bool](repeating: false, count: g.objects.count)
        for n in embedded { isEmbedded[n] = true }
        // Dictionaries that file an embedded nib (under its reuse identifier), ascending.
        var filing: [Int] = []
        var isFiling = [Bool](repeating: false, count: g.objects.count)
        for d in g.objects.indices where roles.role(ofObject: d, in: g).contains(.dictionary) {
            for pair in g.nibDictionary(.ref(d)) ?? [] {
                if let n = g.nibObjectIndex(pair.value), isEmbedded[n] {
                    filing.append(d)
                    isFiling[d] = true
                    break
                }
            }
        }
        // Each filing dictionary's owner: the first object with a value referencing it.
        var owner: [Int: Int] = [:]
        if !filing.isEmpty {
            g.values.withUnsafeBufferPointer { values in
                for i in g.objects.indices {
                    let o = g.objects[i]
                    // The run checks of values(ofObject:), without a slice of the table per object.
                    guard o.kind == .object, o.classIndex >= 0, o.classIndex < recorded.count, o.valueStart >= 0, o.valueCount >= 0,
                          o.valueStart <= values.count, o.valueCount <= values.count - o.valueStart else { continue }
                    for k in o.valueStart ..< o.valueStart + o.valueCount {
                        // A filing dictionary is an in-range `.object` entry, as nibObjectIndex would require.
                        if case let .ref(d) = values[k].value, d >= 0, d < isFiling.count, isFiling[d], owner[d] == nil { owner[d] = i }
                    }
                }
            }
        }
        // Embedded nibs, with the dictionary key they are filed under (the last owned dictionary wins).
        var keyed: [Int: (String, Int)] = [:]
        for d in filing {
            guard let holder = owner[d] else { continue }
            for pair in g.nibDictionary(.ref(d)) ?? [] {
                if let n = g.nibObjectIndex(pair.value), isEmbedded[n], let k = g.nibString(pair.key) { keyed[n] = (k, holder) }
            }
        }
        for i in embedded {
            let key = g.className(ofObject: i) == "NSNib" ? "NSNibFileData" : "archiveData"
            let count = g.nibData(g.value(ofObject: i, forKey: key))?.count ?? 0
            embeddedNibs.append(NibEmbeddedNib(object: reference(i), key: keyed[i]?.0, owner: keyed[i].map { reference($0.1) }, byteCount: count))
        }
    }

    /// Records object `i` of a class ``readCommon()`` looks for.
    private mutating func record(_ i: Int, className name: String) {
        let g = graph
        switch name {
        case "UIClassSwapper":
            classSwaps.append(NibClassSwap(object: reference(i), customClassName: g.nibString(i, "UIClassName") ?? "",
                                           originalClassName: g.nibString(i, "UIOriginalClassName") ?? ""))
        case "NSClassSwapper":
            classSwaps.append(NibClassSwap(object: reference(i), customClassName: g.nibString(i, "NSClassName") ?? "",
                                           originalClassName: g.nibString(i, "NSOriginalClassName") ?? ""))
        case "UIImageNibPlaceholder":
            imagePlaceholders.append(NibImagePlaceholder(
                object: reference(i), resourceName: g.nibString(i, "UIResourceName"),
                systemSymbolName: g.nibString(i, "UISystemSymbolResourceName"),
                catalogName: g.nibString(i, "UIResourceCatalogName"),
                width: number(i, "UIImageWidth"), height: number(i, "UIImageHeight")))
        default:
            if name.hasSuffix("SegueTemplate") { segueTemplates.append(segueTemplate(i, className: name)) }
        }
    }

    private func isEmbeddedNib(_ i: Int) -> Bool {
        switch graph.className(ofObject: i) {
        case "UINib"?: graph.value(ofObject: i, forKey: "archiveData") != nil
        case "NSNib"?: graph.value(ofObject: i, forKey: "NSNibFileData") != nil
        default: false
        }
    }

    private func number(_ i: Int, _ key: String) -> Double? {
        switch graph.nibValue(i, key) {
        case let .float(f)?: Double(f)
        case let .double(d)?: d
        case let .int(n, _)?: Double(n)
        default: nil
        }
    }

    private func segueTemplate(_ i: Int, className: String) -> NibSegueTemplate {
        let g = graph
        let p = className.hasPrefix("NS") ? "NS" : "UI"
        let kind: String
        switch className {
        case "UIStoryboardShowSegueTemplate":
            kind = g.nibString(i, "UIActionName") == "showDetailViewController:sender:" ? "showDetail" : "show"
        case "UIStoryboardPresentationSegueTemplate", "UIStoryboardModalSegueTemplate": kind = className.contains("Modal") ? "modal" : "presentation"
        case "UIStoryboardEmbedSegueTemplate", "NSStoryboardEmbedSegueTemplate": kind = "embed"
        case "UIStoryboardPushSegueTemplate": kind = "push"
        case "UIStoryboardReplaceSegueTemplate": kind = "replace"
        case "UIStoryboardPopoverSegueTemplate": kind = "popover"
        case "UIStoryboardUnwindSegueTemplate": kind = "unwind"
        default: kind = className.contains("Show") ? "show" : (className.contains("Popover") ? "popover" : "custom")
        }
        return NibSegueTemplate(
            object: reference(i), kind: kind,
            identifier: g.nibString(i, "\(p)Identifier") ?? g.nibString(i, "identifier"),
            destinationIdentifier: g.nibString(i, "\(p)DestinationViewControllerIdentifier")
                ?? g.nibString(i, "\(p)DestinationControllerIdentifier"),
            segueClassName: g.nibString(i, "\(p)SegueClassName"),
            actionName: g.nibString(i, "\(p)ActionName"))
    }
}

/// A storyboard segue template archived in a scene nib.
public struct NibSegueTemplate: Sendable, Hashable, Codable {
    /// The template object.
    public var object: NibObjectReference
    /// `show`, `showDetail`, `presentation`, `modal`, `embed`, `push`, `replace`, `popover`, `unwind` or `custom`.
    public var kind: String
    /// The segue identifier (`UIIdentifier`), if any.
    public var identifier: String?
    /// The destination controller's storyboard identifier (its nib identifier).
    public var destinationIdentifier: String?
    /// `UISegueClassName` of a custom segue.
    public var segueClassName: String?
    /// `UIActionName` (`showViewController:sender:`, …).
    public var actionName: String?
}
