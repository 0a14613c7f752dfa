export * from './meetings';
export * from './queries';
export * from './transcript';
