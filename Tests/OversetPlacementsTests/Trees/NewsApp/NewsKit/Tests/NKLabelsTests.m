#import <Foundation/Foundation.h>

// Not a source file of the pod (its podspec's pattern is commented out): never read.
NSString *NK_TEST_STRING(void) { return NSLocalizedString(@"kit.test", nil); }
