// The app's own macro: a wrapper of NSLocalizedStringFromTable, found from its body.
#define NWSLocalizedString(key, comment) NSLocalizedStringFromTable(key, @"Localizable", comment)

NS_ASSUME_NONNULL_BEGIN

// A wrapper whose key is computed from its parameter (the value's first word), called through a macro that adds
// leading arguments: found from the body too.
static inline NSString * _NWSText(BOOL upperCase, NSString * _Nullable value, ...)
{
    NSArray *words = [value componentsSeparatedByString:@" "];
    NSString *key;
    for (NSString *word in words)
    {
        if (word.length > 0) { key = word; break; }
    }
    NSString *text = [[NSBundle mainBundle] localizedStringForKey:key value:@"" table:nil];
    return upperCase ? text.uppercaseString : text;
}

#define NWSText(value, ...) _NWSText(false, value, ##__VA_ARGS__)

NS_ASSUME_NONNULL_END
