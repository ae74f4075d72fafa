// The Objective-C that lock-order-inversion.yaml models: two transfers between the same two accounts run on two
// threads; each locks the account it debits, then the one it credits, so the threads take the locks in opposite
// orders and each ends up waiting for the lock the other holds.
#import <Foundation/Foundation.h>

@interface Account : NSObject
@property (nonatomic, strong) NSLock *lock;
@property (nonatomic) NSInteger balance;
@end

@implementation Account
- (instancetype)init {
    if ((self = [super init])) {
        _lock = [NSLock new];
        _balance = 100;
    }
    return self;
}
@end

@interface Bank : NSObject
@property (nonatomic, strong) Account *a;
@property (nonatomic, strong) Account *b;
@end

@implementation Bank
- (void)transferAToB {
    [self.a.lock lock];
    usleep(10 * 1000);
    [self.b.lock lock];
    self.b.balance += 1;
    [self.b.lock unlock];
    [self.a.lock unlock];
}

- (void)transferBToA {
    [self.b.lock lock];
    usleep(10 * 1000);
    [self.a.lock lock];
    self.a.balance += 1;
    [self.a.lock unlock];
    [self.b.lock unlock];
}
@end

int main(int argc, char *argv[]) {
    Bank *bank = [Bank new];
    bank.a = [Account new];
    bank.b = [Account new];
    NSThread *payroll = [[NSThread alloc] initWithBlock:^{
        [bank transferAToB];
        NSLog(@"payroll done");
    }];
    payroll.name = @"payroll";
    [payroll start];
    NSThread *refunds = [[NSThread alloc] initWithBlock:^{
        [bank transferBToA];
        NSLog(@"refunds done");
    }];
    refunds.name = @"refunds";
    [refunds start];
    return UIApplicationMain(argc, argv, nil, nil);
}
