/// The key strings that nearly every UIKit and AppKit nib uses: the 320 most frequent keys of
/// Apple-compiled NIBArchives (they cover about 96 % of key-table entries in real nibs). The reader
/// shares these `String`s instead of validating and allocating a new one for every key of every file.
enum NIBArchiveKnownKeys {
    static let all: [String] = [
        "UINibEncoderEmptyKey", "NSInlinedValue", "NS.bytes", "NS.intval", "NSRoot", "NSOidsValues",
        "IB.systemFontUpdateVersion", "NSObjectsValues", "NSAccessibilityOidsKeys", "IB.objectdata", "NSObjectsKeys",
        "NSVisibleWindows", "NSOidsKeys", "NSConnections", "NSAccessibilityConnectors", "NSAccessibilityOidsValues",
        "NSClassName", "NSNibTouchBar", "IBNSSafeAreaLayoutGuide", "IBNSLayoutMarginsGuide", "NSvFlags",
        "IBNSClipsToBounds", "NSViewWantsBestResolutionOpenGLSurface", "NSNextResponder", "NSFrameSize",
        "IBClassName", "IBModuleProvider", "IBModuleName", "IBClassReference", "NSSubviews", "NSSuperview",
        "NSFrame", "NSWTFlags", "NSViewClass", "NSScreenRect", "NSMinFullScreenContentSize", "NSWindowBacking",
        "NSMaxFullScreenContentSize", "NSWindowSubtitle", "NSWindowTitle", "NSWindowView", "NSWindowIsRestorable",
        "NSWindowRect", "NSUserInterfaceItemIdentifier", "NSWindowClass", "NSControlRefusesFirstResponder",
        "NSControlTextAlignment", "NSControlContinuous", "NSMaxSize", "NSControlSize", "NSControlLineBreakMode",
        "NSAllowsLogicalLayoutDirection", "NSControlUsesSingleLineMode", "NSControlWritingDirection",
        "NSControlSendActionMask", "NSWindowStyleMask", "NSName", "NSEnabled", "NSCellFlags2", "NSCellFlags",
        "NSControlView", "NSSize", "NSfFlags", "NSSupport", "NSContents", "NSColorSpace", "NSColor", "NSWhite",
        "NSCatalogName", "NSICC", "NSCustomColorSpace", "NSComponents", "NSModel", "NSID", "NSColorName",
        "NSLinearExposure", "NSCell", "NSBackgroundColor", "NSTextColor", "NSLabel", "NSSource", "NSAction",
        "NSTarget", "NSDestination", "NSViewIsLayerTreeHost", "NSChildControllerCreationSelectorName",
        "NSNextKeyView", "NSTextFieldAllowsWritingToolsAffordance", "NSTextFieldAlignmentRectInsetsVersion",
        "NSAllowsWritingTools", "NSAutomaticallyAdjustsContentInsets", "NSDocView",
        "NS.resolvesNaturalAlignmentWithBaseWritingDirection", "NSBGColor", "NSContentView",
        "IBNSShadowedSymbolConfiguration", "NSGestureRecognizer.action",
        "NSPanGestureRecognizer.numberOfTouchesRequired", "NSMaxMagnification",
        "NSGestureRecognizer.allowedTouchTypes", "NSControlTarget", "NSGestureRecognizers", "NSControlAction",
        "NSPanGestureRecognizer.buttonMask", "NSMagnification", "NSVScroller", "NSGestureRecognizer.delegate",
        "NSsFlags", "NSGestureRecognizer.target", "NSHScroller", "NSMinMagnification", "NSDelegate", "NScvFlags",
        "NSWidth", "NSMinWidth", "NSButtonFlags2", "NSPeriodicInterval", "NSPeriodicDelay", "NSButtonFlags",
        "NSAuxButtonType", "NSKeyEquivalent", "NSBezelStyle", "NS.dblval", "NSHuggingPriority",
        "NSAlternateContents", "NSTvFlags", "NS.sizeval", "NS.special", "IBDesignImageConfiguration", "IBDesignSize",
        "NSResourceName", "IBNamespaceID", "NSOriginalClassName", "NSIdentifier", "NSFontDescriptorAttributes",
        "NSTextStyleDescriptor", "NSFontDescriptorOptions", "NSHasWidth", "NSRowHeight", "NSDataSource",
        "NSScrollAmts", "NSIntercellSpacingHeight", "NSIntercellSpacingWidth", "NSTableViewDraggingDestinationStyle",
        "NSTableViewGroupRowStyle", "NSHeaderCell", "NSCornerView", "NSDraggingSourceMaskForLocal",
        "NSAllowsTypeSelect", "NSTableView", "NSColumnAutoresizingStyle", "NSDraggingSourceMaskForNonLocal",
        "NSDataCell", "NSTableColumns", "NSMaxWidth", "NSGridColor", "NSResizingMask", "NSIsResizeable",
        "NSControlAllowsExpansionToolTips", "NSAntiCompressionPriority", "NSDragTypes", "NSTitle",
        "NSKeyEquivModMask", "NSMixedImage", "NSMnemonicLoc", "NSKeyEquiv", "NSOnImage", "NSIsEditable",
        "NSAllowsKeyEquivalentMirroring", "NSAllowsKeyEquivalentLocalization", "NSHiddenInRepresentation", "NSMenu",
        "NSMenuItems", "NSHeaderView", "NSBounds", "NSHeaderClipView", "NSRGB", "NSImageAnimation", "NSAlign",
        "NSScale", "NSAnimates", "NSStyle", "NSImageViewPlaceholderPrecedence", "NSEditable",
        "NSDoNotTranslateAutoresizingMask", "NSString", "NSWindowTabbingMode", "NSDrawsBackground",
        "NSAutomaticTextCompletionDisabled", "NSCurValue", "NSFirstAttributeV2", "NSFirstAttribute",
        "NSShouldBeArchived", "NSFirstItem", "NSSecondAttributeV2", "NSSecondItem", "NSSecondAttribute",
        "NSCharacterPickerEnabled", "NSExternalObjectPlaceholderIdentifier", "NSMenuItemRespectAlignment",
        "NSMenuItem", "NSPreferredEdge", "NSAltersState", "NSUsesItemFromMenu", "NSLayoutManager",
        "NSTextLayoutManager", "NSTextContainer", "NSPreferredTextFinderStyle", "NSCursorType",
        "NSDefaultParagraphStyle", "NSTextFinder", "NSTCFlags", "NSTextContainers", "NSTextStorage", "NSMoreFlags",
        "NSSharedData", "NSSelectedAttributes", "NSMarkedAttributes", "NSTVFlags", "NSTextView", "NSLMFlags",
        "NSCursor", "NSLinkAttributes", "NSInsertionColor", "NSTextCheckingTypes", "NSHotSpot", "NSFlags", "NSTag",
        "NSReuseIdentifierKey", "NSConstant", "NSConstantV2", "NSObject", "NSKeyPaths", "NSValues",
        "NSWritingToolsFlags", "NSTextHighlightAttributes", "showSeguePresentationStyle", "NSViewConstraints",
        "NSFontUsesAppearanceFontSize", "NSExternalObjectsTableForViewLoading",
        "IBWindowTemplateContentViewController", "IBWindowTemplate", "NSNibName",
        "uniqueIdentifierForStoryboardCompilation", "NSMaxValue", "NSOutineViewStronglyReferencesItems",
        "NSOutlineViewIndentationPerLevelKey", "NSIsSeparator", "NSSubmenu", "NSIsDisabled", "NSArrowPosition",
        "NSStackViewEdgeInsets.bottom", "NSStackViewOrientation", "NSStackViewVerticalHugging",
        "NSStackViewHasFlatViewHierarchy", "NSStackViewDetachesHiddenViews", "NSStackViewVerticalClippingResistance",
        "NSStackViewSpacing", "NSStackViewAlignment", "NSStackViewdistribution", "NSStackViewEdgeInsets.top",
        "NSStackViewEdgeInsets.right", "NSStackViewHorizontalHugging", "NSStackViewHorizontalClippingResistance",
        "NSStackViewEdgeInsets.left", "NSStackViewSecondaryAlignment", "NSImageName", "NSAlternateImage",
        "NS.attributes", "NSFormatter", "NSTransparent", "NSTitlePosition", "NSBorderType", "NSOffsets", "NSBoxType",
        "NSTitleCell", "NSWindowContentMinSize", "NSTextViewTextColor", "NSNibFileImages", "NSNibFileSounds",
        "NSNibFileUseParentBundle", "NSNibFileData", "NSTableViewArchivedReusableViewsKey", "NSNibFileIsKeyed",
        "NSSymbolicConstant", "NSStackViewBeginningContainer", "NSStackViewContainerViewToCustomAfterSpaceMap",
        "NSStackViewContainerNonDroppedViews", "NSStackViewContainerVisibilityPriorities",
        "NSStackViewContainerStackView", "NSAttributes", "NS.boolval", "NSMinValue", "NSMinSize", "NSState",
        "NSNormalImage", "NSAutosaveName", "NSToolbarItemTitle", "NSToolbarIBAllowedItems",
        "NSToolbarItemAutovalidates", "NSToolbarItemNavigational", "NSToolbarItemImage", "NSToolbarItemBordered",
        "NSToolbarDelegate", "NSToolbarItemIdentifier", "NSToolbarItemAction", "NSToolbarDisplayMode",
        "NSToolbarItemPaletteLabel", "NSToolbarItemTarget", "NSToolbarItemView", "NSToolbarAutosavesConfiguration",
        "NSToolbarItemToolTip", "NSToolbarItemMinSize", "NSToolbarIsUserRemovable",
        "NSToolbarItemVisibilityPriority", "NSToolbarItemLabel", "NSToolbarAllowsUserCustomization",
        "NSToolbarIdentifier", "NSToolbarIBIdentifiedItems", "NSToolbarIBSelectableItems"
    ]

