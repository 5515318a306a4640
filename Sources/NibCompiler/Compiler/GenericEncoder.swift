import KeyedArchive

/// The encoder for elements no class encoder handles yet: the object gets its class (from
/// ``ElementClasses``, or the element name) and no properties, and the compile says so once per element.
/// Objects nested in it are still compiled where something refers to them, so connections and the
/// object table stay whole.
enum GenericEncoder: ObjectEncoder {
    static let elements: [String] = []

    static func encode(_ o: Int, into index: Int, _ ctx: inout EncodingContext) throws(ArchiveError) {
        setGenericClass(o, index, &ctx)
        ctx.warn("<\(ctx.doc.objects[o].name)> has no class encoder yet: compiled as \(ElementClasses.className(ctx.doc.objects[o].name, runtime: ctx.doc.runtime)) without its properties",
                 element: ctx.doc.objects[o].element)
    }

    /// The element's class, or a class swapper to its custom class.
    static func setGenericClass(_ o: Int, _ index: Int, _ ctx: inout EncodingContext) {
        let object = ctx.doc.objects[o]
        var cls = ElementClasses.className(object.name, runtime: ctx.doc.runtime)
        if object.name == "toolbarItem", let standard = ctx.attr(o, "implicitItemIdentifier").flatMap({ ElementClasses.standardToolbarItems[$0] }) {
            cls = standard
        }
        // Even without its properties, the object keeps its custom class, so the nib loads the right one.
        ctx.setClass(of: o, index, cls)
    }
}

/// The class Interface Builder archives each XIB element as.
enum ElementClasses {
    static let appKit: [String: String] = [
        "customObject": "NSCustomObject", "customView": "NSCustomView", "view": "NSView", "window": "NSWindowTemplate",
        "panel": "NSWindowTemplate", "menu": "NSMenu", "menuItem": "NSMenuItem", "button": "NSButton", "buttonCell": "NSButtonCell",
        "textField": "NSTextField", "textFieldCell": "NSTextFieldCell", "scrollView": "NSScrollView", "clipView": "NSClipView",
        "scroller": "NSScroller", "tableView": "NSTableView", "tableColumn": "NSTableColumn", "tableHeaderView": "NSTableHeaderView",
        "tableCellView": "NSTableCellView", "outlineView": "NSOutlineView", "imageView": "NSImageView", "imageCell": "NSImageCell",
        "colorWell": "NSColorWell", "stackView": "NSStackView", "textView": "NSTextView", "segmentedControl": "NSSegmentedControl",
        "segmentedCell": "NSSegmentedCell", "popUpButton": "NSPopUpButton", "popUpButtonCell": "NSPopUpButtonCell", "box": "NSBox",
        "numberFormatter": "NSNumberFormatter", "dateFormatter": "NSDateFormatter", "toolbar": "NSToolbar", "toolbarItem": "NSToolbarItem",
        "tabView": "NSTabView", "tabViewItem": "NSTabViewItem", "stepper": "NSStepper", "stepperCell": "NSStepperCell",
        "slider": "NSSlider", "sliderCell": "NSSliderCell", "splitView": "NSSplitView", "searchField": "NSSearchField",
        "searchFieldCell": "NSSearchFieldCell", "progressIndicator": "NSProgressIndicator", "matrix": "NSMatrix",
        "predicateEditor": "NSPredicateEditor", "predicateEditorRowTemplate": "NSPredicateEditorRowTemplate",
        "constraint": "NSLayoutConstraint", "viewLayoutGuide": "NSLayoutGuide", "userDefaultsController": "NSUserDefaultsController",
        "arrayController": "NSArrayController", "objectController": "NSObjectController", "viewController": "NSViewController",
        "windowController": "NSWindowController", "datePicker": "NSDatePicker", "datePickerCell": "NSDatePickerCell",
        "levelIndicator": "NSLevelIndicator", "levelIndicatorCell": "NSLevelIndicatorCell", "pathControl": "NSPathControl",
        "pathCell": "NSPathCell", "comboBox": "NSComboBox", "comboBoxCell": "NSComboBoxCell", "secureTextField": "NSSecureTextField",
        "secureTextFieldCell": "NSSecureTextFieldCell", "collectionView": "NSCollectionView", "visualEffectView": "NSVisualEffectView",
        "gridView": "NSGridView", "browser": "NSBrowser", "splitViewController": "NSSplitViewController",
        "tabViewController": "NSTabViewController", "pageController": "NSPageController", "pagecontroller": "NSPageController", "treeController": "NSTreeController",
        "dictionaryController": "NSDictionaryController", "touchBar": "NSTouchBar", "switch": "NSSwitch", "tokenField": "NSTokenField",
        "tokenFieldCell": "NSTokenFieldCell", "drawer": "NSDrawer", "ruleEditor": "NSRuleEditor", "openGLView": "NSOpenGLView",
        "customCell": "NSCell", "actionCell": "NSActionCell", "formCell": "NSFormCell", "pdfView": "PDFView",
        "wkWebView": "WKWebView", "webView": "WebView", "avPlayerView": "AVPlayerView", "mtkView": "MTKView", "scnView": "SCNView",
        "skView": "SKView", "mapView": "MKMapView", "quartzComposerView": "QCView", "imageKitView": "IKImageView",
    ]

