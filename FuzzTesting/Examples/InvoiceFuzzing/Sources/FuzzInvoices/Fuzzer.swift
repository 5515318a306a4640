// The fuzzer's configuration. Not in main.swift: libFuzzer supplies main(), so top-level code in
// main.swift never runs, while a global here is initialised on first use.
import Invoices
import KeyedArchiveFuzzSupport

let fuzzer = ClassFuzzer(classes: [Invoice.self, LineItem.self], seeds: { [Invoice.sample(), Invoice()] })