    /// Built once, on first use.
    static let table = KnownKeyTable(all)
}

/// A read-only open-addressing table from UTF-8 bytes (keys, class names) to a shared `String`, probed with
/// ``ByteHash`` hashes. A class, so a reader holds it with one retain.
/// `@unchecked Sendable`: every property, the bytes behind `bytes` included, is written only in `init`.
final class KnownKeyTable: @unchecked Sendable {
    let strings: [String]
    /// Every key's UTF-8 bytes, back to back; key `i` spans `offsets[i] ..< offsets[i + 1]`.
    let bytes: UnsafeMutableBufferPointer<UInt8>
    let offsets: [Int]
    let hashes: [UInt64]
    /// Slot → key index, or -1. At most a quarter full, so probe runs stay short.
    let slots: [Int32]
    let mask: Int

    init(_ keys: [String]) {
        strings = keys
        var all: [UInt8] = []
        var offsets = [0]
        var hashes: [UInt64] = []
        for k in keys {
            let utf8 = Array(k.utf8)
            hashes.append(utf8.withUnsafeBufferPointer { ByteHash.hash($0) })
            all += utf8
            offsets.append(all.count)
        }
        bytes = UnsafeMutableBufferPointer.allocate(capacity: all.count)
        _ = bytes.initialize(from: all)
        var capacity = 16
        while capacity < keys.count * 4 { capacity <<= 1 }
        var slots = [Int32](repeating: -1, count: capacity)
        for i in keys.indices {
            var s = Int(truncatingIfNeeded: hashes[i]) & (capacity - 1)
            while slots[s] >= 0 { s = (s + 1) & (capacity - 1) }
            slots[s] = Int32(i)
        }
        self.offsets = offsets
        self.hashes = hashes
        self.slots = slots
        self.mask = capacity - 1
    }

