export * from './api-client';
export * from './api-error';
export * from './list-params';
export * from './paginate';
export * from './query-string';
export * from './write-bodies';
export * from './sync';
