// The Objective-C that observer-block-races-dealloc.yaml models: a feed screen observes updates with a block on
// a background operation queue, uses self unretained in it, and removes the observer in dealloc.
#import <UIKit/UIKit.h>

@interface FeedViewController : UIViewController
@property (nonatomic, strong) id token;
@property (nonatomic) NSInteger reloads;
@end

@implementation FeedViewController

- (void)viewDidLoad {
    [super viewDidLoad];
    __unsafe_unretained FeedViewController *unsafeSelf = self;
    self.token = [[NSNotificationCenter defaultCenter] addObserverForName:@"FeedDidUpdate" object:nil
        queue:[[NSOperationQueue alloc] init] usingBlock:^(NSNotification *note) {
            [unsafeSelf decodePayload];
            unsafeSelf.reloads += 1;
        }];
}

- (void)decodePayload {
    [NSThread sleepForTimeInterval:0.01];
}

- (void)dealloc {
    [[NSNotificationCenter defaultCenter] removeObserver:self.token];
}

@end

@interface HomeViewController : UIViewController
@end

@implementation HomeViewController

- (void)openFeed {
    FeedViewController *feed = [[FeedViewController alloc] init];
    [self.navigationController pushViewController:feed animated:YES];
}

@end
