#import <Foundation/Foundation.h>

// The app's development pod: an accessor function the app calls, in no Xcode project of the repository.
NSString *NK_DONE_STRING(void) { return NSLocalizedString(@"kit.done", nil); }
