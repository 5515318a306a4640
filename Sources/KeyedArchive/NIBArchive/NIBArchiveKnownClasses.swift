/// Class names of 16 bytes or more that Apple-compiled nibs name again and again (shorter names fit in a
/// `String` without an allocation). Drawn from the class tables of the NIBArchives in the shared corpus
/// (392 files; every name seen in at least two of them, most frequent first), plus the UIKit connection
/// and descriptor classes. The reader shares these `String`s instead of allocating one per file.
enum NIBArchiveKnownClasses {
    static let all: [String] = [
        "IBClassReference", "NSWindowTemplate", "NSNibOutletConnector", "NSPanGestureRecognizer", "NSCustomResource",
        "NSFontDescriptor", "NSTableHeaderCell", "NSMutableDictionary", "NSTableHeaderView", "NSNibControlConnector",
        "NSLayoutConstraint", "NSNibExternalObjectPlaceholder", "NSTextViewSharedData",
        "NSIBUserDefinedRuntimeAttributesConnector", "NSPopUpButtonCell", "NSButtonImageSource", "NSWindowController",
        "NSStackViewContainer", "NSNumberFormatter", "NSDecimalNumberHandler", "NSAttributedString",
        "NSNibBindingConnector", "NSIBHelpConnector", "UIRuntimeOutletConnection", "UIFontDescriptor",
        "_NSRuleEditorViewUnboundRowHolder", "_NSRuleEditorViewSliceHolder", "NSToolbarSpaceItem",
        "NSToolbarFlexibleSpaceItem", "NSSegmentedControl", "NSSearchFieldCell", "NSProgressIndicator",
        "NSPredicateEditorRowTemplate", "NSPredicateEditor", "NSLocalizableString", "NSBitmapImageRep",
        "IBNSViewAutolayoutGuide", "UIRuntimeEventConnection", "NSUserDefaultsController", "NSVisualEffectView",
        "NSSortDescriptor", "NSSecureTextFieldCell", "NSSecureTextField", "NSPathComponentCell",
        "NSNibAXAttributeConnector", "NSLevelIndicatorCell", "NSLevelIndicator", "NSDecimalNumberPlaceholder",
        "NSDatePickerCell", "IBImageConfiguration", "UIRuntimeOutletCollectionConnection", "UITapGestureRecognizer",
        "UIVisualEffectView", "NSViewController", "NSMutableAttributedString", "NSMutableParagraphStyle",
    ]

    /// Built once, on first use.
    static let table = KnownKeyTable(all)
}
