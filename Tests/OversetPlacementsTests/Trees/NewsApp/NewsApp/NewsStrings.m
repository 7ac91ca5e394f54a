#import <Foundation/Foundation.h>

// The app's language manager: a method that localizes its parameter, found from its body.
@interface NewsLanguage : NSObject
+ (NSString *)translated:(NSString *)english;
@end

@implementation NewsLanguage

+ (NSString *)translated:(NSString *)english {
    NSBundle *bundle = [NSBundle mainBundle];
    return [bundle localizedStringForKey:english value:@"" table:nil];
}

@end

// Accessor functions, one per string, called from Objective-C and Swift.
NSString *RETRY_STRING(void) { return [NewsLanguage translated:@"strings.retry"]; }
NSString *LATER_STRING(void) { return [NewsLanguage translated:@"strings.later"]; }
