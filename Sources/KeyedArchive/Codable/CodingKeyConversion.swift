/// The `snake_case` ↔ `camelCase` key conversions of the key strategies, following `JSONDecoder` and
/// `JSONEncoder`: leading and trailing underscores are kept, a key without underscores is left as it is.
enum CodingKeyConversion {
    /// `first_name` → `firstName`; `_leading` and `trailing_` keep their underscores.
    static func camelCase(fromSnakeCase key: String) -> String {
        let chars = Array(key)
        guard let first = chars.firstIndex(where: { $0 != "_" }), let last = chars.lastIndex(where: { $0 != "_" }) else { return key }
        let words = chars[first ... last].split(separator: "_", omittingEmptySubsequences: true)
        guard words.count > 1 else { return key }
        var out = String(chars[..<first])
        out += String(words[0]).lowercased()
        for w in words.dropFirst() {
            out += String(w.prefix(1)).uppercased() + String(w.dropFirst()).lowercased()
        }
        out += String(chars[(last + 1)...])
        return out
    }

    /// `firstName` → `first_name`; `URLForKey` → `url_for_key`; leading and trailing underscores kept.
    static func snakeCase(fromCamelCase key: String) -> String {
        let chars = Array(key)
        guard let first = chars.firstIndex(where: { $0 != "_" }), let last = chars.lastIndex(where: { $0 != "_" }) else { return key }
        var words: [String] = []
        var word = ""
        let body = Array(chars[first ... last])
        for (i, c) in body.enumerated() {
            let upper = c.isUppercase
            if upper, !word.isEmpty {
                let previousLower = body[i - 1].isLowercase || body[i - 1].isNumber
                let nextLower = i + 1 < body.count && body[i + 1].isLowercase
                let previousUpper = body[i - 1].isUppercase
                if previousLower || (previousUpper && nextLower) {
                    words.append(word)
                    word = ""
                }
            }
            word.append(c)
        }
        if !word.isEmpty { words.append(word) }
        return String(chars[..<first]) + words.map { $0.lowercased() }.joined(separator: "_") + String(chars[(last + 1)...])
    }
}