    static let uiKit: [String: String] = [
        "view": "UIView", "label": "UILabel", "button": "UIButton", "imageView": "UIImageView", "textField": "UITextField",
        "textView": "UITextView", "tableView": "UITableView", "tableViewCell": "UITableViewCell", "tableViewCellContentView": "UITableViewCellContentView",
        "stackView": "UIStackView", "scrollView": "UIScrollView", "navigationBar": "UINavigationBar", "navigationItem": "UINavigationItem",
        "tabBar": "UITabBar", "tabBarItem": "UITabBarItem", "viewController": "UIViewController", "navigationController": "UINavigationController",
        "tabBarController": "UITabBarController", "tableViewController": "UITableViewController", "collectionView": "UICollectionView",
        "collectionViewCell": "UICollectionViewCell", "collectionViewFlowLayout": "UICollectionViewFlowLayout", "constraint": "NSLayoutConstraint",
        "barButtonItem": "UIBarButtonItem", "toolbar": "UIToolbar", "switch": "UISwitch", "slider": "UISlider", "segmentedControl": "UISegmentedControl",
        "activityIndicatorView": "UIActivityIndicatorView", "progressView": "UIProgressView", "pickerView": "UIPickerView",
        "datePicker": "UIDatePicker", "pageControl": "UIPageControl", "stepper": "UIStepper", "searchBar": "UISearchBar",
        "visualEffectView": "UIVisualEffectView", "tapGestureRecognizer": "UITapGestureRecognizer", "window": "UIWindow",
        "webView": "UIWebView", "mapView": "MKMapView", "wkWebView": "WKWebView", "viewControllerLayoutGuide": "_UILayoutGuide",
        "viewLayoutGuide": "UILayoutGuide", "customObject": "UICustomObject", "placeholder": "UIProxyObject",
        "splitViewController": "UISplitViewController", "pageViewController": "UIPageViewController",
        "containerView": "UIView", "navigationBarAppearance": "UINavigationBarAppearance",
    ]

    /// Toolbar items with a standard identifier archived as their own classes. The colours item (and
    /// the fonts, print and customise items deprecated with it in macOS 11) is a plain `NSToolbarItem`
    /// in recent ibtools' output (`sb_toolbar_colors_tv`).
    static let standardToolbarItems: [String: String] = [
        "NSToolbarFlexibleSpaceItem": "NSToolbarFlexibleSpaceItem", "NSToolbarSpaceItem": "NSToolbarSpaceItem",
        "NSToolbarSeparatorItem": "NSToolbarSeparatorItem", "NSToolbarToggleSidebarItem": "NSToolbarToggleSidebarItem",
    ]

    /// The archived class for `element`, or `NS`/`UI` + the capitalised element name.
    static func className(_ element: String, runtime: XIBRuntime) -> String {
        if let c = (runtime == .cocoa ? appKit : uiKit)[element] { return c }
        return (runtime == .cocoa ? "NS" : "UI") + element.prefix(1).uppercased() + element.dropFirst()
    }
}
