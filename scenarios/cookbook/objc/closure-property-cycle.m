// The Objective-C that closure-property-cycle.yaml models: a ticker keeps its tick handler in a copy property,
// and the handler uses self strongly.
#import <Foundation/Foundation.h>

@interface Ticker : NSObject
@property (nonatomic, copy) void (^onTick)(void);
@property (nonatomic) NSInteger count;
@end

@implementation Ticker

- (void)start {
    self.onTick = ^{
        self.count += 1;
        NSLog(@"tick");
    };
}

- (void)tick {
    if (self.onTick) {
        self.onTick();
    }
}

@end

@interface Screen : NSObject
@property (nonatomic, strong) Ticker *ticker;
@end

@implementation Screen

- (void)open {
    self.ticker = [[Ticker alloc] init];
    [self.ticker start];
    [self.ticker tick];
}

- (void)close {
    self.ticker = nil;
}

@end
