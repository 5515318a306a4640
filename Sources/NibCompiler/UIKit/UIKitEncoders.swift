/// Every UIKit class encoder, in the order coverage of the golden pairs asked for them.
enum UIKitEncoders {
    static let all: [any ObjectEncoder.Type] = [
        PlaceholderEncoder.self,
        UIViewEncoder.self,
        UIButtonEncoder.self,
        UITextFieldEncoder.self,
        UIPickerViewEncoder.self,
        UIGestureRecognizerEncoder.self,
        UITextViewEncoder.self,
        ConstraintEncoder.self,
        UIImageViewEncoder.self,
        UITableViewEncoder.self,
        UISwitchEncoder.self,
        UISliderEncoder.self,
        UIActivityIndicatorEncoder.self,
        UIScrollViewEncoder.self,
        UIStackViewEncoder.self,
        UISegmentedControlEncoder.self,
        UIBarItemEncoder.self,
        UIBarEncoder.self,
        UILayoutGuideEncoder.self,
        UIViewLayoutGuideEncoder.self,
        UICollectionViewEncoder.self,
    ]
}
