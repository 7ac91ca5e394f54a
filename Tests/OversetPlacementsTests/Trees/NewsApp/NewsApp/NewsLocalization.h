// The app's own macro: a wrapper of NSLocalizedStringFromTable, found from its body.
#define NWSLocalizedString(key, comment) NSLocalizedStringFromTable(key, @"Localizable", comment)
