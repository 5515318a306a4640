import Foundation
import Testing
import CorpusSupport
import KeyedArchive
import Nib
@testable import NibCompiler

/// Golden pairs that exercise one rule each, compiled with ibtool's colour profiles: each must equal
/// ibtool's nib key for key. A rule that regresses names its pair here.
@Suite struct NibCompilerRuleTests {
    static let rules: [(pair: String, rule: String)] = [
        ("textfield_truncates", "text cells set 0x40 only when the title does not wrap"),
        ("bevel_rounded_flags", "a cell's focus ring type in NSCellFlags2"),
        ("button_shadowless", "the button type follows the behaviour (momentary change, toggle)"),
        ("help_button_hugging", "help buttons hug at {750, 750} by default"),
        ("test_named_image", "an image cell without a scaling does not scale"),
        ("metafonts_extra", "meta-font types, NSfFlags and the title bar's text style"),
        ("test33_popup_pulldown", "pull-downs hide their title item; the default arrow"),
        ("popup_default_hugging", "no arrow is not written; pop-up cells have no tag"),
        ("binding_options_order", "binding options as an NSDictionary"),
        ("test26_strings", "string properties as <string key> children, tabs kept"),
        ("test28_key_equiv_return", "base64 string properties without padding"),
        ("tooltip_both", "tool tips become help connectors, base64 ones do not"),
        ("test_udra", "AppKit user-defined runtime attributes"),
        ("test_accessibility", "accessibility descriptions as NSNibAXAttributeConnectors"),
        ("customview_direct", "custom views are class swappers under direct instantiation"),
        ("test14_custom_classes", "custom-class views under direct instantiation"),
        ("imageview_customclass", "clipsToBounds on any view"),
        ("securetextfield", "secure fields: no writing tools, allowed input locales"),
        ("test19_layouts", "custom-class stack views, equal spacing"),
        ("window_toolbarstyle", "window toolbar style"),
        ("window_fullsize", "full-size content views take the window minimum"),
        ("test_content_border", "content border thickness"),
        ("test29_window_minmax_size", "Xcode 8 documents give content min/max sizes"),
        ("popup_empty", "a window without a screen rectangle is centred at the origin"),
        ("textfield_textcolor", "Xcode 8 editable fields: textColor becomes controlTextColor"),
        ("numfmt", "number formatters: custom patterns, currency symbols"),
        ("numfmt_basic", "number formatters: default patterns, bounds"),
        ("numfmt_decimal", "number formatters: decimal style; titles parsed into numbers"),
        ("numfmt_dedup", "custom views archive their subviews last to first"),
        ("textfield_formatter", "date formatters: styles, relative formatting"),
        ("datacell_unparseable", "date formatter patterns of the ibtool locale"),
        ("toolbar_button_item", "toolbars: the window's NSViewClass, items with views, content min size"),
        ("toolbar_default_refs", "toolbars: standard space items and their separator menu items"),
        ("tabview_notabsnoborder", "tab views: type, font, background"),
        ("progressindicator_doublevalue", "progress indicators: spinning, value range, layer-backed"),
        ("blocklist_big", "progress indicators: bar style hugging"),
        ("test_splitview_props", "split views: thin dividers, autosave name, clipping panes"),
        ("test35_splitview_responder", "split views re-laid out along their axis; borderless windows' content views"),
        ("searchfield_no_completion", "search fields: cells, search and cancel buttons, completion"),
        ("toolbar_searchfield_view", "a toolbar item with a search field view is not bordered"),
        ("datepicker", "date pickers: the date, elements, colours, calendar overlay"),
        ("test_writing_direction", "level indicators: values and style"),
        ("test_path_control", "path controls: URL components as AppKit names them"),
        ("test12_text_view_border", "text views: groove borders, containers tracking the tiled width"),
        ("test13_clip_flags", "Xcode 8 text and clip view backgrounds become catalog colours"),
        ("test_sv2", "table columns that leave room (NSTvFlags 0x200000)"),
        ("sv16b", "the last column fitted to the table, columns that fill (0x400000)"),
        ("test_table_mult_sel_no", "overlay scrollers: nearly-filling uniform columns shrink by 29"),
        ("test_table_uniform_header", "tables wider than their clip view, enabled horizontal scroller"),
        ("test_sort_desc", "sort descriptor prototypes"),
        ("imagecell_datacell_font", "image data cells: control size and font"),
        ("dateformatter_weekday", "date formatters parse titles into dates (a weekday alone)"),
        ("test_date_formatter", "date formatters parse titles into dates (styles)"),
        ("button_imagehugstitle", "imageHugsTitle on the button cell"),
        ("test10_next_key", "subviews follow their resized document view (autoresizing)"),
        ("test_box_titled", "subviews follow a box content view sized below its title"),
        ("scrollview_table", "a headerless table with fixed columns hides its corner view"),
        ("sv_nohs_wide_col", "a table fills its clip view vertically"),
        ("StatusBar", "custom view subviews last to first; constraints told apart by their items"),
        ("with_view", "a borderless window's content view without a mask"),
        ("nkv_simple", "a tab view archives its shown view's key-view loop in reading order"),
        ("nkv_overlap", "key-view rows: vertically overlapping views read left to right"),
        ("textview_attributedstring", "a text view's fragments: default font and colour, no view text colour"),
        ("textview_multiattr", "attribute runs: shared dictionaries and NSAttributeInfo"),
        ("test6_whitecolor", "a window's content clip view keeps its origin, mask and colour"),
        ("test7_clipview", "a text view without a background archives nil"),
        ("layout_guide", "safe-area guides: stand-ins on the view, the NSLayoutGuide constraints name"),
        ("outline_cellview", "view-based tables: prototype cell views as nested nibs; appearance fonts; regular-sized scrollers"),
        ("reusable_views_order", "reusable views by sorted identifier; each column's cell after the previous one's"),
        ("test_matrix_flags", "matrices: cells row by row, the prototype, NSMatrixFlags from mode and selection"),
        ("predicateEditor", "predicate editors: slice holder, rule editor keys, compound row templates with their pop-ups"),
        ("pred_compound_chain", "a row template's pop-ups: chosen items, represented objects, laid out in a row"),
        ("test34_pdfview", "PDFKit's PDFView keys; a view with no flags archives no NSvFlags"),
        ("test16_buttons", "images embedded as keyed archives; natural check boxes; inline buttons' text style; disclosure hugging"),
    ]

