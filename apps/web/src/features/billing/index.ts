/** The billing area's public API for the shell and other areas. */
export * from './subscription/ExpiredGuard';
export * from './subscription/SubscriptionBanners';
export * from './subscription/api';
export * from './subscription/rules';
