// The Objective-C that operation-waits-for-own-queue.yaml models: the download operation adds the parse to its
// own serial queue and waits for it.
#import <Foundation/Foundation.h>

@interface Importer : NSObject
@property (nonatomic, strong) NSOperationQueue *imports;
@end

@implementation Importer

- (instancetype)init {
    if ((self = [super init])) {
        _imports = [[NSOperationQueue alloc] init];
        _imports.maxConcurrentOperationCount = 1;
    }
    return self;
}

- (void)importFeed {
    [self.imports addOperationWithBlock:^{
        NSData *data = [self download];
        NSLog(@"downloaded");
        NSBlockOperation *parse = [NSBlockOperation blockOperationWithBlock:^{
            [self parse:data];
            NSLog(@"parsed");
        }];
        // The bug: the queue runs one operation at a time, and this one waits for the next.
        [self.imports addOperations:@[parse] waitUntilFinished:YES];
        NSLog(@"import finished");
    }];
}

- (NSData *)download {
    return [NSData data];
}

- (void)parse:(NSData *)data {
}

@end