    @Test(arguments: rules.map(\.pair))
    func pairMatchesIbtool(_ name: String) throws {
        guard Corpus.require() else { return }
        let result = try XIBCorpus.measure(name)
        let rule = Self.rules.first { $0.pair == name }?.rule ?? ""
        #expect(result.comparison?.isFullyEqual == true, "\(name) (\(rule)): \(result.comparison?.samples ?? [])")
        #expect(result.loadsAlike, "\(name): \(result.loadDifferences)")
    }

    @Test(arguments: ["sb_toolbar", "sb_swift_wc"])
    func storyboardMatchesIbtool(_ name: String) throws {
        guard Corpus.require() else { return }
        // Toolbars in storyboard windows, custom window controllers over IBNSWindowController, the
        // view nib's upstream placeholder listed last.
        let pairs = try XIBCorpus.goldenPairs().filter { $0.name.hasSuffix("/\(name).storyboard") }
        let result = try #require(pairs.first).measure()
        #expect(result.comparison?.isFullyEqual == true, "\(name): \(result.comparison?.samples ?? [])")
        #expect(result.loadsAlike, "\(name): \(result.loadDifferences)")
    }

    @Test(arguments: [
        ("BLOnboardingViewController", "tap gesture recognizers; named fonts with a descriptor; labels without a colour follow traits; events by selector"),
        ("ExportLogsViewController", "picker views; outlets and events ordered by label"),
    ])
    func uikitPairMatchesIbtool(_ name: String, _ rule: String) throws {
        guard Corpus.require() else { return }
        let pairs = try XIBCorpus.goldenPairs().filter { $0.name.hasSuffix("brooklyn/Resources/\(name).xib") }
        let result = try #require(pairs.first).measure()
        #expect(result.comparison?.isFullyEqual == true, "\(name) (\(rule)): \(result.comparison?.samples ?? [])")
        #expect(result.loadsAlike, "\(name): \(result.loadDifferences)")
    }

