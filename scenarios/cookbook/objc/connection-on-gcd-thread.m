// The Objective-C that connection-on-gcd-thread.yaml models: the photo screen builds its request off the main
// thread and starts its NSURLConnection there, on a GCD pool thread.
#import <UIKit/UIKit.h>

@interface PhotoViewController : UIViewController <NSURLConnectionDataDelegate>
@property (nonatomic, strong) NSURLConnection *connection;
@property (nonatomic) NSInteger chunks;
@end

@implementation PhotoViewController

- (void)load {
    dispatch_async(dispatch_get_global_queue(DISPATCH_QUEUE_PRIORITY_DEFAULT, 0), ^{
        NSURLRequest *request = [self buildRequest];
        // The bug: scheduled in this pool thread's run loop, which nobody runs.
        self.connection = [[NSURLConnection alloc] initWithRequest:request delegate:self];
    });
}

- (NSURLRequest *)buildRequest {
    return [NSURLRequest requestWithURL:[NSURL URLWithString:@"https://example.com/photo.jpg"]];
}

- (void)connection:(NSURLConnection *)connection didReceiveData:(NSData *)data {
    self.chunks += 1;
}

- (void)connectionDidFinishLoading:(NSURLConnection *)connection {
    NSLog(@"photo loaded");
}

@end
