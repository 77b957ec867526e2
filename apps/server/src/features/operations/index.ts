/** The operations area's public API for other areas: nothing is used from outside yet. */
export {};
