import Foundation

// The Foundation peer of `keyed-archive validate` in Scripts/validate-bench: reads one property list
// and parses it with PropertyListSerialization, nothing else.
let data = try Data(contentsOf: URL(fileURLWithPath: CommandLine.arguments[1]))
_ = try PropertyListSerialization.propertyList(from: data, options: [], format: nil)
