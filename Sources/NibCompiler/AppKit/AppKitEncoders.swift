/// Every AppKit class encoder, in the order coverage of the golden pairs asked for them.
enum AppKitEncoders {
    static let all: [any ObjectEncoder.Type] = [
        CustomObjectEncoder.self,
        MenuEncoder.self,
        MenuItemEncoder.self,
        WindowEncoder.self,
        ViewEncoder.self,
        TextFieldEncoder.self,
        ButtonEncoder.self,
        ScrollViewEncoder.self,
        TableViewEncoder.self,
        ImageViewEncoder.self,
        ColorWellEncoder.self,
        PopUpButtonEncoder.self,
        ControllerEncoder.self,
        StackViewEncoder.self,
        SegmentedControlEncoder.self,
        BoxEncoder.self,
        TextViewEncoder.self,
        StepperEncoder.self,
        SliderEncoder.self,
        ConstraintEncoder.self,
        NumberFormatterEncoder.self,
        DateFormatterEncoder.self,
        ToolbarEncoder.self,
    ]
}
