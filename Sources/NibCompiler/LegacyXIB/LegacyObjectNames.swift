/// The names Interface Builder 3 gave objects the user did not name (`Push Button (Stop)`), which its
/// `keyedobjects.nib` lists in `NSNamesKeys`/`NSNamesValues`: the kind of object, then its title or
/// contents in parentheses. A name met again gets `-1`, `-2`, … (``LegacyObjectNames/numbered(_:)``).
/// The runtime does not read them; they keep a compiled legacy nib what Interface Builder 3 saved.
struct LegacyObjectNames {
    let archive: LegacyIBArchive

    /// The default name of archive object `o` (of custom class `customClass`, if swapped), or nil for
    /// an object Interface Builder 3 left unnamed.
    func name(of o: Int, customClass: String?, isContentView: Bool, isPrototype: Bool) -> String? {
        let cls = archive.objects[o].className
        if cls == "NSScrollView" {
            let kind = customClass.map(Self.words) ?? ((archive.int(o, "NSsFlags") ?? 0) & 0x3 != 0 ? "Bordered Scroll View" : "Scroll View")
            let document = archive.object(o, "NSContentView").flatMap { archive.object($0, "NSDocView") }
            return titled(kind, document.map { Self.words(archive.objects[$0].className) })
        }
        if let customClass { return Self.words(customClass) }
        switch cls {
        case "NSMenuItem":
            if archive.value(o, "NSIsSeparator") == .bool(true) { return "Separator" }
            return titled("Menu Item", archive.string(o, "NSTitle"))
        case "NSMenu": return titled("Menu", archive.string(o, "NSTitle"))
        case "NSTextFieldCell": return titled("Text Field Cell", archive.string(o, "NSContents"))
        case "NSTextField":
            let cell = archive.object(o, "NSCell")
            let contents = cell.flatMap { archive.string($0, "NSContents") }
            return titled(cell.map(looksLikeAField) == true ? "Text Field" : "Static Text", contents)
        case "NSSecureTextField": return "Secure Text Field"
        case "NSSecureTextFieldCell": return "Secure Text Field Cell"
        case "NSButtonCell": return titled(isPrototype ? "Prototype Button Cell" : "Button Cell", buttonTitle(o))
        case "NSButton":
            guard let cell = archive.object(o, "NSCell") else { return "Button" }
            return titled(buttonKind(cell), buttonTitle(cell))
        case "NSPopUpButton": return "Pop Up Button"
        case "NSPopUpButtonCell":
            return titled("Pop Up Button Cell", archive.object(o, "NSMenuItem").flatMap { archive.string($0, "NSTitle") })
        case "NSBox":
            // A separator box (NSBoxType 2) is a line, horizontal when wider than tall.
            if archive.int(o, "NSBoxType") == 2 { return isHorizontal(o) ? "Horizontal Line" : "Vertical Line" }
            return titled("Box", archive.object(o, "NSTitleCell").flatMap { archive.string($0, "NSContents") })
        case "NSScroller": return isHorizontal(o) ? "Horizontal Scroller" : "Vertical Scroller"
        case "NSTableView": return "Table View"
        case "NSTableHeaderView": return "Table Header View"
        case "NSTableColumn":
            return titled("Table Column", archive.object(o, "NSHeaderCell").flatMap { archive.string($0, "NSContents") })
        case "NSView": return isContentView ? "Content View" : "View"
        case "NSCustomView": return "Custom View"
        case "NSImageView": return titled("Image View", archive.object(o, "NSCell").flatMap(imageName))
        case "NSImageCell": return titled("Image Cell", imageName(o))
        case "NSTabView": return "Tab View"
        case "NSTabViewItem": return titled("Tab View Item", archive.string(o, "NSLabel"))
        case "NSProgressIndicator":
            // NSpiFlags 0x1000: the spinning style.
            return (archive.int(o, "NSpiFlags") ?? 0) & 0x1000 != 0 ? "Async Arrows" : "Horizontal Progress Indicator"
        case "NSUserDefaultsController": return "Shared User Defaults Controller"
        case "NSWindowTemplate":
            let panel = archive.string(o, "NSWindowClass") == "NSPanel"
            return titled(panel ? "Panel" : "Window", archive.string(o, "NSWindowTitle"))
        default:
            // Classes of Interface Builder plug-ins keep their own names.
            return cls.hasPrefix("NS") ? Self.words(cls) : cls
        }
    }

