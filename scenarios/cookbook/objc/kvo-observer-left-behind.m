// The Objective-C that kvo-observer-left-behind.yaml models: a player screen observes its own player's status with
// addObserver:forKeyPath: and never removes itself. Popping the screen frees the player with an observer still
// registered: a crash before iOS 11, nothing from iOS 11.
#import <UIKit/UIKit.h>

@interface Player : NSObject
@property (nonatomic) NSInteger status;
@end

@implementation Player
- (void)itemDidBecomeReady {
    self.status = 1;
}
@end

@interface PlayerViewController : UIViewController
@property (nonatomic, strong) Player *player;
@property (nonatomic) NSInteger readyCount;
@end

@implementation PlayerViewController
- (void)viewDidLoad {
    [super viewDidLoad];
    self.player = [Player new];
    [self.player addObserver:self forKeyPath:@"status" options:NSKeyValueObservingOptionNew context:NULL];
}

- (void)observeValueForKeyPath:(NSString *)keyPath ofObject:(id)object change:(NSDictionary *)change
                       context:(void *)context {
    self.readyCount += 1;
}

- (void)dealloc {
    NSLog(@"the screen goes");
}
@end

// The library pushes the player screen; the user pops it a second later.
@implementation LibraryViewController
- (void)openPlayer {
    [self.navigationController pushViewController:[PlayerViewController new] animated:YES];
}
@end
