import KeyedArchive

/// `<textInputTraits>` of text fields and text views → their `UITextInputTraits` keys, written
/// only when they differ from the default (0).
enum UITextInputTraits {
    static let enums: [(attribute: String, key: String, values: [String: Int64])] = [
        ("autocapitalizationType", "UIAutocapitalizationType", ["none": 0, "words": 1, "sentences": 2, "allCharacters": 3]),
        ("autocorrectionType", "UIAutocorrectionType", ["default": 0, "no": 1, "yes": 2]),
        ("spellCheckingType", "UISpellCheckingType", ["default": 0, "no": 1, "yes": 2]),
        ("keyboardAppearance", "UIKeyboardAppearance", ["default": 0, "alert": 1, "dark": 1, "light": 2]),
        ("keyboardType", "UIKeyboardType", [
            "default": 0, "alphabet": 1, "ASCIICapable": 1, "numbersAndPunctuation": 2, "URL": 3, "numberPad": 4, "phonePad": 5,
            "namePhonePad": 6, "emailAddress": 7, "decimalPad": 8, "twitter": 9, "webSearch": 10, "ASCIICapableNumberPad": 11,
        ]),
        ("returnKeyType", "UIReturnKeyType", [
            "default": 0, "go": 1, "google": 2, "join": 3, "next": 4, "route": 5, "search": 6, "send": 7, "yahoo": 8, "done": 9,
            "emergencyCall": 10, "continue": 11,
        ]),
    ]
    static let smart: [(attribute: String, key: String)] = [
        ("smartInsertDeleteType", "UITextSmartInsertDeleteType"), ("smartQuotesType", "UITextSmartQuotesType"),
        ("smartDashesType", "UITextSmartDashesType"),
    ]

    /// Writes the traits of object `o` into graph object `g`, in the order ibtool archives them. A text
    /// field writes any autocapitalization it names; a text view leaves out its default, `sentences`
    /// (brooklyn's LogViewController pair).
    static func encode(_ o: Int, _ g: Int, autocapitalizationDefault: Int64? = nil, _ ctx: inout EncodingContext) {
        guard let e = ctx.property(o, "textInputTraits") else { return }
        let el = ctx.tree.elements[e]
        for (attribute, key, values) in enums {
            if let v = el[attribute].flatMap({ values[$0] }), attribute == "autocapitalizationType" ? v != autocapitalizationDefault : v != 0 {
                ctx.graph.set(g, key, .int(v))
            }
        }
        if el["enablesReturnKeyAutomatically"] == "YES" { ctx.graph.set(g, "UIEnablesReturnKeyAutomatically", .bool(true)) }
        if el["secureTextEntry"] == "YES" { ctx.graph.set(g, "UISecureTextEntry", .bool(true)) }
        if let content = el["textContentType"] { ctx.graph.set(g, "UITextContentType", ctx.graph.string(content)) }
        let yesNo: [String: Int64] = ["default": 0, "no": 1, "yes": 2]
        for (attribute, key) in smart {
            if let v = el[attribute].flatMap({ yesNo[$0] }), v != 0 { ctx.graph.set(g, key, .int(v)) }
        }
    }
}