    deinit { bytes.deallocate() }

    /// The shared string whose UTF-8 is exactly `key` (whose hash is `hash`), if it is a known key.
    func string(for key: UnsafeBufferPointer<UInt8>, hash: UInt64) -> String? {
        var s = Int(truncatingIfNeeded: hash) & mask
        while true {
            let i = Int(slots[s])
            if i < 0 { return nil }
            let start = offsets[i]
            if hashes[i] == hash, offsets[i + 1] - start == key.count, equal(start, key) { return strings[i] }
            s = (s + 1) & mask
        }
    }

    /// Whether the `key.count` stored bytes from `start` equal `key`, compared eight bytes at a time.
    private func equal(_ start: Int, _ key: UnsafeBufferPointer<UInt8>) -> Bool {
        guard let stored = bytes.baseAddress, let probe = key.baseAddress else { return key.isEmpty }
        let a = UnsafeRawPointer(stored + start), b = UnsafeRawPointer(probe)
        let n = key.count
        guard n >= 8 else {
            for j in 0 ..< n where a.load(fromByteOffset: j, as: UInt8.self) != probe[j] { return false }
            return true
        }
        var j = 0
        while j + 8 <= n {
            if a.loadUnaligned(fromByteOffset: j, as: UInt64.self) != b.loadUnaligned(fromByteOffset: j, as: UInt64.self) { return false }
            j += 8
        }
        return j == n || a.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self) == b.loadUnaligned(fromByteOffset: n - 8, as: UInt64.self)
    }
}