    @Test func uikitTextFieldsDefaultToLeftAndWriteBothVerticalAlignments() throws {
        guard Corpus.require() else { return }
        // brooklyn's SendMessageController: a top-aligned field without a textAlignment.
        let pairs = try XIBCorpus.goldenPairs().filter { $0.name.hasSuffix("SendMessageController.xib") }
        let pair = try #require(pairs.first)
        let c = try #require(pair.measure().comparison)
        let field = try #require(c.byClass["UITextField"])
        #expect(field.equal == field.pairs, "\(c.samples)")
    }

    @Test func uikitTextViewsAndBlurEffectsMatchIbtoolButForTheLaidOutContentSize() throws {
        guard Corpus.require() else { return }
        // brooklyn's LogViewController: a text view in a blurred visual effect view. Only the text
        // view's UIContentSize, which needs text layout, is left out.
        let pairs = try XIBCorpus.goldenPairs().filter { $0.name.hasSuffix("LogViewController.xib") }
        let pair = try #require(pairs.first)
        let c = try #require(pair.measure().comparison)
        #expect(c.samples.count == 1 && c.samples.allSatisfy { $0.contains("UITextView.UIContentSize") }, "\(c.samples)")
        #expect(c.byClass["UIBlurEffect"].map { $0.equal == $0.pairs } == true)
    }

    @Test(arguments: ["test_table_header", "test_date_formatter", "test_sv2", "test_table_1col_autohide", "test13_clip_flags"])
    func scrollViewsAreTiledAsAppKitTilesThem(_ name: String) throws {
        guard Corpus.require() else { return }
        // Overlay and legacy scrollers, header clip views, clip bounds, corner views: every key of
        // these classes equals ibtool's.
        let c = try #require(try XIBCorpus.measure(name).comparison)
        for cls in ["NSClipView", "NSScrollView", "NSScroller", "_NSCornerView", "NSTableHeaderView"] {
            guard let counts = c.byClass[cls] else { continue }
            #expect(counts.equal == counts.pairs, "\(name): \(cls) \(counts.equal) of \(counts.pairs): \(c.samples)")
        }
        #expect(c.byClass["NSClipView"] != nil)
    }

    @Test func tableCellPrototypesBecomeNibsOfTheirOwn() throws {
        guard Corpus.require() else { return }
        // test17_scrollhiding: two view-based tables, each with a prototype per column and no
        // identifiers of their own, so the columns' automatic identifiers name them.
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/test17_scrollhiding.xib")
        let (graph, _) = try NibCompiler().compileGraph(try XIBDocument(contentsOf: url))
        let nibs = graph.objects.indices.filter { graph.className(ofObject: $0) == "NSNib" }
        #expect(nibs.count == 4)
        var frames: [String: String] = [:]
        for n in nibs {
            let inner = try #require(try graph.nestedArchive(ofObject: n))
            let doc = try NibDocument(graph: inner)
            // The owner (NSObject), the application stand-in, and the cell view as the only top-level object.
            #expect(doc.placeholders.map(\.identifier).sorted() == ["IBFilesOwner", "NSApplication"], "\(doc.placeholders)")
            #expect(doc.topLevelObjects.map(\.effectiveClassName) == ["NSTableCellView"])
            let cell = try #require(inner.objects.indices.first { inner.className(ofObject: $0) == "NSTableCellView" })
            let idValue = try #require(inner.value(ofObject: cell, forKey: "NSReuseIdentifierKey"))
            let frameValue = try #require(inner.value(ofObject: cell, forKey: "NSFrame"))
            let id = try #require(try inner.string(of: idValue))
            frames[id] = try inner.string(of: frameValue)
            // The prototype's outlet to its text field lives in its own nib, resolvable there.
            #expect(doc.connections.map(\.label) == ["textField"])
        }
        // Row inset 10 plus half the spacing of 17; the next column after the first cell and the spacing.
        #expect(frames["AutomaticTableColumnIdentifier.0"] == "{{18, 0}, {114, 24}}")
        #expect(frames["AutomaticTableColumnIdentifier.1"] == "{{149, 0}, {90, 24}}")
    }

