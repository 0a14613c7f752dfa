/** Injection tokens of the shared connections; every app injects these, never a connection of its own. */
export const DATA_SOURCE = Symbol('DATA_SOURCE');
export const REDIS = Symbol('REDIS');
export const REVOCATION_LIST = Symbol('REVOCATION_LIST');