    /// A button cell's title, or without one the name of its image.
    func buttonTitle(_ cell: Int) -> String? {
        if let title = archive.string(cell, "NSContents"), !title.isEmpty { return title }
        return archive.object(cell, "NSNormalImage").flatMap { archive.string($0, "NSResourceName") }
    }

    /// The resource name of an image cell's image.
    func imageName(_ cell: Int) -> String? {
        archive.object(cell, "NSContents").flatMap { archive.string($0, "NSResourceName") }
    }

    /// `kind (title)`, or `kind` alone for an empty title.
    func titled(_ kind: String, _ title: String?) -> String {
        guard let title, !title.isEmpty else { return kind }
        return "\(kind) (\(title))"
    }

    /// Whether a text field cell is drawn as a field: bezeled or bordered (`NSCellFlags` bits 22–23).
    func looksLikeAField(_ cell: Int) -> Bool { (archive.int(cell, "NSCellFlags") ?? 0) & 0x00C0_0000 != 0 }

    /// A scroller is horizontal when its frame is wider than tall.
    func isHorizontal(_ o: Int) -> Bool {
        guard let frame = archive.string(o, "NSFrame") ?? archive.string(o, "NSFrameSize") else { return false }
        let numbers = frame.split(whereSeparator: { !"0123456789.-".contains($0) }).compactMap { Double($0) }
        guard numbers.count >= 2 else { return false }
        return numbers[numbers.count - 2] > numbers[numbers.count - 1]
    }

    /// What Interface Builder 3 called a button, from its cell: check boxes and radio buttons by their
    /// image, the rest by bezel style (`NSButtonFlags2` bits 0–2 and 5).
    func buttonKind(_ cell: Int) -> String {
        for key in ["NSNormalImage", "NSAlternateImage"] {
            guard let image = archive.object(cell, key), archive.objects[image].className == "NSButtonImageSource" else { continue }
            switch archive.string(image, "NSImageName") {
            case "NSSwitch": return "Check Box"
            case "NSRadioButton": return "Radio Button"
            default: break
            }
        }
        let flags2 = archive.int(cell, "NSButtonFlags2") ?? 0
        switch flags2 & 0x7 | (flags2 & 0x20) >> 2 {
        case 1: return "Push Button"
        case 2: return "Bevel Button"
        case 5: return "Disclosure"
        case 6: return "Square Button"
        case 7: return "Round Button"
        case 9: return "Help Button"
        case 10: return "Gradient Button"
        case 11: return "Round Textured Button"
        case 12: return "Round Rect Button"
        case 13: return "Recessed Button"
        default: return "Button"
        }
    }

    /// A class name in words, without its `NS` prefix: `NSSecureTextField` is `Secure Text Field`.
    static func words(_ className: String) -> String {
        var name = Substring(className)
        if name.hasPrefix("NS"), name.dropFirst(2).first?.isUppercase == true { name = name.dropFirst(2) }
        var out = ""
        var previous: Character?
        for c in name {
            if c.isUppercase, let p = previous, p.isLowercase || p.isNumber { out.append(" ") }
            out.append(c)
            previous = c
        }
        return out
    }

    /// `names` with each repeat of an earlier name numbered: `View`, `View-1`, `View-2`.
    static func numbered(_ names: [String]) -> [String] {
        var seen: [String: Int] = [:]
        return names.map { n in
            let k = seen[n, default: 0]
            seen[n] = k + 1
            return k == 0 ? n : "\(n)-\(k)"
        }
    }
}
