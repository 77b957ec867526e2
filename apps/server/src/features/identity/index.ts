/** The identity area's public API for other areas. */