    @Test func localizedStoryboardsTitleWithLocalizableStrings() throws {
        guard Corpus.require() else { return }
        let url = Corpus.root.appendingPathComponent("xib/viraptor-ibtool/samples/correct/Base.lproj/sb_localized.storyboard")
        let doc = try XIBDocument(contentsOf: url)
        #expect(doc.isLocalized)
        let compiled = try NibCompiler().compile(doc)
        let menu = try #require(compiled.nibs.first { $0.name == "MainMenu" }?.graph)
        let keys = menu.objects.indices.filter { menu.className(ofObject: $0) == "NSLocalizableString" }.compactMap { i in
            menu.value(ofObject: i, forKey: "NSKey").flatMap { try? menu.string(of: $0) }
        }
        #expect(keys.contains("mi2-00-001.title"), "\(keys)")
        var plain = doc
        plain.isLocalized = false
        let unlocalized = try NibCompiler().compile(plain).nibs.first { $0.name == "MainMenu" }?.graph
        #expect(unlocalized.map { g in g.objects.indices.allSatisfy { g.className(ofObject: $0) != "NSLocalizableString" } } == true)
    }

    @Test func numberPatternsFollowTheDigitCounts() {
        #expect(NumberFormatterEncoder.pattern(minInt: 0, maxInt: 42, minFrac: 0, maxFrac: 0, grouping: 0) == String(repeating: "#", count: 42))
        #expect(NumberFormatterEncoder.pattern(minInt: 1, maxInt: 42, minFrac: 0, maxFrac: 0, grouping: 0) == String(repeating: "#", count: 41) + "0")
        #expect(NumberFormatterEncoder.pattern(minInt: 1, maxInt: 2_000_000_000, minFrac: 0, maxFrac: 3, grouping: 3) == "#,##0.###")
        #expect(NumberFormatterEncoder.pattern(minInt: 1, maxInt: 2_000_000_000, minFrac: 2, maxFrac: 2, grouping: 3) == "#,##0.00")
    }
}

/// The date pattern parser behind formatted cell titles.
@Suite struct DatePatternParserTests {
    @Test func parsesStyleAndCustomPatterns() {
        // 1976-01-04 23:00 UTC, and the first Wednesday of 2000.
        #expect(DatePatternParser.parse("4/1/1976, 11:00 pm", pattern: "d/M/y, h:mm\u{202F}a") == -788_662_800)
        #expect(DatePatternParser.parse("Wednesday", pattern: "EEEE") == -31_276_800)
        #expect(DatePatternParser.parse("1 January 2001 at 12:00 am", pattern: "d MMMM y 'at' h:mm a") == 0)
    }

    @Test func refusesWhatDoesNotMatch() {
        #expect(DatePatternParser.parse("Text Cell", pattern: "d/M/y, h:mm a") == nil)
        #expect(DatePatternParser.parse("", pattern: "d/M/y") == nil)
        #expect(DatePatternParser.parse("31/13/2000", pattern: "d/M/y") == nil)
        #expect(DatePatternParser.parse("4/1/1976 trailing", pattern: "d/M/y") == nil)
    }
}
