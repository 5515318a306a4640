import Foundation
import Nib

/// Reads the `--outlets` JSON file into the library's declarations:
/// `{"ClassName": {"outlets": ["name", …], "actions": ["selector:", …]}, …}`.
extension NibOutletDeclarations {
    init(json bytes: [UInt8], path: String) throws(CLIError) {
        let parsed: Any
        do { parsed = try JSONSerialization.jsonObject(with: Data(bytes)) } catch {
            throw CLIError(path: path, what: "not valid JSON (\(error.localizedDescription))")
        }
        guard let dict = parsed as? [String: Any] else {
            throw CLIError(path: path, what: "expected an object mapping class names to {\"outlets\": [...], \"actions\": [...]}")
        }
        var classes: [String: Declared] = [:]
        for (name, entry) in dict {
            guard let fields = entry as? [String: Any] else {
                throw CLIError(path: path, what: "\(name): expected an object with \"outlets\" and \"actions\" arrays")
            }
            func names(_ key: String) throws(CLIError) -> Set<String> {
                guard let raw = fields[key] else { return [] }
                guard let list = raw as? [String] else { throw CLIError(path: path, what: "\(name).\(key): expected an array of strings") }
                return Set(list)
            }
            classes[name] = Declared(outlets: try names("outlets"), actions: try names("actions"))
        }
        self.init(classes: classes)
    }
}
