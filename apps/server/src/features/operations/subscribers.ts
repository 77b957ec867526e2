import type { AnySubscriber } from '../../platform/events/dispatcher.js';

/** The operations area's event subscribers (none yet: see docs/decisions/0036). */
export const operationsSubscribers: readonly AnySubscriber[] = [];
